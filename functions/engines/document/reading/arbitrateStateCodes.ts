import { MRZ_FORMAT, type MrzFormat } from '../constants.ts';
import { positionClasses } from '../mrz/layouts.ts';
import { ctcLogLikelihood } from '../ocr/ctc/ctcLogLikelihood.ts';
import type { LineProbabilities } from '../ocr/ctc/lineProbabilities.ts';
import { lineFieldsOf, MRZ_STATE_CODES } from './decodeMrzLine.ts';

/** A state code {@link arbitrateStateCodes} put in place of one no state has. */
export interface StateCodeChange {
  /** The line, 0-based. */
  readonly line: number;
  /** The field's first position in the line, 0-based (TD3/TD2 issuing state 2, nationality 10; TD1 15 on line 1). */
  readonly start: number;
  /** The field as read (3 characters, fillers as `<`): a code on no list. */
  readonly from: string;
  /** The listed code chosen (3 characters, padded with `<`). */
  readonly to: string;
  /** Natural log of how much likelier the recognisers together find `to` than the next listed code (>= ln minLead). */
  readonly lead: number;
  /**
   * Natural log of how much likelier they find the line as read, or with a code on no list one character from `to`,
   * than with `to` (<= ln maxCost; negative when `to` is likelier).
   */
  readonly cost: number;
}

/** Options of {@link arbitrateStateCodes}. */
export interface ArbitrateStateCodesOptions {
  /**
   * A listed code is taken only if the recognisers together find it at least this many times likelier than the next
   * listed code. @default 20, the `minEvidenceRatio` with which one recogniser's decoding holds a field to a listed
   * code (decodeMrzLine.ts) and check-digit corrections are proven (mrz/correctMrz.ts)
   */
  readonly minLead?: number;
  /**
   * ... and only if they find the line as read at most this many times likelier than with that code: a code printed
   * that no state has stays as read. @default 20, as `minLead`. decodeMrzLine.ts's `maxCostRatio` of 1000 (one
   * recogniser) was tried first: on the fictional `CMW` specimen at half its size, read `CNW`, the two recognisers
   * found `CMR` (Cameroon) e^3.47 times likelier than the next listed code and the line as read only e^6.12 times
   * likelier than with it, so a wrong country would have been returned. The codes mended in the twenty-fifth
   * session's battery cost at most e^0.08 (docs/document-verification-log.md "State codes read by two recognisers").
   * For a passport's nationality whose likeliest listed code is the passport's issuing state, the bound is
   * multiplied by `issuerPrior` (see {@link ISSUER_NATIONALITY_PRIOR}).
   */
  readonly maxCost?: number;
  /**
   * How many times likelier a passport's nationality is taken to be its issuing state than any one other listed code,
   * before the recognisers weigh in (a prior; 1 turns it off). @default {@link ISSUER_NATIONALITY_PRIOR}
   */
  readonly issuerPrior?: number;
}

/**
 * Prior odds of a passport's nationality being its issuing state rather than one other listed code, used by
 * {@link arbitrateStateCodes} where the nationality is read as no listed code. A state issues passports to its own
 * nationals (ICAO Doc 9303 Part 4: the issuing state and the holder's nationality are separate fields because they
 * may differ, for refugees, stateless persons and the United Kingdom's classes of British nationals). Even if one
 * passport in five differed, spread over some 250 codes, the odds for the issuing state against any one other code
 * would be about 1000; 20 (the arbitration's `minLead`, not tuned) only breaks near-ties of the recognisers: a
 * Chinese passport's `CHN` shrunk to a 360-px thumbnail was read `CKN`, and the recognisers found `CHN` only e^0.62
 * times likelier than `CAN` (probe seed 33 `probe-0050`, thirty-eighth session). Only for document codes starting
 * with `P`: a residence permit or a visa is issued to foreigners.
 *
 * Where the issuing state is the likeliest listed code, the same odds also raise the bound on the cost (`maxCost`
 * times this, 400 or e^5.99): the issuing state, read as a listed code on the other line, is a second witness the
 * recognisers' reading of the nationality does not have. Added in the fifty-seventh session for synthetic seed 6464
 * `syn-0162`, a Polish passport 430 px wide whose `POL` was read `PGL`: `POL` led `BOL` by e^18.5 and cost e^3.55,
 * over `maxCost` (e^3.0), so the page went to review with no nationality (a debugging print;
 * docs/document-verification-log.md "Fifty-seventh session"). The bound stays below e^6.12, the cost at which a
 * fictional code (`CMW` read `CNW`) would have been mended into a listed one (`CMR`; `maxCost`).
 */
export const ISSUER_NATIONALITY_PRIOR = 20;

/**
 * State codes (issuing state, nationality) read as a code on no list, chosen again by several recognisers over the
 * closed list. ICAO Doc 9303 Part 3 §5 closes the list of codes an MRZ may carry ({@link MRZ_STATE_CODES}: ISO
 * 3166-1 alpha-3 and ICAO's own), and no check digit covers them (Part 3 §4.9), so a misread letter (`ISL` read
 * `IDL`, `GBR` read `QOR` on a page 4 times smaller than the specimen) leaves the country unresolved (null).
 * One recogniser's decoding already tries the listed codes it saw most (decodeMrzLine.ts); here every listed code is
 * put in the line and the line scored by all recognisers together, as names are (arbitrateNames.ts: the product of
 * their CTC likelihoods of the whole line, ocr/ctc/ctcLogLikelihood.ts; a product of experts, Hinton 2002). The
 * likeliest listed code replaces the field when it leads the next listed code by `minLead` and neither the line as read
 * nor the line with a code on no list one character from it is more than `maxCost` times likelier than with it;
 * otherwise the field stays as read (and resolves to no country). The second bound came in the forty-sixth session:
 * the fictional `COU` of the British residence permit specimen, seen with its far edge 30% shorter, was decoded `OOO`,
 * and the recognisers found `COG` (Congo) e^20.6 likelier than that, so a wrong nationality was returned
 * (docs/document-verification-log.md "Characters leaning at the lines' ends"). A
 * passport's nationality has its issuing state (when that is listed) favoured by `issuerPrior` in the lead, and in
 * the bound on the cost when it is the likeliest listed code; the cost itself is the recognisers' alone
 * ({@link ISSUER_NATIONALITY_PRIOR}).
 * Fields read as a listed code are never changed, and nothing outside a state-code field.
 *
 * @param format - the reading's format
 * @param lines - the reading's lines
 * @param readings - per line, the recognisers' probabilities for that line's crop (at least two for a line's codes
 *   to be weighed)
 * @param opts - see {@link ArbitrateStateCodesOptions}
 * @returns the lines (fields replaced) and one entry per field replaced
 */
export function arbitrateStateCodes(
  format: MrzFormat,
  lines: readonly string[],
  readings: ReadonlyArray<readonly LineProbabilities[]>,
  opts: ArbitrateStateCodesOptions = {},
): { readonly lines: string[]; readonly changes: StateCodeChange[] } {
  const minLead = Math.log(opts.minLead ?? 20);
  const maxCost = Math.log(opts.maxCost ?? 20);
  const issuerPrior = Math.log(opts.issuerPrior ?? ISSUER_NATIONALITY_PRIOR);
  const classes = positionClasses(format);
  const out = [...lines];
  const changes: StateCodeChange[] = [];
  for (let i = 0; i < lines.length; i++) {
    const experts = readings[i] ?? [];
    if (experts.length < 2) continue;
    for (const field of unlistedCodeFields(format, i, out[i] as string)) {
      const text = out[i] as string;
      const score = (t: string) => experts.reduce((s, r) => s + ctcLogLikelihood(r, t), 0);
      const allowed = classes[i] as readonly string[];
      const issuer = isNationality(format, i, field.start) ? passportIssuer(format, out) : null;
      const scored = [...MRZ_STATE_CODES]
        .filter((code) => [...code].every((ch, k) => (allowed[field.start + k] as string).includes(ch)))
        .map((code) => {
          const recognised = score(text.slice(0, field.start) + code + text.slice(field.end));
          return { code, recognised, score: recognised + (code === issuer ? issuerPrior : 0) };
        })
        .sort((a, b) => b.score - a.score);
      const [best, next] = scored;
      if (!best) continue;
      const lead = next ? best.score - next.score : Infinity;
      // The cost is the recognisers' alone; the prior only raises its bound, for the issuing state (below). It is taken
      // against the likelier of the line as read and the codes on no list one character from the best listed code:
      // a fictional code printed (`COU`) read worse still (`OOO`) is not mended into its listed neighbour (`COG`).
      const unlisted = unlistedNeighbours(best.code, allowed.slice(field.start, field.end));
      const asRead = Math.max(score(text), ...unlisted.map((code) => score(text.slice(0, field.start) + code + text.slice(field.end))));
      const cost = asRead - best.recognised;
      // The issuing state read on the other line is a second, independent witness for the nationality: the prior odds
      // it gave in the lead may pay the same odds of the cost (ISSUER_NATIONALITY_PRIOR).
      const costBound = maxCost + (best.code === issuer ? issuerPrior : 0);
      if (lead < minLead || cost > costBound) continue;
      out[i] = text.slice(0, field.start) + best.code + text.slice(field.end);
      changes.push({ line: i, start: field.start, from: text.slice(field.start, field.end), to: best.code, lead, cost });
    }
  }
  return { lines: out, changes };
}

/**
 * The codes on no list ({@link MRZ_STATE_CODES}) one character from `code`, each character among those `allowed` at
 * its position (letters and the filler).
 */
function unlistedNeighbours(code: string, allowed: readonly string[]): string[] {
  const out: string[] = [];
  [...code].forEach((ch, k) => {
    for (const other of allowed[k] ?? '') {
      const near = code.slice(0, k) + other + code.slice(k + 1);
      if (other !== ch && !MRZ_STATE_CODES.has(near)) out.push(near);
    }
  });
  return out;
}

/** Whether the field starting at `start` of line `line` is a TD3 or TD2 MRZ's nationality (second line, from 10). */
function isNationality(format: MrzFormat, line: number, start: number): boolean {
  return (format === MRZ_FORMAT.TD3 || format === MRZ_FORMAT.TD2) && line === 1 && start === 10;
}

/**
 * The issuing state of a passport's MRZ (document code starting with `P`, TD3 or TD2 first line, positions 2-4) when
 * it is a listed code, else null.
 */
function passportIssuer(format: MrzFormat, lines: readonly string[]): string | null {
  const first = lines[0] ?? '';
  if ((format !== MRZ_FORMAT.TD3 && format !== MRZ_FORMAT.TD2) || !first.startsWith('P')) return null;
  const code = first.slice(2, 5);
  return MRZ_STATE_CODES.has(code) ? code : null;
}

/** The state-code fields of line `line` of `format` that `text` fills with a code on no list. */
export function unlistedCodeFields(format: MrzFormat, line: number, text: string): Array<{ start: number; end: number }> {
  return lineFieldsOf(format, line).states.filter((f) => !MRZ_STATE_CODES.has(text.slice(f.start, f.end)));
}
