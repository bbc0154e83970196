import { mrzNameExtent } from '../mrz/splitMrzName.ts';
import type { Span } from './decodeMrzLine.ts';

/** Options of {@link nameGaps}. */
export interface NameGapsOptions {
  /**
   * A step between the first frames of two neighbouring characters longer than this many pitches (the line's mean
   * step from its first character to its last) is a gap where a character was dropped. ICAO Doc 9303 Part 3 §4.1
   * prints MRZ characters at a fixed pitch, so a dropped glyph leaves about two pitches between its neighbours: on the
   * synthetic passports of seed 31 whose names came out wrong, `HORVAT` read `HRVAT` and `<<JOSE` read `<<OSE` left
   * steps of 6 frames at a pitch of 3.05 and 5 at 2.74 (1.97 and 1.82 pitches), while readings of the same lines that
   * kept every letter stepped by at most 4 frames (1.3-1.46 pitches); read off the engine's decodings while debugging
   * them (2026-11-25), no script reports them.
   * @default 1.7
   */
  readonly maxStep?: number;
}

const defaults = { maxStep: 1.7 } as const;

/**
 * Counts the characters a decoding of an MRZ line seems to have dropped in its names: steps longer than `maxStep`
 * pitches between the frames where the alignment emits neighbouring characters, from the character before each name
 * field to the end of its name (mrz/splitMrzName.ts `mrzNameExtent`). Names carry no check digit, and when the recogniser drops a
 * letter of a blurred name the fixed-length decoder keeps the line's length with a filler elsewhere (`HORVAT` read
 * `HRVAT`, its fillers squeezed further on): nothing else in the reading shows it. Readings of one line from other
 * crops (the anchor's box, the rebuilt row, the image straightened) often keep the letter, so the count tells them
 * apart where check digits cannot (readMrzZone.ts `better`). The line's pitch is its mean step from the first
 * character emitted to the last; fillers of long runs, which CTC may merge or spread, count only through it.
 *
 * @param text - the line as decoded
 * @param frames - per position, the frames where the alignment emits its character (decodeFixedLength's `frames`)
 * @param names - the line's name fields (decodeMrzLine.ts `lineFieldsOf`)
 * @returns the number of gaps (0 when the line has no name field or too few frames to measure a pitch)
 */
export function nameGaps(text: string, frames: ReadonlyArray<readonly number[]>, names: readonly Span[], opts: NameGapsOptions = {}): number {
  const { maxStep } = { ...defaults, ...opts };
  if (names.length === 0) return 0;
  const starts = frames.map((f) => f[0]);
  const emitted = starts.flatMap((t, i) => (t === undefined ? [] : [{ t, i }]));
  const first = emitted[0], last = emitted[emitted.length - 1];
  if (!first || !last || last.i - first.i < 3 || last.t <= first.t) return 0;
  const pitch = (last.t - first.t) / (last.i - first.i);
  let gaps = 0;
  for (const span of names) {
    const { end } = mrzNameExtent(text.slice(span.start, span.end));
    for (let i = Math.max(0, span.start - 1); i + 1 < span.start + end; i++) {
      const a = starts[i], b = starts[i + 1];
      if (a !== undefined && b !== undefined && b - a > maxStep * pitch) gaps++;
    }
  }
  return gaps;
}
