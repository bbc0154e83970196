import type { MrzFormat } from '../constants.ts';
import { glyphLikeness, type GlyphLine, type GlyphPosition } from '../image/compareGlyphs.ts';
import type { Alternative, MrzCorrection, PositionAlternatives } from '../mrz/correctMrz.ts';
import { verifiesCheckDigit } from '../mrz/computeCheckDigit.ts';
import { verifyChecks } from '../mrz/verifyChecks.ts';
import { CHECKED_GROUP, checksOf, groupsByPosition, positionClasses, singleProofGroups, type CheckedGroup, type CheckedGroupId } from '../mrz/layouts.ts';
import { ctcLogLikelihood } from '../ocr/ctc/ctcLogLikelihood.ts';
import type { LineProbabilities } from '../ocr/ctc/lineProbabilities.ts';

/** The bounds {@link refuteByGlyphs} applies (readMrzZone.ts passes step 9's `GLYPH_MIN_LEAD` and `GLYPH_MIN_LIKENESS`). */
export interface RefuteOptions {
  /** Least lead in correlation (-1..1 each) of the character read over the correction's for the glyphs to refute it. */
  readonly minLead: number;
  /** Least likeness (correlation) the correction's character must reach where the character read has no exemplar. */
  readonly minLikeness: number;
  /**
   * Per line, the recognisers' probabilities for its crop read again (as {@link refuteByRecognisers} takes them).
   * Where the character read has no exemplar, a correction one of them reads itself, giving its character a lead of
   * at least {@link RECOGNISERS_MIN_LEAD} over the character read, is not refuted by {@link RefuteOptions.minLikeness}.
   */
  readonly readings?: ReadonlyArray<readonly LineProbabilities[]>;
  /**
   * Told each position weighed with the glyph's likeness (correlation, -1..1, null without exemplars) to the zone's
   * other glyphs of the character read and of the correction's: the evidence readMrzZone.ts keeps
   * ({@link WeighedChange.glyphs}).
   */
  readonly onLikeness?: (at: GlyphPosition, likeness: GlyphLikenesses) => void;
}

/** A changed glyph's likeness (correlation, -1..1; null where the zone prints the character nowhere else). */
export interface GlyphLikenesses {
  /** To the zone's other glyphs of the character read. */
  readonly read: number | null;
  /** To the zone's other glyphs of the correction's character. */
  readonly corrected: number | null;
}

/** Where a correction changed its group's text: the position and the characters before and after. */
interface Change {
  readonly at: GlyphPosition;
  readonly from: string;
  readonly to: string;
}

/** The positions of a group's text (checked characters, then the check digit), in the order of MrzCorrection's texts. */
function groupPositions(g: CheckedGroup): GlyphPosition[] {
  const out: GlyphPosition[] = [];
  for (const x of g.ranges) for (let i = x.start; i < x.end; i++) out.push({ line: x.line, index: i });
  out.push({ line: g.digit.line, index: g.digit.index });
  return out;
}

/** `lines` with the characters of `undone` (keyed `line:index`) put back as read. */
function undoChanges(lines: readonly string[], undone: ReadonlyMap<string, Change>): string[] {
  return lines.map((line, l) => [...line].map((ch, i) => undone.get(`${l}:${i}`)?.from ?? ch).join(''));
}

/**
 * The refuters' common end: every change `refutedOf` returns for a correction (given with its index) is put back as
 * read, and the corrections that changed any of those positions are dropped.
 *
 * @returns the lines and the corrections kept (copies of the input when nothing is refuted)
 */
function undoRefuted(
  lines: readonly string[],
  corrections: readonly MrzCorrection[],
  groups: readonly CheckedGroup[],
  refutedOf: (c: MrzCorrection, k: number) => readonly Change[],
): { lines: string[]; corrected: MrzCorrection[] } {
  const undone = new Map<string, Change>();
  corrections.forEach((c, k) => {
    for (const x of refutedOf(c, k)) undone.set(`${x.at.line}:${x.at.index}`, x);
  });
  if (undone.size === 0) return { lines: [...lines], corrected: [...corrections] };
  const kept = corrections.filter((c) => !changesOf(c, groups).some((x) => undone.has(`${x.at.line}:${x.at.index}`)));
  return { lines: undoChanges(lines, undone), corrected: kept };
}

/**
 * Whether a check digit proved a correction: its group's text as read failed the digit. The pairs of look-alikes
 * mrz/correctMrz.ts turns by their measured shapes in a field that verifies either way rest on no check digit, and
 * undoing them would restore a text that verifies as well: step 12 leaves them.
 */
function proven(c: MrzCorrection): boolean {
  return !verifiesCheckDigit(c.from.slice(0, -1), c.from.slice(-1));
}

/** The characters a correction changed; empty when its texts no longer fit the group (e.g. a TD1 number regrouped). */
function changesOf(c: MrzCorrection, groups: readonly CheckedGroup[]): Change[] {
  const g = groups.find((x) => x.id === c.field);
  if (!g) return [];
  const positions = groupPositions(g);
  if (positions.length !== c.from.length || c.from.length !== c.to.length) return [];
  const out: Change[] = [];
  positions.forEach((at, k) => {
    if (c.from[k] !== c.to[k]) out.push({ at, from: c.from[k] as string, to: c.to[k] as string });
  });
  return out;
}

/**
 * Step 12 of readMrzZone.ts: the zone's own glyphs asked about every correction that one check digit alone proves
 * (mrz/layouts.ts `singleProofGroups`: the document number, the TD3 personal number, the composite's own characters)
 * and that a check digit did prove (its text as read failed it).
 * Such a correction verifies by chance one time in ten on a document printed with a changed character (the composite
 * weighs those characters as their own digit does), so the glyph corrected must not look like the character read
 * more than like the correction's (image/compareGlyphs.ts `glyphLikeness`, exemplars printed elsewhere in the zone,
 * every changed position left out as exemplar). A correction is refuted when, at a position it changed:
 * - the glyph is at least `minLead` likelier (correlation) the zone's other glyphs of the character read than those of
 *   the correction's character: step 9's lead to decide between two texts, here against the correction;
 * - or the zone prints the character read nowhere else, and the glyph is less than `minLikeness` like the zone's
 *   glyphs of the correction's character (step 9's floor for every character of a text the glyphs choose), unless a
 *   recogniser reading the line again reads the correction's character itself (`opts.readings`,
 *   {@link readByARecogniser}): then two recognisers disagreed and the check digit chose, and a likeness this floor
 *   was set on refutes nothing. Blind photo seed 58 `0009_td1` (a card at 9° with defocus 0.7 px and noise): its
 *   optional data `8BYV707` read `8BYV7G7` on the page turned upright, the composite corrected the `G` to `0`, and
 *   the glyph, 0.84 like the zone's other `0`s, undid it; PaddleOCR read the line `…707…`.
 * Both bounds are step 9's, not tuned here. Where the zone prints the correction's character nowhere else the glyphs
 * have no opinion and the correction stands.
 *
 * In debugging prints of the thirty-ninth session (2026-11-28, not kept) over every correction returned on the
 * developer sets (probe seed 33 as 360-px thumbnails, the blind photo sets, the shared real specimens, synthetic seed
 * 70707), the right single-proof corrections (14) led against the character read by 0.052 at most; on the
 * independent generator's negatives (documents printed with a character changed after their check digits were
 * computed) `70875608<` read with a filler "corrected" to `4` had the filler lead by 0.25, and six corrections from
 * a character the zone prints nowhere else were 0.51-0.885 like the correction's (`F0DUB4I68`'s `I` to `1`,
 * `CXZ698055`'s and `PCUZE8791`'s `Z` to `2`, `SD1048873`'s `D` to `0`, `GO9IADUY7`'s `O` to `0`); the German passport
 * specimen as a 250-px thumbnail, whose `CA000000` is read `CA0O0O0O` and corrected rightly, 0.976. Since the
 * sixty-seventh session `npm run eval:document -- --no-write --corrections` prints these likenesses for every
 * correction weighed ({@link RefuteOptions.onLikeness}, {@link WeighedChange.glyphs}).
 *
 * @param format - the reading's format
 * @param lines - the MRZ lines as corrected
 * @param corrections - the corrections made (mrz/correctMrz.ts, step 11), in order
 * @param glyphs - the zone's lines as recognised, their texts `lines` (compareGlyphs.ts `GlyphLine`)
 * @param opts - the bounds and the recognisers' readings, {@link RefuteOptions}
 * @returns the lines with every refuted correction undone (its characters as read again), and the corrections kept;
 *   a group whose correction is undone fails its check digit again, so its field is refused
 */
export function refuteByGlyphs(
  format: MrzFormat,
  lines: readonly string[],
  corrections: readonly MrzCorrection[],
  glyphs: readonly GlyphLine[],
  opts: RefuteOptions,
): { lines: string[]; corrected: MrzCorrection[] } {
  const groups = checksOf(format, lines);
  const singles = singleProofGroups(groups);
  // The composite's correction is the composite's to prove alone only at its own characters (TD1/TD2 optional data);
  // where it also records a field's change, that field's digit and its own weights prove it.
  const fieldPositions = groupsByPosition(groups.filter((g) => g.id !== CHECKED_GROUP.Composite));
  const checked = corrections.map((c) =>
    !singles.has(c.field) || !proven(c) ? [] : changesOf(c, groups).filter((x) => c.field !== CHECKED_GROUP.Composite || !fieldPositions.has(`${x.at.line}:${x.at.index}`)),
  );
  const exclude = new Set(checked.flat().map((x) => `${x.at.line}:${x.at.index}`));
  const refutes = (x: Change): boolean => {
    const likeRead = glyphLikeness(glyphs, x.at, x.from, exclude);
    const likeCorrected = glyphLikeness(glyphs, x.at, x.to, exclude);
    opts.onLikeness?.(x.at, { read: likeRead, corrected: likeCorrected });
    if (likeCorrected === null) return false;
    if (likeRead !== null) return likeRead - likeCorrected >= opts.minLead;
    return likeCorrected < opts.minLikeness && !readByARecogniser(lines, x, opts.readings?.[x.at.line] ?? []);
  };
  return undoRefuted(lines, corrections, groups, (_, k) => {
    const changes = checked[k] ?? [];
    // Every change measured (for onLikeness), not only up to the first that refutes.
    return changes.map(refutes).some(Boolean) ? changes : [];
  });
}

/**
 * The bounds of {@link refuteByRivals}: a third character the reading's own decoding gave at least `minP` (the
 * `minSupport` of mrz/correctMrz.ts, below which a character is not tried as a correction) and at least `minShare` of
 * the correction's probability. Set on the runs of docs/document-verification-log.md "Sixty-sixth session" (debugging
 * prints of every correction step 12 saw, with the decoding's probabilities at its positions; the fresh sets of seeds
 * 83 and 84, probes 35 and 36, the real specimens under nine views; since the sixty-seventh session
 * `npm run eval:document -- --no-write --corrections` prints the same, {@link WeighedCorrection}): right corrections had such a third character
 * at most 0.72 of theirs (the French residence card blurred by 1.5 px: the composite's `O` corrected to `0`, 0.366,
 * with `B` 0.263), and 0.47 in a document number (the Czech passport blurred by 2 px); wrong ones, on documents
 * printed with a changed character, 0.95 (blind photo seed 83 `0099_fail`, returned with a wrong number) and 0.99
 * (synthetic seed 77 `syn-0134`, refused by another check digit), and 0.57 (the Spanish card under a light spot,
 * refused otherwise). 0.8 lies between 0.72 and 0.95; not tuned further. On fresh sets of seed 85 read afterwards
 * (blind photos, and blind specimens plain and blurred by 2 px; 450 cases) it would have refuted nothing.
 */
export const RIVAL_BOUNDS = { minP: 0.2, minShare: 0.8 } as const;

/** A character a correction step 12 weighed changed, with the reading's own decoding there. */
export interface WeighedChange {
  /** Line (0-based) and position (0-based) in it. */
  readonly line: number;
  readonly index: number;
  /** The character read, and the correction's. */
  readonly from: string;
  readonly to: string;
  /** The decoding's probability (0..1) of `to` at the position; 0 where it was no alternative there. */
  readonly p: number;
  /** The most probable third character there (neither `from` nor `to`) with its probability, or null when none. */
  readonly rival: { readonly char: string; readonly p: number } | null;
  /**
   * The glyph's likenesses as {@link refuteByGlyphs} measured them (the evidence behind its bounds); absent where the
   * glyphs were not asked (the correction undone before, no line images, or a composite's change at a field's
   * position).
   */
  readonly glyphs?: GlyphLikenesses;
}

/** Which part of step 12 undid a correction (readMrzZone.ts `confirmCorrections`). */
export type RefutedBy = 'rivals' | 'glyphs' | 'recognisers';

/**
 * A correction one check digit alone proves (mrz/layouts.ts `singleProofGroups`) and that a check digit did prove, as
 * step 12 weighed it: the evidence behind {@link RIVAL_BOUNDS} (printed by `npm run eval:document -- --corrections`).
 */
export interface WeighedCorrection {
  /** The check-digit group, and its text (checked characters + check digit) as read and as corrected. */
  readonly field: CheckedGroupId;
  readonly from: string;
  readonly to: string;
  /** The characters it changed, with the decoding's probabilities there. */
  readonly changes: readonly WeighedChange[];
  /** The part of step 12 that undid it, or null when it was kept. */
  readonly refutedBy: RefutedBy | null;
}

/**
 * The corrections {@link refuteByRivals} weighs (one check digit alone proves them, and one did), each with the
 * decoding's probabilities at the characters it changed.
 *
 * @param format - the reading's format
 * @param lines - the MRZ lines as corrected
 * @param corrections - the corrections made, in order
 * @param alternatives - the reading's alternatives per line and position (a position without them gives `p` 0 and no
 *   rival)
 * @returns per correction weighed (in order), the correction and its changes; `refutedBy` null
 */
export function weighRivals(
  format: MrzFormat,
  lines: readonly string[],
  corrections: readonly MrzCorrection[],
  alternatives: PositionAlternatives,
): Array<{ readonly correction: MrzCorrection; readonly weighed: WeighedCorrection }> {
  const groups = checksOf(format, lines);
  const singles = singleProofGroups(groups);
  return corrections
    .filter((c) => singles.has(c.field) && proven(c))
    .map((correction) => {
      const changes = changesOf(correction, groups).map((x): WeighedChange => {
        const alts = alternatives[x.at.line]?.[x.at.index] ?? [];
        const rival = alts.filter((a) => a.char !== x.from && a.char !== x.to).reduce<Alternative | null>((best, a) => (!best || a.p > best.p ? a : best), null);
        return { line: x.at.line, index: x.at.index, from: x.from, to: x.to, p: alts.find((a) => a.char === x.to)?.p ?? 0, rival: rival ? { char: rival.char, p: rival.p } : null };
      });
      return { correction, weighed: { field: correction.field, from: correction.from, to: correction.to, changes, refutedBy: null } };
    });
}

/** Whether a change's third character refutes its correction under `bounds` ({@link RIVAL_BOUNDS}). */
export function rivalRefutes(x: WeighedChange, bounds: { readonly minP: number; readonly minShare: number } = RIVAL_BOUNDS): boolean {
  return x.p > 0 && x.rival !== null && x.rival.p >= bounds.minP && x.rival.p >= bounds.minShare * x.p;
}

/**
 * Step 12 of readMrzZone.ts, before the glyphs: a correction that one check digit alone proves (mrz/layouts.ts
 * `singleProofGroups`: the document number, the TD3 personal number, the composite's own characters) and that a check
 * digit did prove is undone where, at a position it changed, the reading's own decoding gave a third character (neither
 * the one read nor the correction's) about as much as the correction's ({@link RIVAL_BOUNDS}, {@link rivalRefutes}).
 * The check digit then chose between two characters the recogniser found plausible alike, and on a document printed
 * with a changed character one of them verifies by chance one time in ten: blind photo seed 83 `0099_fail`, a passport
 * printed `WX5099163` with the number's digit of another number, its `6` decoded `0` 0.343, `8` 0.258, `6` 0.244, was
 * corrected to `8` (8 - 6 = 2 at weight 3 made up the change) and returned `WX5099183`. The field then fails again and
 * is refused.
 *
 * @param format - the reading's format
 * @param lines - the MRZ lines as corrected
 * @param corrections - the corrections made, in order
 * @param alternatives - the reading's alternatives per line and position (readMrzZone.ts `MrzZoneReading.alternatives`;
 *   a position without alternatives refutes nothing)
 * @param bounds - see {@link RIVAL_BOUNDS}
 * @param weighed - the corrections as {@link weighRivals} weighs them from the arguments before (readMrzZone.ts
 *   passes those it keeps as the step's evidence, weighed once)
 * @returns the lines with every refuted correction undone, and the corrections kept
 */
export function refuteByRivals(
  format: MrzFormat,
  lines: readonly string[],
  corrections: readonly MrzCorrection[],
  alternatives: PositionAlternatives,
  bounds: { readonly minP: number; readonly minShare: number } = RIVAL_BOUNDS,
  weighed: ReturnType<typeof weighRivals> = weighRivals(format, lines, corrections, alternatives),
): { lines: string[]; corrected: MrzCorrection[] } {
  const groups = checksOf(format, lines);
  const refuted = new Set(weighed.filter((w) => w.weighed.changes.some((x) => rivalRefutes(x, bounds))).map((w) => w.correction));
  return undoRefuted(lines, corrections, groups, (c) => (refuted.has(c) ? changesOf(c, groups) : []));
}

/**
 * Whether one of `experts` (a line's crop read again by each recogniser) reads the correction's character at its
 * position: the line with it at least {@link RECOGNISERS_MIN_LEAD} likelier (CTC log-likelihood of the whole line,
 * ocr/ctc/ctcLogLikelihood.ts) than with the character read. Such a correction is the check digit's choice between
 * two recognisers' readings, not its alone.
 */
function readByARecogniser(lines: readonly string[], x: Change, experts: readonly LineProbabilities[]): boolean {
  const line = lines[x.at.line];
  if (line === undefined) return false;
  const put = (ch: string) => line.slice(0, x.at.index) + ch + line.slice(x.at.index + 1);
  return experts.some((r) => ctcLogLikelihood(r, put(x.to)) - ctcLogLikelihood(r, put(x.from)) >= RECOGNISERS_MIN_LEAD);
}

/**
 * Step 12's first part (readMrzZone.ts): corrections of fields the composite check digit also covers are undone while
 * the composite fails. A field's correction verified its own digit; the composite weighs the same characters again
 * (at other weights for the dates), and its failing says that the corrected text is not the one the digits were
 * computed over, or that another character is misread: either way the correction is not proven. The independent
 * generator's negatives of seed 14 (thirty-ninth session, 2026-11-28, a debugging print): `0015_fail`, its expiry date
 * changed after the digits were computed, was "corrected" `391206` to `391209` (the `6` read with 0.62, `9` at 0.21),
 * which verified the date's digit by chance and left the composite failing; the date was returned. The composite's
 * own corrections, the pairs turned by their shapes in a field that verified as read ({@link proven}), and a
 * reading whose composite verifies, are left as they are.
 *
 * @param format - the reading's format
 * @param lines - the MRZ lines as corrected
 * @param corrections - the corrections made, in order
 * @returns the lines with those corrections undone and the corrections kept (unchanged when the composite verifies
 *   or the format has none)
 */
export function undoWhereCompositeFails(format: MrzFormat, lines: readonly string[], corrections: readonly MrzCorrection[]): { lines: string[]; corrected: MrzCorrection[] } {
  const checks = verifyChecks(format, lines);
  if (checks.composite !== false) return { lines: [...lines], corrected: [...corrections] };
  const groups = checksOf(format, lines);
  const undone = new Map<string, Change>();
  const undoes = (c: MrzCorrection) => c.field !== CHECKED_GROUP.Composite && proven(c);
  for (const c of corrections) if (undoes(c)) for (const x of changesOf(c, groups)) undone.set(`${x.at.line}:${x.at.index}`, x);
  if (undone.size === 0) return { lines: [...lines], corrected: [...corrections] };
  return { lines: undoChanges(lines, undone), corrected: corrections.filter((c) => !undoes(c)) };
}

/**
 * The lines (0-based, ascending) where the corrections a check digit proved changed a character: those
 * {@link refuteByRecognisers} needs read again.
 *
 * @param format - the reading's format
 * @param lines - the MRZ lines as corrected
 * @param corrections - the corrections made
 */
export function provenCorrectionLines(format: MrzFormat, lines: readonly string[], corrections: readonly MrzCorrection[]): number[] {
  const groups = checksOf(format, lines);
  return [...new Set(corrections.filter(proven).flatMap((c) => changesOf(c, groups).map((x) => x.at.line)))].sort((a, b) => a - b);
}

/**
 * Least lead (natural log) of a third character over a correction's, under the recognisers together, for
 * {@link refuteByRecognisers} to refute the correction: ln 20, the evidence ratio of check-digit corrections
 * (mrz/correctMrz.ts) and of the state codes' arbitration (arbitrateStateCodes.ts `minLead`); not tuned.
 */
export const RECOGNISERS_MIN_LEAD = Math.log(20);

/**
 * Step 12's last part (readMrzZone.ts): every correction a check digit proved (its group's text as read failed the
 * digit) is put to the recognisers together, each position it changed scored with every character the layout allows
 * there (the sum of their CTC log-likelihoods of the whole line, ocr/ctc/ctcLogLikelihood.ts, as step 10 weighs state
 * codes). A correction chooses between the character read and the one that makes the digit verify; where the
 * recognisers together find a third character at least `minLead` likelier than the correction's, they read the
 * position as neither, the correction is not proven, and it is undone (its group's digit fails again, so its field is
 * refused). A document printed with a failing check digit is corrected into a wrong field whenever a misread
 * character happens to sit one look-alike from a text that verifies: the Spanish ID specimen of ../shared/data,
 * whose number `AAA100001` fails its digit as printed, under a light spot (`npm run eval:document -- --glare 0.6`,
 * fifty-second session) had its third `A` read `8` by the own recogniser and `A` by PaddleOCR, and `8` was
 * corrected to `6`, which verified the number's digit and the composite: the number `AA6100001` was returned.
 * Corrections of the character both recognisers read alike stand: there the check digit is the only evidence
 * against the reading.
 *
 * @param format - the reading's format
 * @param lines - the MRZ lines as corrected
 * @param corrections - the corrections made, in order
 * @param readings - per line, the recognisers' probabilities for its crop (lines with fewer than two are not weighed)
 * @param minLead - see {@link RECOGNISERS_MIN_LEAD}
 * @returns the lines with every refuted correction undone, and the corrections kept
 */
export function refuteByRecognisers(
  format: MrzFormat,
  lines: readonly string[],
  corrections: readonly MrzCorrection[],
  readings: ReadonlyArray<readonly LineProbabilities[]>,
  minLead = RECOGNISERS_MIN_LEAD,
): { lines: string[]; corrected: MrzCorrection[] } {
  const groups = checksOf(format, lines);
  const classes = positionClasses(format);
  const refutes = (x: Change): boolean => {
    const experts = readings[x.at.line] ?? [];
    const line = lines[x.at.line];
    const allowed = classes[x.at.line]?.[x.at.index];
    if (experts.length < 2 || line === undefined || allowed === undefined) return false;
    const score = (ch: string) => experts.reduce((s, r) => s + ctcLogLikelihood(r, line.slice(0, x.at.index) + ch + line.slice(x.at.index + 1)), 0);
    const corrected = score(x.to);
    return [...allowed].some((ch) => ch !== x.from && ch !== x.to && score(ch) - corrected >= minLead);
  };
  return undoRefuted(lines, corrections, groups, (c) => {
    const changes = proven(c) ? changesOf(c, groups) : [];
    return changes.some(refutes) ? changes : [];
  });
}
