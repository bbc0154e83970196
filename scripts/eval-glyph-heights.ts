/**
 * `npm run eval:glyph-heights`: measures how well glyph heights (functions/engines/document/image/glyphHeights.ts)
 * tell MRZ fillers from the characters the recogniser mistakes them for, the evidence behind the thresholds of
 * reading/restoreFillers.ts and reading/zeroShapes.ts (and the recogniser's filler evidence behind restoreNameFillers of
 * reading/restoreSeparator.ts, and its `M` evidence behind reading/restoreLetterM.ts), and writes it into
 * docs/accuracy.md ("Glyph heights of MRZ fillers").
 *
 * - Data: the labelled sets under `--data` (default `../shared/data/documents`) and each `--synthetic DIR` (a set of
 *   `npm run gen:documents`); only documents expected to be read whose labels give the MRZ lines.
 * - Each image is read as the engine reads it (readMrzZone); where the format found is the labelled one, its lines
 *   are recognised again from the quads found, decoded with the layout (decodeMrzLine) and measured. Positions are
 *   compared with the labelled lines (fixed-length decoding keeps them aligned).
 * - Names: on the scale of `nameLineScale` (0: the line's filler height, 1: its letter height), the fillers read as
 *   `C` against the genuine `C`s, and how many of each lie below `maxShare`; also `K`, `E`, `S`.
 * - Optional data: on the scale of `paddingLineScale`, the fillers read as digits against the genuine digits.
 * - Document numbers and optional data: on the scale of `digitLineScale` (0: the line's letter height, 1: its digit
 *   height), the letters `O` read as `0` against the genuine zeros read as `0`, and the zeros read as `O` against the
 *   genuine letters `O` read as `O` (reading/zeroShapes.ts); and against the line's zero height (`zeroReferenceHeight`).
 *   These are measured as the engine measures them, in the line image with its margin (LineReading `margined`).
 *   On lines without zeros at digit-only positions, the same zeros also against a zero height borrowed from the
 *   window's other lines (`borrowedZeroHeight` below): an experiment the engine does not ship, kept as its evidence.
 * - Letters of name fields followed by a filler: the recogniser's probability of the filler over that of the letter
 *   read, for genuine letters and for fillers read as letters (reading/restoreSeparator.ts `restoreNameFillers`);
 *   and every `K` of a name field, by that ratio and its share on the name scale together (restoreFillers.ts).
 * - Letters of name fields: the recogniser's probability of `M` over that of the letter read, for genuine `N`, `R`
 *   and `H` and for `M`s read as letters (reading/restoreLetterM.ts).
 *
 * Options: --data DIR, --synthetic DIR (repeatable), --no-write.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { MrzFormat } from '../functions/engines/document/constants.ts';
import { loadDocumentCases } from '../functions/engines/document/evaluation/labelSet.ts';
import { glyphHeights, median } from '../functions/engines/document/image/glyphHeights.ts';
import { loadImage } from '../functions/engines/document/image/loadImage.ts';
import { positionClasses } from '../functions/engines/document/mrz/layouts.ts';
import { detectText } from '../functions/engines/document/ocr/paddle/detectText.ts';
import { loadOnnxSession, readVerified } from '../functions/engines/document/ocr/paddle/loadOnnxSession.ts';
import { createPaddleLineRecognizer } from '../functions/engines/document/ocr/paddle/paddleLineRecognizer.ts';
import { defaultPaddleModelsDir, PADDLE_MODELS } from '../functions/engines/document/ocr/paddle/paddleModels.ts';
import { buildRecClassMap } from '../functions/engines/document/ocr/paddle/recognizeLines.ts';
import { decodeMrzLine, lineFieldsOf } from '../functions/engines/document/reading/decodeMrzLine.ts';
import { readMrzZone } from '../functions/engines/document/reading/readMrzZone.ts';
import { nameLineScale, paddedFields, paddingLineScale, RESTORE_FILLERS_DEFAULTS } from '../functions/engines/document/reading/restoreFillers.ts';
import { digitHeights, digitLineScale, ZERO_SHAPES_DEFAULTS, zeroReferenceHeight } from '../functions/engines/document/reading/zeroShapes.ts';
import { alternativeRatio } from '../functions/engines/document/mrz/correctMrz.ts';
import { LETTER_M_DEFAULTS, LETTER_M_LOOK_ALIKES } from '../functions/engines/document/reading/restoreLetterM.ts';
import { fillerRatio, NAME_FILLERS_DEFAULTS, NAME_FILLERS_KEPT } from '../functions/engines/document/reading/restoreSeparator.ts';
import { editDocument, markdownTable, replaceSection } from '../functions/engines/evaluation/markdown.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: path.resolve(repoRoot, '..', 'shared', 'data', 'documents') },
    synthetic: { type: 'string', multiple: true, default: [] },
    'no-write': { type: 'boolean', default: false },
  },
});

/** The shipped bounds the evidence is counted against. */
const MAX_SHARE: number = RESTORE_FILLERS_DEFAULTS.maxShare;
const { maxShare: MAX_ZERO_SHARE, maxZeroRatio: MAX_ZERO_RATIO, minDigitShare: MIN_DIGIT_SHARE } = ZERO_SHAPES_DEFAULTS;
const MIN_NAME_FILLER_RATIO = NAME_FILLERS_DEFAULTS.minRatio;
const MIN_M_RATIO: number = LETTER_M_DEFAULTS.minRatio;
/** The letters the `M` table reports: those restoreLetterM turns, and the look-alikes it leaves (their evidence). */
const M_COLUMNS = [...new Set([...LETTER_M_LOOK_ALIKES, 'R', 'H'])];

/**
 * The zero height a line without zeros at digit-only positions could borrow from the window's other lines (an
 * experiment the engine does not ship; docs/document-verification-log.md, fifteenth session): per other line with a
 * zero height (`zeroReferenceHeight`) and a digit height (the median height of its digits `1`-`9` outside the fields ICAO
 * pads, at least `minReference` of them), its zero height scaled by the ratio of the two lines' digit heights; the
 * median of those, or null.
 */
function borrowedZeroHeight(format: MrzFormat, lines: readonly string[], heights: ReadonlyArray<ReadonlyArray<number | null> | null>, line: number): number | null {
  const digitHeight = (li: number): number | null => {
    const h = heights[li];
    const digits = h ? digitHeights(format, lines[li] ?? '', h, li) : [];
    return digits.length < ZERO_SHAPES_DEFAULTS.minReference ? null : median(digits);
  };
  const own = digitHeight(line);
  if (own === null) return null;
  const lent = lines.flatMap((text, other) => {
    const h = heights[other];
    const zero = other === line || !h ? null : zeroReferenceHeight(format, text, h, other);
    const digits = zero === null ? null : digitHeight(other);
    return zero !== null && digits !== null ? [(zero * own) / digits] : [];
  });
  return lent.length === 0 ? null : median(lent);
}

interface Tally {
  documents: number;
  fillerToLetter: number[];
  fillerAsC: number[];
  genuineC: number[];
  genuineKES: Record<string, number[]>;
  fillerAsKES: number;
  fillerAsDigit: number[];
  genuineDigit: number[];
  letterOAsZero: number[];
  genuineZero: number[];
  zeroAsLetterO: number[];
  genuineLetterO: number[];
  letterOAsZeroRatio: number[];
  genuineZeroRatio: number[];
  /** In lines without a zero height of their own: height / borrowed zero height, and the share on the line's scale. */
  letterOAsZeroBorrowed: number[];
  genuineZeroBorrowed: number[];
  letterOAsZeroUnreferenced: number[];
  genuineZeroUnreferenced: number[];
  /** Per letter read in a name field, the filler's probability over the letter's. */
  genuineName: Record<string, number[]>;
  fillerAsName: Record<string, number[]>;
  /** Per `K` read in a name field: its share on the line's name scale (null: none) and the filler's ratio. */
  genuineK: Array<{ share: number | null; ratio: number }>;
  fillerAsK: Array<{ share: number | null; ratio: number }>;
  /** Per letter read in a name field where `M` is printed or the letter itself: the recogniser's `M` over the letter. */
  genuineMLike: Record<string, number[]>;
  letterMAs: Record<string, number[]>;
}

const newTally = (): Tally => ({ documents: 0, fillerToLetter: [], fillerAsC: [], genuineC: [], genuineKES: { K: [], E: [], S: [] }, fillerAsKES: 0, fillerAsDigit: [], genuineDigit: [], letterOAsZero: [], genuineZero: [], zeroAsLetterO: [], genuineLetterO: [], letterOAsZeroRatio: [], genuineZeroRatio: [], letterOAsZeroBorrowed: [], genuineZeroBorrowed: [], letterOAsZeroUnreferenced: [], genuineZeroUnreferenced: [], genuineName: {}, fillerAsName: {}, genuineK: [], fillerAsK: [], genuineMLike: {}, letterMAs: {} });

async function measureSet(dir: string, reader: Parameters<typeof readMrzZone>[1]): Promise<Tally> {
  const t = newTally();
  for (const c of await loadDocumentCases(dir)) {
    const truth = (c.document as { mrz?: { lines?: string[] } }).mrz?.lines;
    if (!truth || c.document.expectedOutcome !== 'read') continue;
    const format: MrzFormat = truth.length === 3 ? 'TD1' : (truth[0] as string).length === 44 ? 'TD3' : 'TD2';
    const image = await loadImage(await readFile(c.file));
    const zone = await readMrzZone(image, reader);
    if (zone?.format !== format) continue;
    const readings = await reader.recognizer.read(image, zone.quads, 'line');
    const classes = positionClasses(format);
    const texts: string[] = [];
    const alternatives: Array<ReturnType<typeof decodeMrzLine>> = [];
    const heights: Array<Array<number | null> | null> = [];
    // Zeros and `O`s are measured as zeroShapes.ts is fed: in the line image with its margin, where there is one.
    const zeroHeights: Array<Array<number | null> | null> = [];
    readings.forEach((r, li) => {
      const decoded = r.kind === 'probabilities' ? decodeMrzLine(r.line, classes[li] as readonly string[], lineFieldsOf(format, li)) : null;
      texts.push(decoded?.text ?? '');
      alternatives.push(decoded);
      heights.push(decoded && r.kind === 'probabilities' && r.image && r.framePixels ? glyphHeights(r.image, decoded.frames, { framePixels: r.framePixels }) : null);
      const margined = r.kind === 'probabilities' ? r.margined : undefined;
      zeroHeights.push(decoded && margined && r.kind === 'probabilities' && r.framePixels ? glyphHeights(margined.image, decoded.frames, { framePixels: r.framePixels, lineRows: margined.lineRows }) : (heights[li] ?? null));
    });
    t.documents++;
    texts.forEach((text, li) => {
      const h = heights[li];
      const t0 = truth[li] as string;
      if (!h || text.length !== t0.length) return;
      const names = lineFieldsOf(format, li).names;
      const scale = nameLineScale(text, h);
      const letters = [...text].flatMap((ch, i) => (ch >= 'A' && ch <= 'Z' && ch !== 'C' && typeof h[i] === 'number' ? [h[i] as number] : []));
      for (const f of names) {
        // Letters of the name field: followed by a filler or ending it, the evidence of restoreNameFillers
        // (restoreSeparator.ts); every `K`, with its height, the evidence of restoreFillers.
        for (let i = f.start; i < f.end; i++) {
          const read = text[i] as string;
          if (read < 'A' || read > 'Z') continue;
          const ratio = fillerRatio(alternatives[li]?.alternatives[i], read);
          if (read === 'K' && (t0[i] === 'K' || t0[i] === '<')) {
            const hi = h[i];
            (t0[i] === 'K' ? t.genuineK : t.fillerAsK).push({ share: scale && typeof hi === 'number' ? scale(hi) : null, ratio });
          }
          if (read !== 'M' && (t0[i] === 'M' || t0[i] === read)) {
            const mRatio = alternativeRatio(alternatives[li]?.alternatives[i], 'M', read);
            const bucket = t0[i] === 'M' ? t.letterMAs : t.genuineMLike;
            (bucket[read] ??= []).push(mRatio);
          }
          if (i + 1 < f.end && text[i + 1] !== '<') continue;
          if (t0[i] === read) (t.genuineName[read] ??= []).push(ratio);
          else if (t0[i] === '<') (t.fillerAsName[read] ??= []).push(ratio);
        }
        for (let i = f.start; i < f.end; i++) {
          const hi = h[i];
          if (typeof hi !== 'number') continue;
          const read = text[i] as string;
          if (t0[i] === '<' && read === '<' && letters.length > 0) t.fillerToLetter.push(hi / median(letters));
          if (!scale) continue;
          if (t0[i] === '<' && read === 'C') t.fillerAsC.push(scale(hi));
          if (t0[i] === 'C' && read === 'C') t.genuineC.push(scale(hi));
          if (t0[i] === '<' && 'KES'.includes(read)) t.fillerAsKES++;
          if (read === t0[i] && 'KES'.includes(read)) t.genuineKES[read]?.push(scale(hi));
        }
      }
      const zh = zeroHeights[li] ?? h;
      const zeroHeight = zeroReferenceHeight(format, text, zh, li);
      if (zeroHeight !== null) {
        for (let i = 0; i < text.length; i++) {
          const hi = zh[i];
          if (text[i] !== '0' || typeof hi !== 'number' || !(classes[li]?.[i] ?? '').includes('O')) continue;
          if (t0[i] === 'O') t.letterOAsZeroRatio.push(hi / zeroHeight);
          else if (t0[i] === '0') t.genuineZeroRatio.push(hi / zeroHeight);
        }
      }
      const zeroScale = digitLineScale(format, text, zh, li);
      const borrowed = zeroHeight === null ? borrowedZeroHeight(format, texts, zeroHeights, li) : null;
      if (borrowed !== null) {
        for (let i = 0; i < text.length; i++) {
          const hi = zh[i];
          if (text[i] !== '0' || typeof hi !== 'number' || !(classes[li]?.[i] ?? '').includes('O')) continue;
          const share = zeroScale ? zeroScale(hi) : Number.NaN;
          if (t0[i] === 'O') {
            t.letterOAsZeroBorrowed.push(hi / borrowed);
            t.letterOAsZeroUnreferenced.push(share);
          } else if (t0[i] === '0') {
            t.genuineZeroBorrowed.push(hi / borrowed);
            t.genuineZeroUnreferenced.push(share);
          }
        }
      }
      if (zeroScale) {
        for (let i = 0; i < text.length; i++) {
          const hi = zh[i];
          if ((text[i] !== '0' && text[i] !== 'O') || typeof hi !== 'number' || !(classes[li]?.[i] ?? '').includes('O')) continue;
          const share = zeroScale(hi);
          if (text[i] === '0' && t0[i] === 'O') t.letterOAsZero.push(share);
          else if (text[i] === '0' && t0[i] === '0') t.genuineZero.push(share);
          else if (text[i] === 'O' && t0[i] === '0') t.zeroAsLetterO.push(share);
          else if (text[i] === 'O' && t0[i] === 'O') t.genuineLetterO.push(share);
        }
      }
      const padScale = paddingLineScale(format, texts, heights, li);
      if (!padScale) return;
      for (const f of paddedFields(format)) {
        if (f.line !== li) continue;
        for (let i = f.start; i < f.end; i++) {
          const hi = h[i];
          const read = text[i] as string;
          if (typeof hi !== 'number' || read < '0' || read > '9') continue;
          if (t0[i] === '<') t.fillerAsDigit.push(padScale(hi));
          else if (t0[i] === read) t.genuineDigit.push(padScale(hi));
        }
      }
    });
  }
  return t;
}

const fmt = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(2));
const fmt3 = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(3));
const below = (xs: readonly number[], bound = MAX_SHARE) => xs.filter((x) => x < bound).length;
const min = (xs: readonly number[]) => (xs.length === 0 ? undefined : Math.min(...xs));
const max = (xs: readonly number[]) => (xs.length === 0 ? undefined : Math.max(...xs));

async function main(): Promise<void> {
  const dir = defaultPaddleModelsDir();
  const [det, rec, dictionary] = await Promise.all([
    loadOnnxSession(dir, PADDLE_MODELS.detection, 2, true),
    loadOnnxSession(dir, PADDLE_MODELS.recognition, 2, true),
    readVerified(path.join(dir, PADDLE_MODELS.dictionary.file), PADDLE_MODELS.dictionary.sha256),
  ]);
  const recognizer = createPaddleLineRecognizer(rec, buildRecClassMap(dictionary.toString('utf8')));
  const reader = { detect: (image: Parameters<typeof detectText>[1], side?: number) => detectText(det, image, side === undefined ? undefined : { side }), recognizer };
  const sets = [{ name: `real specimens (${path.relative(repoRoot, args.data)})`, dir: args.data }, ...args.synthetic.map((d) => ({ name: `synthetic ${path.basename(d)}`, dir: d }))];
  const rows: string[][] = [];
  const kesRows: string[][] = [];
  const zeroRows: string[][] = [];
  const zeroRatioRows: string[][] = [];
  const borrowedRows: string[][] = [];
  const endRows: string[][] = [];
  const mRows: string[][] = [];
  for (const set of sets) {
    const t = await measureSet(set.dir, reader);
    rows.push([
      set.name,
      String(t.documents),
      `${fmt(t.fillerToLetter.length ? median(t.fillerToLetter) : undefined)} (${t.fillerToLetter.length})`,
      `${t.fillerAsC.length}: ${below(t.fillerAsC)} below, max ${fmt(max(t.fillerAsC))}`,
      `${t.genuineC.length}: ${below(t.genuineC)} below, min ${fmt(min(t.genuineC))}`,
      `${t.fillerAsDigit.length}: ${below(t.fillerAsDigit)} below, max ${fmt(max(t.fillerAsDigit))}`,
      `${t.genuineDigit.length}: ${below(t.genuineDigit)} below, min ${fmt(min(t.genuineDigit))}`,
    ]);
    zeroRows.push([
      set.name,
      `${t.letterOAsZero.length}: ${below(t.letterOAsZero, MAX_ZERO_SHARE)} below, max ${fmt(max(t.letterOAsZero))}`,
      `${t.genuineZero.length}: ${below(t.genuineZero, MAX_ZERO_SHARE)} below, min ${fmt(min(t.genuineZero))}`,
      `${t.zeroAsLetterO.length}: ${t.zeroAsLetterO.length - below(t.zeroAsLetterO, MIN_DIGIT_SHARE)} at or above, min ${fmt(min(t.zeroAsLetterO))}`,
      `${t.genuineLetterO.length}: ${t.genuineLetterO.length - below(t.genuineLetterO, MIN_DIGIT_SHARE)} at or above, max ${fmt(max(t.genuineLetterO))}`,
    ]);
    zeroRatioRows.push([
      set.name,
      `${t.letterOAsZeroRatio.length}: ${below(t.letterOAsZeroRatio, MAX_ZERO_RATIO)} below, min ${fmt(min(t.letterOAsZeroRatio))}, max ${fmt(max(t.letterOAsZeroRatio))}`,
      `${t.genuineZeroRatio.length}: ${below(t.genuineZeroRatio, MAX_ZERO_RATIO)} below, min ${fmt(min(t.genuineZeroRatio))}`,
    ]);
    const unreferenced = (xs: readonly number[]) => xs.filter((x) => !Number.isNaN(x));
    borrowedRows.push([
      set.name,
      `${t.letterOAsZeroBorrowed.length}: ${below(t.letterOAsZeroBorrowed, MAX_ZERO_RATIO)} below, min ${fmt(min(t.letterOAsZeroBorrowed))}, max ${fmt(max(t.letterOAsZeroBorrowed))}`,
      `${t.genuineZeroBorrowed.length}: ${below(t.genuineZeroBorrowed, MAX_ZERO_RATIO)} below, min ${fmt(min(t.genuineZeroBorrowed))}`,
      `${unreferenced(t.letterOAsZeroUnreferenced).length}: ${below(unreferenced(t.letterOAsZeroUnreferenced), MAX_ZERO_SHARE)} below`,
      `${unreferenced(t.genuineZeroUnreferenced).length}: ${below(unreferenced(t.genuineZeroUnreferenced), MAX_ZERO_SHARE)} below`,
    ]);
    const letters = (r: Record<string, number[]>, keep: (ch: string) => boolean) => Object.entries(r).flatMap(([ch, xs]) => (keep(ch) ? xs : []));
    const other = (ch: string) => !NAME_FILLERS_KEPT.includes(ch);
    const atOrAbove = (xs: readonly number[]) => xs.filter((x) => x >= MIN_NAME_FILLER_RATIO).length;
    const g = letters(t.genuineName, other), f = letters(t.fillerAsName, other);
    const c = (r: Record<string, number[]>) => r.C ?? [];
    const both = (ks: ReadonlyArray<{ share: number | null; ratio: number }>) => ks.filter((k) => k.share !== null && k.share < MAX_SHARE && k.ratio >= MIN_NAME_FILLER_RATIO).length;
    endRows.push([
      set.name,
      `${g.length}: ${atOrAbove(g)} at or above, max ${fmt3(max(g))}`,
      `${f.length}: ${atOrAbove(f)} at or above, min ${fmt3(min(f))}`,
      `${c(t.genuineName).length}: ${atOrAbove(c(t.genuineName))} at or above, max ${fmt3(max(c(t.genuineName)))}`,
      `${c(t.fillerAsName).length}: ${atOrAbove(c(t.fillerAsName))} at or above`,
      ...[...NAME_FILLERS_KEPT].flatMap((ch) => [`${t.genuineName[ch]?.length ?? 0}: ${atOrAbove(t.genuineName[ch] ?? [])} at or above, max ${fmt3(max(t.genuineName[ch] ?? []))}`, `${t.fillerAsName[ch]?.length ?? 0}: ${atOrAbove(t.fillerAsName[ch] ?? [])} at or above`]),
      `${t.genuineK.length}: ${both(t.genuineK)} both`,
      `${t.fillerAsK.length}: ${both(t.fillerAsK)} both`,
    ]);
    const atOrAboveM = (xs: readonly number[]) => xs.filter((x) => x >= MIN_M_RATIO).length;
    mRows.push([
      set.name,
      ...M_COLUMNS.flatMap((ch) => [
        `${t.genuineMLike[ch]?.length ?? 0}: ${atOrAboveM(t.genuineMLike[ch] ?? [])} at or above, max ${fmt3(max(t.genuineMLike[ch] ?? []))}`,
        `${t.letterMAs[ch]?.length ?? 0}: ${atOrAboveM(t.letterMAs[ch] ?? [])} at or above, min ${fmt3(min(t.letterMAs[ch] ?? []))}`,
      ]),
      `${Object.entries(t.letterMAs).flatMap(([ch, xs]) => (M_COLUMNS.includes(ch) ? [] : xs)).length}`,
    ]);
    kesRows.push([set.name, String(t.fillerAsKES), ...(['K', 'E', 'S'] as const).map((k) => `${t.genuineKES[k]?.length ?? 0}: min ${fmt(min(t.genuineKES[k] ?? []))}`)]);
    console.log(rows[rows.length - 1]?.join(' | '));
  }
  const body = [
    `Written by \`npm run eval:glyph-heights\` (scripts/eval-glyph-heights.ts) on ${new Date().toISOString().slice(0, 10)}: the evidence behind reading/restoreFillers.ts (docs/document-verification.md, step 6). Documents: those expected to be read whose labels give the MRZ lines and whose format the engine found. "Share": the way from the line's filler height (0) to its letter height (names) or digit height (optional data) (1); "below": under the shipped \`maxShare\` ${MAX_SHARE}.`,
    '',
    markdownTable(
      ['set', 'documents', 'fillers read `<`: height / letter height, median (n)', 'fillers read `C` in names', 'genuine `C`s in names', 'fillers read as digits in optional data', 'genuine digits in optional data'],
      rows,
    ),
    '',
    markdownTable(['set', 'fillers read `K`/`E`/`S` in names', 'genuine `K`', 'genuine `E`', 'genuine `S`'], kesRows),
    '',
    `The letter \`O\` and the digit \`0\` where both are allowed (document numbers, optional data; reading/zeroShapes.ts), on the scale of \`digitLineScale\`: the way from the line's letter height (0) to its digit height (1), in lines whose two heights lie at least 4% apart; "below": under the shipped \`maxShare\` ${MAX_ZERO_SHARE} (a \`0\` read is then taken for an \`O\`), "at or above": at or above the shipped \`minDigitShare\` ${MIN_DIGIT_SHARE} (an \`O\` read is then taken for a \`0\`).`,
    '',
    markdownTable(['set', 'letters `O` read as `0`', 'genuine zeros read as `0`', 'zeros read as `O`', 'genuine letters `O` read as `O`'], zeroRows),
    '',
    `The same zeros read as \`0\` where letters are allowed, against the line's zero height (\`zeroReferenceHeight\`: the median height of the zeros read where only digits are allowed, dates and check digits), in lines that have such zeros; the engine judges them this way there, and on the scale above elsewhere. "Below": under the shipped \`maxZeroRatio\` ${MAX_ZERO_RATIO} (taken for an \`O\`). OCR-B draws its \`O\` at about 0.93 of its \`0\`.`,
    '',
    markdownTable(['set', 'letters `O` read as `0`: height / zero height', 'genuine zeros read as `0`: height / zero height'], zeroRatioRows),
    '',
    `The same zeros, in lines without zeros at digit-only positions (TD1 line 1 has one such position), against the zero height they could borrow from the window's other lines (their zero heights scaled by the ratio of the lines' digit heights; an experiment the engine does not ship), and, for comparison, on the line's own scale above, which the engine judges them on (where it can). "Below": under the shipped \`maxZeroRatio\` ${MAX_ZERO_RATIO} and \`maxShare\` ${MAX_ZERO_SHARE}.`,
    '',
    markdownTable(['set', 'letters `O` read as `0`: height / borrowed zero height', 'genuine zeros read as `0`: height / borrowed zero height', 'the same letters `O`: on the line scale', 'the same genuine zeros: on the line scale'], borrowedRows),
    '',
    `Letters read in name fields followed by a filler or ending the field (restoreSeparator.ts \`restoreNameFillers\`): the recogniser's probability of the filler over that of the letter read, at the letter's frames. "At or above": at or above the shipped \`minRatio\` ${MIN_NAME_FILLER_RATIO} (the letter is then taken for a filler, except \`${NAME_FILLERS_KEPT}\`, which the rule never changes). The \`C\`s are also counted among the letters other than \`${NAME_FILLERS_KEPT}\`. "Both": of every \`K\` read in a name field, those below the shipped \`maxShare\` ${MAX_SHARE} on the line's name scale (table above) and at or above \`minRatio\`, which restoreFillers.ts turns into a filler.`,
    '',
    markdownTable(['set', 'genuine letters other than `K`', 'fillers read as such letters', 'genuine `C`', 'fillers read `C`', 'genuine `K`', 'fillers read `K`', 'genuine `K`: both', 'fillers read `K`: both'], endRows),
    '',
    `### Letters M read as N\n\nLetters read in name fields (reading/restoreLetterM.ts): the recogniser's probability of \`M\` over that of the letter read, at the letter's frames, where the letter is printed (genuine) and where an \`M\` is. "At or above": at or above the shipped \`minRatio\` ${MIN_M_RATIO} (an \`N\` is then taken for an \`M\`; \`R\` and \`H\` never are). Only the line read whole from the quads found is measured; the engine also reads some lines in windows, whose misreadings differ.`,
    '',
    markdownTable(['set', ...M_COLUMNS.flatMap((ch) => [`genuine \`${ch}\``, `\`M\` read \`${ch}\``]), '`M` read as other letters'], mRows),
    '',
  ].join('\n');
  console.log(body);
  if (!args['no-write']) {
    const file = path.join(repoRoot, 'docs', 'accuracy.md');
    await editDocument(file, '# Accuracy\n\nMeasured accuracy of each engine, written by the evaluation scripts.', (doc) => replaceSection(doc, '## Glyph heights of MRZ fillers', body));
    console.log('wrote docs/accuracy.md (Glyph heights of MRZ fillers)');
  }
}

await main();
