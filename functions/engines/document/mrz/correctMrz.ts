import type { MrzFormat } from '../constants.ts';
import { CHAR_CLASS } from './alphabet.ts';
import { verifiesCheckDigit } from './computeCheckDigit.ts';
import { LOOK_ALIKES } from './lookAlikes.ts';
import { checkedText, checksOf, groupText, positionClasses, type CheckedGroup, type CheckedGroupId } from './layouts.ts';

/** A character the recogniser also considered at one position, with its probability (0-1). */
export interface Alternative {
  readonly char: string;
  readonly p: number;
}

/**
 * The recogniser's probability of `char` over that of `read` at a position, from its alternatives (decodeFixedLength's
 * `alternatives`, among the characters the position allows); 0 when `read` is missing, and when `char` is.
 */
export function alternativeRatio(alts: readonly Alternative[] | undefined, char: string, read: string): number {
  const p = alts?.find((a) => a.char === read)?.p ?? 0;
  return p > 0 ? (alts?.find((a) => a.char === char)?.p ?? 0) / p : 0;
}

/** Per line, per position: the alternatives to the character read, most probable first. May be empty. */
export type PositionAlternatives = ReadonlyArray<ReadonlyArray<readonly Alternative[]>>;

/** One correction proven by a check digit: the checked group's text before and after. */
export interface MrzCorrection {
  /** The check digit that proves the correction. */
  readonly field: CheckedGroupId;
  /** The group's characters (checked text + check digit) as read. */
  readonly from: string;
  /** The same characters after the correction. */
  readonly to: string;
}

/** Options of {@link correctMrz}. */
export interface CorrectMrzOptions {
  /**
   * Alternatives of the recogniser considered per position (most probable first), besides the look-alikes.
   * @default 3
   */
  readonly maxAlternatives?: number;
  /**
   * When several substitutions make the check digit verify, the most probable one is applied only if the
   * recogniser found it at least this many times more probable than the next; otherwise none is.
   * @default 20
   */
  readonly minEvidenceRatio?: number;
  /**
   * Smallest probability the recogniser must have given an alternative for it to be tried: a clearly printed
   * character is not second-guessed, so a misprinted check digit is not "corrected" into agreement.
   * @default 0.2
   */
  readonly minSupport?: number;
  /**
   * Smallest probability (0-1) with which a check digit proving a correction must have been read, and with which
   * every other character of the corrected group must have been read: a proof is only as good as the digit read.
   * 0.5 means the recogniser gave the digit read more than every other digit together. Without it, the US Permanent Resident Card specimen of the
   * shared set, whose document-number and composite check digits both fail as printed, was "corrected" when turned
   * by 35° (`npm run eval:document -- --rotate 35`, 2026-11-24): its `5` became the look-alike `S` (support 0.0016),
   * which made the document number verify and the composite verify too, as that reading's composite digit was a `7`
   * read with 0.25 where `0` is printed (the look-alike rule of that time, removed in the thirty-seventh session, see
   * {@link correctMrz}). In a debugging run (a print in that rule, not kept) over the synthetic seeds 7, 70707 and
   * 2411 (the last also with `--rotate 15`, `--perspective 0.3`, `--glare 0.6`), the right look-alike corrections had
   * both digits at 0.68 or more, except in readings of three hard passport pages, whose composite was read with
   * 0.36-0.45 (docs/document-verification-log.md, "Ninth session"). Not applied to text input (no probabilities).
   * @default 0.5
   */
  readonly minProofDigitConfidence?: number;
  /**
   * Per line, per position, the character the glyph's measured shape favours among the character read and its
   * look-alikes (e.g. `'O'` for a `0` drawn letter-sized, `'0'` for one drawn digit-sized;
   * reading/zeroShapes.ts), `''` where unmeasured. Where check digits still fail after the other rules, the
   * hypothesis that each glyph of the failing fields is the character its shape favours is tried (see
   * {@link correctMrz}); the check digits must prove it. Shapes also veto substitutions against them, and turn
   * pairs of look-alikes that cancel in a verifying field's check digit (see {@link correctMrz}).
   */
  readonly glyphShapes?: ReadonlyArray<ReadonlyArray<string>>;
}

const defaults = { maxAlternatives: 3, minEvidenceRatio: 20, minSupport: 0.2, minProofDigitConfidence: 0.5 } as const;

/** The single candidate, or the one the recogniser's evidence favours decisively; null when undecided. */
function decisive(passing: readonly Candidate[], ratio: number): Candidate | null {
  if (passing.length === 0) return null;
  const sorted = [...passing].sort((a, b) => b.p - a.p);
  const [first, second] = sorted as [Candidate, Candidate | undefined];
  if (!second) return first;
  return first.p >= ratio * second.p ? first : null;
}


interface Candidate {
  readonly line: number;
  readonly index: number;
  readonly to: string;
  /** The recogniser's probability of `to` at that position (a floor for look-alikes it did not consider). */
  readonly p: number;
}

/**
 * The look-alikes whose glyph shapes reading/zeroShapes.ts measures: the letter `O` and the digit `0` (OCR-B draws the
 * `O` at about 0.93 of the `0`'s height).
 */
const SHAPE_LOOK_ALIKES = '0O';

/** Probability given to a look-alike the recogniser did not consider. */
const LOOK_ALIKE_FLOOR = 1e-4;

/**
 * Corrects single OCR errors of MRZ lines, and only where check digits prove the correction (ICAO Doc 9303 Part 3
 * §4.9): for each check digit that fails, every single-character substitution within its checked characters and
 * the digit itself is tried, using the recogniser's alternatives and the OCR-B look-alikes allowed at that
 * position. The substitution is applied only when exactly one candidate makes the check digit verify; when several
 * do, the composite check digit must single one out, or the recogniser's evidence must favour one by
 * `minEvidenceRatio` to 1 (two look-alikes it never considered are a tie), or nothing is changed. The composite check digit is then
 * corrected the same way over the characters no other check digit protects. Check digits themselves are never
 * changed, and with recogniser alternatives only those it gave at least `minSupport` probability are tried.
 *
 * Every rule, the composite's correction above included, also needs the rest of the field read surely (for the
 * composite: the characters only it checks): no substitution, look-alike or shape hypothesis is taken in a group
 * where another character was read with less than `minProofDigitConfidence` (a second misread
 * character makes a substitution verify by coincidence one time in ten, and the composite is no second proof for
 * the document number and the TD3 personal number, whose weights it shares). A substitution is not taken either when
 * the recogniser's alternative for the check digit itself explains the failure about as well (within
 * `minEvidenceRatio`), unless the composite tells the two apart. Both guards were added after the shared real
 * specimens blurred with sigma 2 px returned wrong fields whose check digits verified (`npm run eval:document --
 * --blur 2`, 2026-11-26, docs/document-verification-log.md "Blurred, smaller and compressed photos").
 *
 * No look-alike the recogniser all but excluded (below `minSupport`) is taken on the check digits alone. A rule did
 * so until the thirty-seventh session (2026-11-28): a field still failing, every other verifying and the composite
 * failing too, took the single OCR-B look-alike the recogniser gave at least 0.001 that made both verify. But the
 * look-alikes are letters and digits, so they only ever stood in document numbers and TD3 personal numbers, whose
 * characters have the same weights in the composite as under their own check digit: the composite verified exactly
 * when the field did, and the "two proofs" were one, which a wrong character verifies by chance one time in ten.
 * Documents printed with one character changed after their check digits were computed (an independent generator's
 * negatives, docs/document-verification-log.md "Failing check digits printed in the data") were so made to verify and
 * returned: 1 of 22 in its mixed set (an `0` turned `O` at 0.006, its glyph measured as a zero), 2 of the first 63
 * of 150 such documents (`8` to `B` at 0.0010, `5` to `S` at 0.0065). An `O` read as `0` with the recogniser that
 * sure is taken only where its glyph measures letter-sized (below).
 *
 * Where check digits still fail and `glyphShapes` measured glyphs drawn as a look-alike of the character read (a `0`
 * drawn letter-sized, an `O`; an `O` drawn digit-sized, a `0`: reading/zeroShapes.ts), one hypothesis is then
 * tried: every such glyph of the failing groups, outside the fields whose check digits verify, is that look-alike.
 * It is taken only if every check digit then verifies, each failing one having been read with at least
 * `minProofDigitConfidence`. It is one hypothesis that the shapes chose, not a search over subsets, so the check
 * digits prove it as they prove a single substitution; it covers what single substitutions cannot: two `O`s in one
 * field, or one in each of two fields. The composite is corrected last (above).
 *
 * Measured shapes also bound the other rules, for the look-alikes they measure (`O` and `0`):
 * - no substitution turns a glyph whose measured shape confirms the character read into its look-alike (a `0`
 *   measured digit-sized into `O`). Where two `O`s at positions of equal weight would verify alike, the recogniser
 *   may support only the wrong one (probe seed 9 `probe-0154`: `2009O7K` read `200907K` was "corrected" to
 *   `2O0907K`, its genuine `0` at position 1 being the only look-alike the recogniser gave 0.2);
 * - in a field whose check digit verifies, glyphs whose measured shape favours the look-alike of the character read
 *   are all turned at once when there are at least two and the field's check digit (and the composite, if it
 *   verified) still verifies. `O` is 24: two turned at weights 7 and 3 move the sum by 240, and check digits
 *   cannot see the pair (`OO5161552` read `005161552`, synthetic seed 31; `503E390OR` read `5O3E39OOR`, probe
 *   seed 9). One glyph turned alone always moves the sum (24 × 7, 3 or 1 is never 0 modulo 10), so a single
 *   misjudged shape never changes a verifying field; it takes two misjudged glyphs whose turns cancel. The
 *   composite check digit does the same for the positions no field check digit covers (TD1 and TD2 optional data:
 *   `77R93OO0` read `77R93000`, probe seed 11 `probe-0177`, 2026-11-25).
 *
 * These two rules were added after examining failures of probe seed 9 and synthetic seed 31 (2026-11-25,
 * docs/document-verification-log.md, "Fourteenth session").
 *
 * Among the composite's own characters (TD1/TD2 optional data), no substitution is taken where another of them, read
 * as the substitution's, was read with the same doubt (the recogniser gave the substitution's character there at
 * least `minSupport` too): the composite then tells the two glyphs apart by their weights only (thirty-ninth session,
 * docs/document-verification-log.md "Corrections one check digit alone proves"). Readers that have the zone's glyphs
 * ask them about the corrections one check digit alone proves (reading/confirmCorrections.ts).
 *
 * A group that still fails stays as read, so its field is refused by the caller: no field is ever accepted on a
 * failing check digit.
 *
 * @param format - the MRZ format
 * @param lines - the lines as read (each of the format's length)
 * @param alternatives - the recogniser's alternatives per position (`[]` when there are none, e.g. text input)
 * @returns the corrected lines and the corrections made
 * @example correctMrz('TD3', ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408I22F1204159ZE184226B<<<<<10'], [])
 *   // birth date 7408I2 is not digits (look-alike 1 verifies): lines[1] becomes …7408122…, corrected = [{ field: 'birthDate', … }]
 */
export function correctMrz(
  format: MrzFormat,
  lines: readonly string[],
  alternatives: PositionAlternatives,
  opts: CorrectMrzOptions = {},
): { lines: string[]; corrected: MrzCorrection[] } {
  const { maxAlternatives, minEvidenceRatio, minSupport, minProofDigitConfidence } = { ...defaults, ...opts };
  const glyphShapes = opts.glyphShapes ?? [];
  const classes = positionClasses(format);
  const work = [...lines];
  const corrected: MrzCorrection[] = [];

  const candidatesAt = (line: number, index: number): Array<{ to: string; p: number }> => {
    const current = (work[line] ?? '')[index] ?? '';
    const allowed = (classes[line]?.[index] ?? CHAR_CLASS.Any) as string;
    const found = new Map<string, number>();
    const considered = alternatives[line]?.[index] ?? [];
    if (considered.length > 0) {
      // The recogniser's own hesitation: only alternatives it found plausible.
      for (const a of considered.slice(0, maxAlternatives + 1)) if (a.p >= minSupport) found.set(a.char, a.p);
    } else {
      // Text input: OCR-B look-alikes, all equally likely (so only a unique verifying one is applied).
      for (const c of LOOK_ALIKES[current] ?? '') found.set(c, LOOK_ALIKE_FLOOR);
    }
    found.delete(current);
    return [...found].filter(([c]) => allowed.includes(c)).map(([to, p]) => ({ to, p }));
  };
  // The character the glyph's measured shape favours at a position ('' when unmeasured, or when the character there
  // is no longer the one measured).
  const shapeAt = (line: number, index: number): string =>
    (work[line] ?? '')[index] === (lines[line] ?? '')[index] ? (glyphShapes[line]?.[index] ?? '') : '';
  // Probability the recogniser gave the character read at a position (1 for text input, which has none).
  const readConfidence = (at: { line: number; index: number }): number => {
    const considered = alternatives[at.line]?.[at.index] ?? [];
    if (considered.length === 0) return 1;
    const current = (work[at.line] ?? '')[at.index] ?? '';
    return considered.find((a) => a.char === current)?.p ?? 0;
  };
  // A candidate that turns a glyph into its look-alike although the glyph's measured shape confirms the character
  // read (a `0` drawn digit-sized turned into `O`, an `O` drawn letter-sized into `0`). Such candidates are dropped
  // only in a group that the shapes explain (see `shapesExplain`).
  const contradictsShape = (c: Candidate): boolean => {
    const current = (work[c.line] ?? '')[c.index] ?? '';
    return shapeAt(c.line, c.index) === current && SHAPE_LOOK_ALIKES.includes(current) && SHAPE_LOOK_ALIKES.includes(c.to);
  };
  const verifies = (g: CheckedGroup, ls: readonly string[]) => verifiesCheckDigit(checkedText(g, ls), (ls[g.digit.line] ?? '')[g.digit.index] ?? '');
  const substitute = (ls: readonly string[], c: Candidate): string[] => {
    const out = [...ls];
    const s = out[c.line] ?? '';
    out[c.line] = s.slice(0, c.index) + c.to + s.slice(c.index + 1);
    return out;
  };
  // Check digits themselves are never changed: a wrong printed check digit must stay a failure.
  const positionsOf = (g: CheckedGroup): Array<{ line: number; index: number }> => {
    const out: Array<{ line: number; index: number }> = [];
    for (const x of g.ranges) for (let i = x.start; i < x.end; i++) out.push({ line: x.line, index: i });
    return out;
  };

  // The glyphs of a group whose measured shape favours a look-alike of the character read that the position allows,
  // as substitutions.
  const shapeTurns = (g: CheckedGroup): Candidate[] => {
    const turns: Candidate[] = [];
    for (const pos of positionsOf(g)) {
      const current = (work[pos.line] ?? '')[pos.index] ?? '';
      const to = shapeAt(pos.line, pos.index);
      if (!to || to === current || !(LOOK_ALIKES[current] ?? '').includes(to)) continue;
      if (!((classes[pos.line]?.[pos.index] ?? '') as string).includes(to)) continue;
      turns.push({ ...pos, to, p: LOOK_ALIKE_FLOOR });
    }
    return turns;
  };
  // Whether turning those glyphs makes a failing group verify: the shapes then offer their own explanation of the
  // failure, and candidates against them are not taken.
  const shapesExplain = (g: CheckedGroup): boolean => {
    const turns = shapeTurns(g);
    return turns.length > 0 && verifies(g, turns.reduce<string[]>((ls, c) => substitute(ls, c), work));
  };

  const groups = checksOf(format, work);
  const composite = groups.find((g) => g.id === 'composite');
  // Whether every character of a group but the ones `changes` substitutes was read with at least
  // minProofDigitConfidence. A check digit proves a substitution only if nothing else in its field was misread: with a
  // further misread character, a substitution verifies by coincidence one time in ten. The composite is no second
  // proof for the document number, nor for the TD3 personal number: their characters have the same weights in the
  // composite as in their own check digit, so the composite verifies exactly when their own check digit does (Czech
  // passport specimen blurred with sigma 2 px, 2026-11-26: `99003853` read `9900385T`, its T at 0.33 (a debugging print); turning its two
  // zeros measured letter-sized, `99OO385T` verified, 24 x 1 + 24 x 7 + 26 x 3 = 270, and the composite with it).
  // Positions in `skip` (keys `line:index`) are not looked at.
  const restReadSurely = (group: CheckedGroup, changes: readonly Candidate[], skip: ReadonlySet<string> = new Set()): boolean =>
    positionsOf(group).every(
      (p) => skip.has(`${p.line}:${p.index}`) || changes.some((c) => c.line === p.line && c.index === p.index) || readConfidence(p) >= minProofDigitConfidence,
    );
  // Whether the check digit read wrong explains a failing group about as well as the substitution chosen for it: the
  // recogniser gave the digit that the group as read computes at least 1/minEvidenceRatio of the probability it gave
  // the substitution's character, and the composite does not tell the two apart (it verifies with the substitution
  // and not with that digit). The substitution is then not proven, since check digits are read as uncertainly as
  // the characters they check (the Enhanced Driver Licence specimen blurred with sigma 2 px, 2026-11-26: birth date
  // 850524 read with check digit 8 (0.93; 6 at 0.07) was "corrected" to 850124, its month 5 read with 1 at 0.47;
  // probabilities read off the engine while debugging).
  // Text input (no alternatives) has no such evidence.
  const misreadDigitExplains = (group: CheckedGroup, chosen: Candidate): boolean => {
    const at = { line: group.digit.line, index: group.digit.index };
    const due = (alternatives[at.line]?.[at.index] ?? []).find((a) => a.char !== (work[at.line] ?? '')[at.index] && verifies(group, substitute(work, { ...at, to: a.char, p: a.p })));
    if (!due || due.p * minEvidenceRatio < chosen.p) return false;
    const misread = substitute(work, { ...at, to: due.char, p: due.p });
    return !(composite && verifies(composite, substitute(work, chosen)) && !verifies(composite, misread));
  };
  // Whether, among the composite's own characters (TD1/TD2 optional data, which no other digit checks), another
  // character read as the chosen substitution's was read with the same doubt: the recogniser gave the substitution's
  // character there too at least minSupport, and it stays as read. The composite then tells the two glyphs apart by
  // their weights only, which it does as readily for a document printed with a changed character: the independent
  // generator's negatives, seed 12 `0064_fail` (TD1 optional data `RA200007` read `RA20OO07`, its two `O`s each at
  // 0.57 and 0.51 with `0` at 0.43 and 0.48; the second turned `0` made the changed composite digit verify and
  // `RA20O007` was returned; debugging prints, thirty-ninth session, 2026-11-28). Not applied to the fields: the
  // German passport specimen as a 250-px thumbnail reads its number `CA000000` as `CA0O0O0O`, all three `O`s doubted
  // alike, and the one correction the check digit proves, then the pair its glyph shapes turn, read it right.
  // Positions in `skip` (keys `line:index`) are not looked at.
  const doubtedAlike = (group: CheckedGroup, chosen: Candidate, skip: ReadonlySet<string> = new Set()): boolean => {
    const read = (work[chosen.line] ?? '')[chosen.index];
    return positionsOf(group).some(
      (p) =>
        !(p.line === chosen.line && p.index === chosen.index) &&
        !skip.has(`${p.line}:${p.index}`) &&
        (work[p.line] ?? '')[p.index] === read &&
        (alternatives[p.line]?.[p.index] ?? []).some((a) => a.char === chosen.to && a.p >= minSupport),
    );
  };
  for (const group of groups) {
    if (group.id === 'composite' || verifies(group, work)) continue;
    let passing: Candidate[] = [];
    const explained = shapesExplain(group);
    for (const pos of positionsOf(group)) {
      for (const alt of candidatesAt(pos.line, pos.index)) {
        const c = { ...pos, ...alt };
        if (!(explained && contradictsShape(c)) && verifies(group, substitute(work, c))) passing.push(c);
      }
    }
    if (passing.length > 1 && composite) passing = passing.filter((c) => verifies(composite, substitute(work, c)));
    const chosen = decisive(passing, minEvidenceRatio);
    if (!chosen || misreadDigitExplains(group, chosen) || !restReadSurely(group, [chosen])) continue;
    const next = substitute(work, chosen);
    corrected.push({ field: group.id, from: groupText(group, work), to: groupText(group, next) });
    work.splice(0, work.length, ...next);
  }

  // Glyphs drawn as a look-alike of the character read (glyphShapes): one hypothesis over the fields that still fail,
  // not a search, so that the check digits prove it as they prove a single substitution.
  if (!groups.every((g) => verifies(g, work))) {
    const failing = groups.filter((g) => !verifies(g, work));
    const guarded = new Set<string>();
    for (const g of groups) if (g.id !== 'composite' && verifies(g, work)) for (const p of positionsOf(g)) guarded.add(`${p.line}:${p.index}`);
    const changes: Candidate[] = [];
    for (const g of failing) {
      for (const turn of shapeTurns(g)) {
        const key = `${turn.line}:${turn.index}`;
        if (guarded.has(key)) continue;
        guarded.add(key);
        changes.push(turn);
      }
    }
    const proofsRead = failing.every((g) => readConfidence(g.digit) >= minProofDigitConfidence);
    if (changes.length > 0 && proofsRead && failing.every((g) => g === composite || restReadSurely(g, changes))) {
      const next = changes.reduce<string[]>((ls, c) => substitute(ls, c), work);
      if (groups.every((g) => verifies(g, next))) {
        for (const g of failing) corrected.push({ field: g.id, from: groupText(g, work), to: groupText(g, next) });
        work.splice(0, work.length, ...next);
      }
    }
  }

  // Look-alike pairs check digits cannot see (`OO` read `00` at weights 7 and 3): in a field that verifies, the glyphs whose measured
  // shape favours the look-alike of the character read, all turned at once, if the field's check digit (and the
  // composite, if it verified) still verifies.
  // The composite does so for the positions no other check digit covers (TD1 and TD2 optional data), after the
  // fields, as the layouts list it last (TD1 optional data `77R93OO0` read `77R93000`, probe seed 11 `probe-0177`).
  const coveredByFields = new Set<string>();
  for (const g of groups) if (g.id !== 'composite') for (const p of positionsOf(g)) coveredByFields.add(`${p.line}:${p.index}`);
  for (const group of groups) {
    if (!verifies(group, work) || readConfidence(group.digit) < minProofDigitConfidence) continue;
    const changes = shapeTurns(group).filter((c) => group !== composite || !coveredByFields.has(`${c.line}:${c.index}`));
    if (changes.length < 2) continue;
    const next = changes.reduce<string[]>((ls, c) => substitute(ls, c), work);
    if (!verifies(group, next) || (composite && verifies(composite, work) && !verifies(composite, next))) continue;
    corrected.push({ field: group.id, from: groupText(group, work), to: groupText(group, next) });
    work.splice(0, work.length, ...next);
  }

  // The composite is corrected only when every other check digit verifies: a failing field makes its input suspect.
  const othersVerify = groups.every((g) => g.id === 'composite' || verifies(g, work));
  if (composite && othersVerify && !verifies(composite, work)) {
    const passing: Candidate[] = [];
    for (const pos of positionsOf(composite)) {
      if (coveredByFields.has(`${pos.line}:${pos.index}`)) continue;
      for (const alt of candidatesAt(pos.line, pos.index)) {
        const c = { ...pos, ...alt };
        if (verifies(composite, substitute(work, c))) passing.push(c);
      }
    }
    const chosen = decisive(passing, minEvidenceRatio);
    // The same guards as for the fields, over the characters only the composite checks (TD1/TD2 optional data).
    if (chosen && restReadSurely(composite, [chosen], coveredByFields) && !misreadDigitExplains(composite, chosen) && !doubtedAlike(composite, chosen, coveredByFields)) {
      const next = substitute(work, chosen);
      corrected.push({ field: 'composite', from: groupText(composite, work), to: groupText(composite, next) });
      work.splice(0, work.length, ...next);
    }
  }
  return { lines: work, corrected };
}
