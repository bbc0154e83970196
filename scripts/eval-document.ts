/**
 * `npm run eval:document`: measures the document engine (functions/engines/document) on labelled document images
 * and writes the result into docs/accuracy.md ("Document verification").
 *
 * - Data: every `labels.json` set under `--data` (default `../shared/data/documents`: real specimens and samples,
 *   schema in its README.md), with `--rotate 15,35` the same images turned by those angles, with `--zoom-out 2.5`
 *   the same images small in a larger frame, with `--perspective 0.2` seen obliquely, with `--glare 0.6` under a
 *   light spot, with `--blur 1.5`, `--scale 0.6` and `--jpeg 30` blurred, smaller and compressed, with
 *   `--thumbnail 360:60` as small compressed thumbnails, with `--bend 0.02` bowed, with `--shadow 0.5` half in a shadow, with `--stamp 0.5`
 *   under a "SPECIMEN" stamp, with `--web-page` shown among paragraphs of a web page, and with
 *   `--synthetic DIR` a set written by `npm run gen:documents`.
 * - Each image is one case, sent as an integrator would: `front` images as the front; `back` and `front+back`
 *   images as both front and back; with the seed template of the document's kind (a visa is sent as a passport),
 *   and the set's reference date as the verification date.
 * - Scoring (functions/engines/document/evaluation/scoreReading.ts): field accuracy per SPEC.md 2.4 field on
 *   `read` documents, full-document exact match (every field right), and the refusals expected of the negatives
 *   (failing check digits, visas, no MRZ, unreadable barcodes).
 * - `--ocr LIST` (default `mrz-fcn+paddle`, the shipped setting): the line recognisers, comma-separated, from
 *   `mrz-fcn+paddle` (the project's MRZ recogniser, PaddleOCR's for readings it does not make clean), `mrz-fcn`,
 *   `paddle` and `tesseract`; more than one adds the OCR engine comparison. Only the shipped setting's sections are
 *   written.
 *
 * - `--with-fronts` (with --no-write): a `back` image whose labels name the card's front (`frontFile`, which the
 *   synthetic generator writes for TD1 cards and licences) is sent as the back, with that front (in the same view) as
 *   the front, as an integrator with both sides sends them; other cases as above.
 * - `--http` (with --no-write): every case is sent through the local HTTP API instead of in process, as an integrator
 *   and the issue's check send it: the service `npm start` runs, started in a child process with a fresh DATA_DIR
 *   (scripts/lib/localServiceProcess.ts), each case a new session on the sandbox workflow, `POST /id-verification`
 *   with the template's `documentId`, the image base64 as `frontImageBase64` (and `backImageBase64`) and its
 *   `fileExtension`; the response's `result` and `decision` are scored. The time per case is then the request's, and
 *   the verification date is the service's clock, not the set's reference date (expiry decides the decision, not the
 *   fields scored). Only the shipped recognisers run there, so --ocr, --no-name-prior, --no-arbiter,
 *   --no-name-witness, --no-visual-zone and --no-blur-pass are refused with it, and --verbose prints no engine evidence.
 *
 * Options: --data DIR, --synthetic DIR, --rotate DEGREES, --zoom-out FACTORS, --perspective SHARES, --glare OPACITIES,
 * --blur SIGMAS, --scale SHARES, --jpeg QUALITIES, --thumbnail WIDTH:QUALITY, --motion LENGTHS, --noise SIGMAS, --bend SHARES, --dim SHARES,
 * --shadow SHARES[:right], --stamp OPACITIES, --web-page, --with-fronts, --http,
 * --ocr ENGINE, --no-name-prior (names chosen by the recognisers alone, step 8 without the name model; with
 * --no-write), --no-arbiter (step 9's undecided disputes left undecided, without the recogniser trained on more
 * typefaces, which then weighs no names either; with --no-write), --no-name-witness (step 8's names weighed by the
 * two recognisers alone, without that recogniser as a third witness; with --no-write), --no-visual-zone (names in doubt
 * not put to the visual zone, reading/witnessNames.ts; with --no-write), --no-blur-pass (pages the other steps leave
 * unread or with a field's check digit failing not read again with the recogniser of blurred lines, readMrzZone.ts
 * step 15; with --no-write), --no-write, --verbose (a line
 * per case, per name line the recognisers changed, with its gain, and per state code they chose over the closed list,
 * with its lead and cost), --corrections (a line per correction one check digit alone proves that step 12 weighed,
 * readMrzZone.ts: the decoding's probabilities at its changes, the glyph's likeness to the zone's other glyphs of the
 * character read and of the correction's where step 12 measured it, the third character's share, whether it restored the
 * printed character, and whether step 12 undid it; then their spread over right and wrong corrections against
 * RIVAL_BOUNDS, confirmCorrections.ts; not with --http).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { DOCUMENT_TEMPLATES_SEED, loadDocumentEngine, type DocumentEngine, type DocumentReading } from '../functions/engines/document/index.ts';
import { loadDocumentCases, templateIdFor, type DocumentCase } from '../functions/engines/document/evaluation/labelSet.ts';
import { SCORED_FIELDS, scoreReading, type CaseScore } from '../functions/engines/document/evaluation/scoreReading.ts';
import { editDocument, markdownTable, replaceSection } from '../functions/engines/evaluation/markdown.ts';
import { loadTesseractLineRecognizer } from '../functions/engines/document/ocr/tesseract/tesseractLineRecognizer.ts';
import { keystone, warpPerspective } from '../functions/engines/document/image/warpPerspective.ts';
import { addGaussianNoise, bowRows, lightSpotSvg } from '../functions/engines/document/synthetic/degradeImage.ts';
import { createRandom } from '../functions/engines/document/synthetic/random.ts';
import { EMPTY_FIELDS } from '../functions/engines/document/reading/emptyFields.ts';
import { CHECK_ID, DOCUMENT_ERROR_CATEGORY, type DocumentErrorCategory } from '../functions/engines/document/constants.ts';
import { MRZ_TOO_SMALL } from '../functions/engines/document/checks/checkMrzResolution.ts';
import { NAMES_IN_DOUBT } from '../functions/engines/document/checks/checkNamesConfident.ts';
import { STATE_CODE_UNLISTED } from '../functions/engines/document/checks/checkStateCodesListed.ts';
import { startServiceProcess, type Sandbox } from './lib/localServiceProcess.ts';
import { correctionSpread, judgeCorrection, rivalShare, type JudgedCorrection } from '../functions/engines/document/evaluation/correctionEvidence.ts';
import { RIVAL_BOUNDS, type WeighedChange } from '../functions/engines/document/reading/confirmCorrections.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** The recognisers loadDocumentEngine uses by default. */
const SHIPPED_OCR = 'mrz-fcn+paddle';
/** Names of the recognisers in the report. */
const OCR_NAMES: Record<string, string> = {
  'mrz-fcn+paddle': 'own MRZ recogniser (mrz-fcn), PaddleOCR PP-OCRv4 on readings it does not make clean, mrz-fcn-faces on disputes both leave undecided and on names (shipped)',
  'mrz-fcn': 'own MRZ recogniser alone (mrz-fcn, ONNX, constrained CTC decoding)',
  paddle: 'PaddleOCR PP-OCRv4 mobile alone (ONNX, constrained CTC decoding)',
  tesseract: 'Tesseract 5 LSTM eng (tesseract.js, whitelist 0-9A-Z<)',
};
const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: path.resolve(repoRoot, '..', 'shared', 'data', 'documents') },
    synthetic: { type: 'string' },
    ocr: { type: 'string', default: SHIPPED_OCR },
    'no-write': { type: 'boolean', default: false },
    'no-name-prior': { type: 'boolean', default: false },
    'no-arbiter': { type: 'boolean', default: false },
    'no-name-witness': { type: 'boolean', default: false },
    'no-visual-zone': { type: 'boolean', default: false },
    'no-blur-pass': { type: 'boolean', default: false },
    http: { type: 'boolean', default: false },
    'with-fronts': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    corrections: { type: 'boolean', default: false },
    rotate: { type: 'string' },
    'zoom-out': { type: 'string' },
    perspective: { type: 'string' },
    glare: { type: 'string' },
    blur: { type: 'string' },
    scale: { type: 'string' },
    jpeg: { type: 'string' },
    thumbnail: { type: 'string' },
    motion: { type: 'string' },
    noise: { type: 'string' },
    bend: { type: 'string' },
    dim: { type: 'string' },
    shadow: { type: 'string' },
    stamp: { type: 'string' },
    'web-page': { type: 'boolean', default: false },
  },
});

/**
 * `--rotate 15,35`: the real specimens again, each image turned by that many degrees (clockwise, by sharp/libvips
 * onto a grey-blue table, the canvas grown to hold it): a reproducible probe of photos taken at an angle.
 */
const ROTATIONS = (args.rotate ?? '').split(',').filter(Boolean).map(Number);
if (ROTATIONS.some((d) => !Number.isFinite(d))) throw new Error(`--rotate takes degrees separated by commas, e.g. 15,35; got ${args.rotate}`);
/**
 * `--zoom-out 2.5`: the real specimens again, each image placed at its own size on a grey-blue table that many times
 * its width and height (a third of the spare width to its left, centred vertically): a reproducible probe of photos
 * in which the document fills only part of the frame (40% of its width at 2.5), as a phone held further away takes.
 */
const ZOOM_OUTS = (args['zoom-out'] ?? '').split(',').filter(Boolean).map(Number);
if (ZOOM_OUTS.some((f) => !Number.isFinite(f) || f < 1)) throw new Error(`--zoom-out takes factors of at least 1 separated by commas, e.g. 2.5; got ${args['zoom-out']}`);
/**
 * `--perspective 0.2`: the real specimens again, each seen obliquely (`image/warpPerspective.ts` `keystone`): its top
 * edge that share shorter than its bottom edge and its right edge half that share shorter than its left, on a
 * grey-blue table 5% wider all round: a reproducible probe of photos taken from below and to the left.
 */
const PERSPECTIVES = (args.perspective ?? '').split(',').filter(Boolean).map(Number);
if (PERSPECTIVES.some((k) => !(k > 0 && k <= 0.6))) throw new Error(`--perspective takes shares in (0, 0.6] separated by commas, e.g. 0.2; got ${args.perspective}`);
/**
 * `--glare 0.6`: the real specimens again, each under a white light spot of that peak opacity, an ellipse 0.35 of
 * the image wide and 0.25 high centred at 60% of its width and 80% of its height (where a data page's MRZ lies),
 * fading out to its edge: a reproducible probe of the reflection of a lamp on a laminated page.
 */
const GLARES = (args.glare ?? '').split(',').filter(Boolean).map(Number);
if (GLARES.some((a) => !(a > 0 && a <= 1))) throw new Error(`--glare takes peak opacities in (0, 1] separated by commas, e.g. 0.6; got ${args.glare}`);
/**
 * `--blur 1.5`: the real specimens again, each blurred by a Gaussian of that sigma in pixels (sharp/libvips `blur`):
 * a reproducible probe of a photo slightly out of focus or shaken.
 */
const BLURS = (args.blur ?? '').split(',').filter(Boolean).map(Number);
if (BLURS.some((s) => !(s >= 0.3 && s <= 10))) throw new Error(`--blur takes sigmas in [0.3, 10] pixels separated by commas, e.g. 1.5; got ${args.blur}`);
/**
 * `--scale 0.6`: the real specimens again, each resized to that share of its width and height (Lanczos-3, sharp's
 * default kernel): a reproducible probe of a lower-resolution camera or an integrator that downsizes before upload.
 */
const SCALES = (args.scale ?? '').split(',').filter(Boolean).map(Number);
if (SCALES.some((f) => !(f > 0 && f < 1))) throw new Error(`--scale takes shares in (0, 1) separated by commas, e.g. 0.6; got ${args.scale}`);
/**
 * `--jpeg 30`: the real specimens again, each re-encoded as a JPEG of that quality (libjpeg scale 1-100, 4:2:0
 * chroma subsampling, sharp's default): a reproducible probe of strongly compressed uploads.
 */
const JPEG_QUALITIES = (args.jpeg ?? '').split(',').filter(Boolean).map(Number);
if (JPEG_QUALITIES.some((q) => !(Number.isInteger(q) && q >= 1 && q <= 100))) throw new Error(`--jpeg takes qualities from 1 to 100 separated by commas, e.g. 30; got ${args.jpeg}`);
/**
 * `--thumbnail 360:60`: the real specimens again, each image wider than that many pixels shrunk to that width
 * (Lanczos-3) and re-encoded as a JPEG of that quality: a reproducible probe of the small, compressed web
 * thumbnails of specimens (the shared set's README counts thumbnails of about 250-400 px among its captures).
 */
const THUMBNAILS = (args.thumbnail ?? '').split(',').filter(Boolean).map((t) => {
  const m = /^(\d+):(\d+)$/.exec(t);
  const width = Number(m?.[1]), quality = Number(m?.[2]);
  if (!m || width < 50 || !(quality >= 1 && quality <= 100)) throw new Error(`--thumbnail takes WIDTH:QUALITY pairs separated by commas, e.g. 360:60; got ${args.thumbnail}`);
  return { width, quality };
});
/**
 * `--motion 5`: the real specimens again, each smeared along its rows by that many pixels (the mean of a horizontal run
 * of that odd length, a box kernel convolved by sharp/libvips): a reproducible probe of a phone moved sideways while
 * the shutter was open, the smear running along the MRZ lines, where characters run into each other.
 */
const MOTIONS = (args.motion ?? '').split(',').filter(Boolean).map(Number);
if (MOTIONS.some((n) => !(Number.isInteger(n) && n >= 3 && n % 2 === 1 && n <= 51))) throw new Error(`--motion takes odd lengths of 3-51 pixels separated by commas, e.g. 5; got ${args.motion}`);
/**
 * `--noise 12`: the real specimens again, each with independent Gaussian noise of that sigma (0-255 scale) added to
 * every channel of every pixel (seeded per image, synthetic/random.ts), as the generator adds it (degradeImage.ts): a
 * reproducible probe of a small sensor in poor light.
 */
const NOISES = (args.noise ?? '').split(',').filter(Boolean).map(Number);
/**
 * `--bend 0.02`: the real specimens again, each bowed as a data page curving towards a passport's spine or a card
 * held bent in the hand: column x shifted down by `share × width × (2x/width - 1)²` (bilinear, the canvas that much
 * taller at the bottom, white), so the rows arch, their ends lower than their middle by that share of the image's width
 * (0.02: 20 px on a 1000-px image, about 0.6 of the 4.2-mm MRZ line pitch of a 125-mm passport page filling it). A
 * reproducible probe of a page no straight box holds a line of (image/rowBend.ts, image/flattenPage.ts).
 */
const BENDS = (args.bend ?? '').split(',').filter(Boolean).map(Number);
if (BENDS.some((f) => !(f > 0 && f <= 0.1))) throw new Error(`--bend takes shares of the width in (0, 0.1] separated by commas, e.g. 0.02; got ${args.bend}`);
if (NOISES.some((n) => !(n > 0 && n <= 64))) throw new Error(`--noise takes sigmas in (0, 64] separated by commas, e.g. 12; got ${args.noise}`);
/**
 * `--dim 0.35`: the real specimens again, every channel multiplied by that share (sharp `linear`), white paper
 * becoming dark grey: a reproducible probe of an underexposed photo.
 */
const DIMS = (args.dim ?? '').split(',').filter(Boolean).map(Number);
if (DIMS.some((f) => !(f > 0 && f < 1))) throw new Error(`--dim takes shares in (0, 1) separated by commas, e.g. 0.35; got ${args.dim}`);
/**
 * `--shadow 0.4`: the real specimens again, each with the part left of a slanting line darkened to that share of its
 * brightness (black laid over it at opacity 1 - share), the line running from 35% of the width at the bottom edge to
 * 65% at the top, its edge a linear ramp 3% of the image's width across: a reproducible probe of the shadow of a hand
 * or a phone falling across a page, so that an MRZ line (near the bottom) is dark at its start and light at its end.
 * `0.4:right` darkens the part right of the line instead, most of each MRZ line with its check digits.
 */
const SHADOWS = (args.shadow ?? '').split(',').filter(Boolean).map((t) => {
  const m = /^([0-9.]+)(?::(left|right))?$/.exec(t);
  const share = Number(m?.[1]);
  if (!m || !(share > 0 && share < 1)) throw new Error(`--shadow takes shares in (0, 1), each optionally :left or :right, separated by commas, e.g. 0.4,0.4:right; got ${args.shadow}`);
  return { share, side: (m[2] ?? 'left') as 'left' | 'right' };
});
/**
 * `--stamp 0.5`: the real specimens again, each under the word `SPECIMEN` in red (#d01010) DejaVu Sans Bold at that
 * opacity, as issuers and encyclopaedias lay it over published specimens: turned by -15°, about 0.7 of the image wide
 * (font size 0.125 of the width), centred at 50% of its width and 80% of its height, across where a data page's MRZ
 * lies (the same place as `--glare`), so that the letters' strokes, one or two MRZ characters thick, cross its lines.
 * The stamp is laid over the image (alpha compositing), as an image editor adds it to a scan.
 */
const STAMPS = (args.stamp ?? '').split(',').filter(Boolean).map(Number);
if (STAMPS.some((a) => !(a > 0 && a <= 1))) throw new Error(`--stamp takes opacities in (0, 1] separated by commas, e.g. 0.5; got ${args.stamp}`);
/**
 * `--web-page`: the real specimens again, each shown on a web page as a screenshot takes it: a white page 40 px wider
 * than the image on each side, a dark header bar 56 px high, and eight lines of paragraph text above the image and
 * eight below (DejaVu Sans 16 px, #222, 26 px apart, as wide as the image), so that the page's text lines are at least
 * as elongated as the MRZ lines (docs/document-verification-log.md "Specimens shown on web pages").
 */
const WEB_PAGE = args['web-page'];
const PARAGRAPH =
  'Specimens of travel and identity documents are published so that officers and businesses can check them. Click on the image to view a larger version of the specimen. Further information on the security features is available from the issuing authority. ';
const TABLE = { r: 90, g: 100, b: 110 };

/** Re-encodes an image in its file's own format (JPEG at quality 92, PNG otherwise). */
function encoded(image: Sharp, file: string): Promise<Buffer> {
  return /\.jpe?g$/i.test(file) ? image.jpeg({ quality: 92 }).toBuffer() : image.png().toBuffer();
}

/** The image turned by `degrees` (see `--rotate`). */
function turned(degrees: number): (bytes: Buffer, file: string) => Promise<Buffer> {
  return (bytes, file) => encoded(sharp(bytes).rotate().rotate(degrees, { background: TABLE }), file);
}

/** The image on a table `factor` times its size (see `--zoom-out`). */
function zoomedOut(factor: number): (bytes: Buffer, file: string) => Promise<Buffer> {
  return async (bytes, file) => {
    const { data, info } = await sharp(bytes).rotate().toBuffer({ resolveWithObject: true });
    const width = Math.round(info.width * factor), height = Math.round(info.height * factor);
    const table = sharp({ create: { width, height, channels: 3, background: TABLE } });
    const left = Math.round((width - info.width) / 3), top = Math.round((height - info.height) / 2);
    return encoded(table.composite([{ input: data, left, top }]), file);
  };
}

/** The image seen obliquely (see `--perspective`). */
function keystoned(strength: number): (bytes: Buffer, file: string) => Promise<Buffer> {
  return async (bytes, file) => {
    const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const view = keystone(info.width, info.height, strength);
    const warped = warpPerspective({ width: info.width, height: info.height, data }, view.to, view.width, view.height, [TABLE.r, TABLE.g, TABLE.b]);
    return encoded(sharp(warped.data, { raw: { width: warped.width, height: warped.height, channels: 3 } }), file);
  };
}

/** The image under a light spot (see `--glare`). */
function glared(opacity: number): (bytes: Buffer, file: string) => Promise<Buffer> {
  return async (bytes, file) => {
    const { data, info } = await sharp(bytes).rotate().removeAlpha().toBuffer({ resolveWithObject: true });
    const { width: w, height: h } = info;
    const spot = { cx: 0.6 * w, cy: 0.8 * h, rx: 0.175 * w, ry: 0.125 * h };
    const svg = lightSpotSvg(w, h, spot, [[0, String(opacity)], [0.5, (opacity * 0.7).toFixed(3)], [1, '0']]);
    return encoded(sharp(data).composite([{ input: svg }]), file);
  };
}

/** The image's encoded pixels (JPEG or PNG, as sharp keeps them) turned upright by its EXIF orientation, transparency flattened onto white as loadImage.ts does, with their size. */
function uprightOnWhite(bytes: Buffer): Promise<{ data: Buffer; info: OutputInfo }> {
  return sharp(bytes).rotate().flatten({ background: '#ffffff' }).toBuffer({ resolveWithObject: true });
}

/** The image with a shadow across it (see `--shadow`); transparency flattened onto white first, as loadImage.ts does. */
function shadowed(share: number, side: 'left' | 'right'): (bytes: Buffer, file: string) => Promise<Buffer> {
  return async (bytes, file) => {
    const { data, info } = await uprightOnWhite(bytes);
    const { width: w, height: h } = info;
    // The gradient runs across the line (normal n to its direction (0.3w, -h)) over 3% of the width, centred on it.
    const norm = Math.hypot(h, 0.3 * w), half = 0.015 * w;
    const nx = (h / norm) * half, ny = ((0.3 * w) / norm) * half;
    const sign = side === 'left' ? 1 : -1;
    const [x1, y1, x2, y2] = [0.5 * w - sign * nx, 0.5 * h - sign * ny, 0.5 * w + sign * nx, 0.5 * h + sign * ny].map((v) => v.toFixed(1));
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="s" gradientUnits="userSpaceOnUse" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
        `<stop offset="0" stop-color="#000" stop-opacity="${(1 - share).toFixed(3)}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs>` +
        `<rect width="${w}" height="${h}" fill="url(#s)"/></svg>`,
    );
    return encoded(sharp(data).composite([{ input: svg }]), file);
  };
}

/** The image under a `SPECIMEN` stamp (see `--stamp`); transparency flattened onto white first, as loadImage.ts does. */
function stamped(opacity: number): (bytes: Buffer, file: string) => Promise<Buffer> {
  return async (bytes, file) => {
    const { data, info } = await uprightOnWhite(bytes);
    const { width: w, height: h } = info;
    const [cx, cy, size] = [0.5 * w, 0.8 * h, 0.125 * w].map((v) => v.toFixed(1));
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><text x="${cx}" y="${cy}" transform="rotate(-15 ${cx} ${cy})" ` +
        `text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" ` +
        `fill="#d01010" fill-opacity="${opacity}">SPECIMEN</text></svg>`,
    );
    return encoded(sharp(data).composite([{ input: svg }]), file);
  };
}

/** The image on a web page (see `--web-page`); transparency flattened onto white first, as loadImage.ts does. */
async function onWebPage(bytes: Buffer, file: string): Promise<Buffer> {
  const { data, info } = await uprightOnWhite(bytes);
  const { width: w, height: h } = info;
  const margin = 40, header = 56, pitch = 26, lines = 8;
  const width = w + 2 * margin, top = header + 24 + lines * pitch + 16, height = top + h + 16 + lines * pitch + 24;
  // Each line a slice of the paragraph about as wide as the image (DejaVu Sans 16 px averages about 8.5 px a character).
  const perLine = Math.max(10, Math.floor(w / 8.5));
  const text = (y0: number, k0: number) =>
    Array.from({ length: lines }, (_, i) => {
      const start = ((k0 + i) * perLine) % PARAGRAPH.length;
      const line = (PARAGRAPH + PARAGRAPH).slice(start, start + perLine).trim();
      return `<text x="${margin}" y="${y0 + i * pitch}" font-family="DejaVu Sans" font-size="16" fill="#222222">${line}</text>`;
    }).join('');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#ffffff"/>` +
      `<rect width="${width}" height="${header}" fill="#202428"/><text x="${margin}" y="${header / 2 + 7}" font-family="DejaVu Sans" font-size="20" font-weight="bold" fill="#ffffff">Public Register of Identity Documents</text>` +
      text(header + 24 + 16, 0) + text(top + h + 16 + 16, lines) + '</svg>',
  );
  return encoded(sharp(svg).composite([{ input: data, left: margin, top }]), file);
}

/** The image blurred (see `--blur`). */
function blurred(sigma: number): (bytes: Buffer, file: string) => Promise<Buffer> {
  return (bytes, file) => encoded(sharp(bytes).rotate().blur(sigma), file);
}

/** The image made smaller (see `--scale`). */
function scaled(factor: number): (bytes: Buffer, file: string) => Promise<Buffer> {
  return async (bytes, file) => {
    const { info } = await sharp(bytes).rotate().toBuffer({ resolveWithObject: true });
    const width = Math.max(1, Math.round(info.width * factor)), height = Math.max(1, Math.round(info.height * factor));
    return encoded(sharp(bytes).rotate().resize(width, height, { fit: 'fill' }), file);
  };
}

/** The image smeared along its rows (see `--motion`). */
function smeared(length: number): (bytes: Buffer, file: string) => Promise<Buffer> {
  // A kernel 3 rows high whose middle row holds the run: sharp wants kernels of at least 3 x 3.
  const kernel = [...Array<number>(length).fill(0), ...Array<number>(length).fill(1), ...Array<number>(length).fill(0)];
  return (bytes, file) => encoded(sharp(bytes).rotate().convolve({ width: length, height: 3, kernel, scale: length }), file);
}

/**
 * The image with Gaussian noise (see `--noise`), seeded by the file's set and name (`passporteye/0_pass-lva.jpg`), so
 * that every run on every machine adds the same; transparency flattened onto white first, as loadImage.ts does.
 */
function noisy(sigma: number): (bytes: Buffer, file: string) => Promise<Buffer> {
  return async (bytes, file) => {
    const { data, info } = await sharp(bytes).rotate().flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
    let seed = 0;
    for (const ch of `${path.basename(path.dirname(file))}/${path.basename(file)}`) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) >>> 0;
    addGaussianNoise(data, sigma, createRandom(seed));
    return encoded(sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }), file);
  };
}

/** The image bowed (see `--bend`, degradeImage.ts `bowRows`); transparency flattened onto white first, as loadImage.ts does. */
function bent(share: number): (bytes: Buffer, file: string) => Promise<Buffer> {
  return async (bytes, file) => {
    const { data, info } = await sharp(bytes).rotate().flatten({ background: '#ffffff' }).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const bowed = bowRows({ width: info.width, height: info.height, data }, share);
    return encoded(sharp(bowed.data, { raw: { width: bowed.width, height: bowed.height, channels: 3 } }), file);
  };
}

/** The image darkened (see `--dim`); transparency flattened onto white first, as loadImage.ts does. */
function dimmed(share: number): (bytes: Buffer, file: string) => Promise<Buffer> {
  return (bytes, file) => encoded(sharp(bytes).rotate().flatten({ background: '#ffffff' }).linear(share, 0), file);
}

/** The image as a thumbnail (see `--thumbnail`); transparency flattened onto white, as loadImage.ts does. */
function thumbnail(width: number, quality: number): (bytes: Buffer) => Promise<Buffer> {
  return (bytes) => sharp(bytes).rotate().resize({ width, withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer();
}

/** The image compressed (see `--jpeg`); transparency flattened onto white, as loadImage.ts does. */
function compressed(quality: number): (bytes: Buffer) => Promise<Buffer> {
  return (bytes) => sharp(bytes).rotate().flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer();
}

/** The errorCategory a Failed step's statusReason opens with (`mrz_not_found: ...`), or null when it names none. */
function failedCategory(statusReason: string | null | undefined): DocumentErrorCategory | null {
  const named = statusReason?.match(/^([a-z_]+):/)?.[1];
  return (Object.values(DOCUMENT_ERROR_CATEGORY) as string[]).includes(named ?? '') ? (named as DocumentErrorCategory) : null;
}

/**
 * The engine as the local HTTP API serves it (see `--http`): each `verify` is a `POST /id-verification` on a new
 * session. A response without a result (status `Failed`, or an error answer) reads as every field null, its
 * errorCategory the one its statusReason opens with ({@link failedCategory}), its decision as given (null counts as
 * not approved); an answer other than 200 is printed.
 */
function httpEngine(sandbox: Sandbox): DocumentEngine {
  return {
    models: [],
    async verify({ front, back, template }) {
      const body = {
        workflowId: sandbox.workflowId,
        documentId: template.id,
        frontImageBase64: front.toString('base64'),
        ...(back ? { backImageBase64: back.toString('base64') } : {}),
        fileExtension: (await fileTypeFromBuffer(front))?.ext ?? 'jpg',
      };
      const t0 = performance.now();
      const res = await fetch(`${sandbox.baseUrl}/id-verification`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey }, body: JSON.stringify(body) });
      const answer = (await res.json()) as { status?: string; decision?: DocumentReading['decision'] | null; statusReason?: string | null; result?: DocumentReading['result'] | null; detail?: string };
      if (res.status !== 200) console.log(`       HTTP ${res.status}: ${answer.detail ?? ''}`);
      return {
        // A Failed step has no result; its statusReason opens with the errorCategory (core/steps/id-verification.ts).
        result: answer.result ?? { ...EMPTY_FIELDS, isMismatch: false, errorCategory: failedCategory(answer.statusReason) },
        outcome: answer.result ? 'read' : 'unprocessable',
        decision: (answer.decision ?? null) as DocumentReading['decision'],
        reason: answer.statusReason ?? null,
        checks: [],
        timings: { totalMs: performance.now() - t0 },
      };
    },
  };
}

/** --corrections: every correction step 12 weighed in the run, judged. */
const judgedCorrections: JudgedCorrection[] = [];

/** One weighed correction on a line: its changes with the decoding's probabilities, the share, truth, outcome. */
function describeCorrection(j: JudgedCorrection): string {
  const w = j.weighed;
  const like = (v: number | null) => (v === null ? '-' : v.toFixed(3));
  const glyphs = (x: WeighedChange) => (x.glyphs ? ` glyphs like ${x.from} ${like(x.glyphs.read)}, like ${x.to} ${like(x.glyphs.corrected)}` : '');
  const changes = w.changes.map((x) => `${x.line + 1}:${x.index} ${x.from}>${x.to} p ${x.p.toFixed(3)}${x.rival ? ` third ${x.rival.char} ${x.rival.p.toFixed(3)}` : ''}${glyphs(x)}`).join(', ');
  return `${w.field} ${changes}${j.share === null ? '' : ` share ${j.share.toFixed(2)}`} ${j.truth}${w.refutedBy ? `, refuted by ${w.refutedBy}` : ', kept'}`;
}

interface CaseResult {
  readonly c: DocumentCase;
  readonly reading: DocumentReading;
  readonly score: CaseScore;
  readonly ms: number;
}

async function runAll(engine: DocumentEngine, cases: readonly DocumentCase[], transform?: (bytes: Buffer, file: string) => Promise<Buffer>): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  const load = async (file: string) => (transform ? transform(await readFile(file), file) : readFile(file));
  for (const c of cases) {
    const bytes = await load(c.file);
    const template = DOCUMENT_TEMPLATES_SEED.find((t) => t.id === templateIdFor(c.document));
    if (!template) throw new Error(`no seed template ${templateIdFor(c.document)}`);
    const both = c.side === 'back' || c.side === 'front+back';
    // --with-fronts: a back whose labels name its card front is sent beside that front, in the same view.
    const frontBytes = args['with-fronts'] && c.frontFile ? await load(c.frontFile) : null;
    const t0 = performance.now();
    const reading = await engine.verify({ front: frontBytes ?? bytes, back: frontBytes ? bytes : both ? bytes : null, template, now: new Date(`${c.referenceDate}T12:00:00Z`) });
    const ms = performance.now() - t0;
    const score = scoreReading(c.document, reading);
    out.push({ c, reading, score, ms });
    if (args.verbose || !score.pass) {
      console.log(`${score.pass ? 'ok  ' : 'FAIL'} ${ms.toFixed(0).padStart(5)} ms ${c.set}/${path.basename(c.file)} [${c.document.expectedOutcome}] ${reading.decision} ${reading.result.errorCategory ?? ''} ${score.notes.join('; ')}`);
      // A reading the check digits could not tell from another (readMrzZone.ts step 9): how the recognisers weighed it.
      const competitor = args.verbose ? reading.mrz?.competitor : null;
      if (competitor) {
        const subs = competitor.substitutions.map((x) => `${x.line}:${x.index} ${x.from}>${x.to}`).join(' ');
        console.log(`       competitor ${competitor.ratio.toExponential(2)} margin ${competitor.margin.toFixed(2)} ${competitor.resolution}${competitor.byGlyphs ? ' by glyphs' : ''}${competitor.byArbiter ? ' by arbiter' : ''} ${competitor.groups.join(',')} ${subs}`);
      }
      // The MRZ's pixels per character: the evidence behind MRZ_MIN_PITCH_PX (checks/checkMrzResolution.ts).
      const pitch = args.verbose ? reading.mrz?.characterPitch : null;
      if (pitch !== undefined && pitch !== null) console.log(`       pitch ${pitch.toFixed(2)} px`);
      // How far the names returned lead their closest rival (readMrzZone.ts step 8): the evidence behind NAMES_MIN_MARGIN.
      const namesMargin = args.verbose ? reading.mrz?.namesMargin : null;
      if (namesMargin !== undefined && namesMargin !== null) console.log(`       names margin ${namesMargin.toFixed(2)}`);
      const witnessed = args.verbose ? reading.mrz?.namesWitnessed : null;
      if (witnessed) console.log(`       names witnessed by the visual zone: ${witnessed.from === witnessed.to ? `${witnessed.from} confirmed` : `${witnessed.from} -> ${witnessed.to}`}`);
      // Names the two recognisers changed (readMrzZone.ts step 8): the evidence behind arbitrateNames' thresholds.
      for (const n of args.verbose ? (reading.mrz?.namesArbitrated ?? []) : []) console.log(`       names line ${n.line + 1}: ${n.from.replace(/<+$/, '')} -> ${n.to.replace(/<+$/, '')} (gain ${n.gain.toFixed(2)})`);
      // State codes the two recognisers chose over the closed list (readMrzZone.ts step 10).
      for (const s of args.verbose ? (reading.mrz?.statesArbitrated ?? []) : []) console.log(`       state code line ${s.line + 1} at ${s.start}: ${s.from} -> ${s.to} (lead ${s.lead.toFixed(2)}, cost ${s.cost.toFixed(2)})`);
      const code = args.verbose ? reading.mrz?.documentCodeArbitrated : null;
      if (code) console.log(`       document code: ${code.from} -> ${code.to} (lead ${code.lead.toFixed(2)})`);
      // Fields taken from one reading into another (readMrzZone.ts steps 4 and 7c).
      const spliced = args.verbose ? reading.mrz?.spliced : null;
      if (spliced) console.log(`       spliced from another reading: ${spliced.join(',')}`);
      const unlisted = args.verbose ? reading.checks.find((c) => c.id === CHECK_ID.StateCodesListed && !c.passed) : undefined;
      if (unlisted) console.log(`       ${unlisted.detail}`);
      for (const r of args.verbose ? (reading.mrz?.lookAlikesRestored ?? []) : []) console.log(`       ${r.field} line ${r.line + 1} at ${r.index}: ${r.from} set back to ${r.to} (own recogniser ${r.p.toFixed(4)}${r.thirdP === undefined ? '' : `, third ${r.thirdP.toFixed(4)}`})`);
    }
    // --corrections: each correction step 12 weighed, judged against the printed lines (the evidence of RIVAL_BOUNDS).
    for (const weighed of args.corrections ? (reading.mrz?.correctionsWeighed ?? []) : []) {
      const j: JudgedCorrection = { case: `${c.set}/${path.basename(c.file)}`, weighed, truth: judgeCorrection(c.document.mrz?.normalizedLines ?? c.document.mrz?.lines, weighed), share: rivalShare(weighed) };
      judgedCorrections.push(j);
      console.log(`       correction ${j.case}: ${describeCorrection(j)}`);
    }
  }
  return out;
}

interface Summary {
  readonly cases: number;
  readonly documents: number;
  readonly readCases: number;
  readonly exact: number;
  readonly fieldRight: Record<string, [number, number]>;
  readonly negatives: Record<string, [number, number]>;
  readonly acceptedFailing: number;
  /** Cases to read returned with a wrong first or last name and approved (names carry no check digit). */
  readonly wrongNamesApproved: number;
  /**
   * Cases to read whose names the names check found in doubt (checks/checkNamesConfident.ts; in review unless a check
   * declined them), and how many of them had a wrong name.
   */
  readonly namesInDoubt: number;
  readonly namesInDoubtWrong: number;
  /**
   * Cases to read with a state code on no list (checks/checkStateCodesListed.ts; in review unless another check
   * declined them), and how many of them had a country field wrong (null where the truth has a country).
   */
  readonly codesUnlisted: number;
  readonly codesUnlistedWrong: number;
  /** Cases to read returned with any field wrong and approved. */
  readonly wrongFieldsApproved: number;
  /**
   * Cases to read whose MRZ was too small to trust (checks/checkMrzResolution.ts; in review unless a check declined
   * them), and how many of them had a field wrong.
   */
  readonly tooSmall: number;
  readonly tooSmallWrong: number;
  readonly p50: number;
  readonly p95: number;
}

/**
 * Whether the check `id` failed: in process from the reading's checks; through the HTTP API (no checks) from the first
 * failing check's `low_quality` category and reason, which `isReason` recognises.
 */
function failed(reading: DocumentReading, id: string, isReason: (reason: string) => boolean): boolean {
  if (reading.checks.length > 0) return reading.checks.some((c) => c.id === id && !c.passed);
  return reading.result.errorCategory === DOCUMENT_ERROR_CATEGORY.LowQuality && isReason(reading.reason ?? '');
}

function summarise(results: readonly CaseResult[]): Summary {
  const fieldRight: Record<string, [number, number]> = {};
  const negatives: Record<string, [number, number]> = {};
  let exact = 0;
  let readCases = 0;
  let acceptedFailing = 0;
  let wrongNamesApproved = 0;
  let namesInDoubt = 0;
  let namesInDoubtWrong = 0;
  let codesUnlisted = 0;
  let codesUnlistedWrong = 0;
  let wrongFieldsApproved = 0;
  let tooSmall = 0;
  let tooSmallWrong = 0;
  for (const r of results) {
    const outcome = r.c.document.expectedOutcome;
    if (outcome === 'read') {
      readCases++;
      if (r.score.pass) exact++;
      const wrongName = r.score.fields.firstName === false || r.score.fields.lastName === false;
      if (wrongName && r.reading.decision === 'Approved') wrongNamesApproved++;
      const wrongField = Object.values(r.score.fields).some((ok) => ok === false);
      if (wrongField && r.reading.decision === 'Approved') wrongFieldsApproved++;
      if (failed(r.reading, CHECK_ID.MrzResolution, (reason) => reason.startsWith(MRZ_TOO_SMALL))) {
        tooSmall++;
        if (wrongField) tooSmallWrong++;
      }
      // In process every failing check is listed; through the HTTP API only the first one's errorCategory and reason
      // (the step's statusReason) are seen.
      if (failed(r.reading, CHECK_ID.NamesConfident, (reason) => reason.startsWith(NAMES_IN_DOUBT))) {
        namesInDoubt++;
        if (wrongName) namesInDoubtWrong++;
      }
      if (failed(r.reading, CHECK_ID.StateCodesListed, (reason) => reason.includes(STATE_CODE_UNLISTED))) {
        codesUnlisted++;
        if (r.score.fields.issuingCountry === false || r.score.fields.nationality === false) codesUnlistedWrong++;
      }
      for (const [f, ok] of Object.entries(r.score.fields)) {
        const cell = (fieldRight[f] ??= [0, 0]);
        cell[1]++;
        if (ok) cell[0]++;
      }
    } else {
      const cell = (negatives[outcome] ??= [0, 0]);
      cell[1]++;
      if (r.score.pass) cell[0]++;
    }
    if (r.score.acceptedFailingField) acceptedFailing++;
  }
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return {
    cases: results.length,
    documents: new Set(results.map((r) => `${r.c.set}/${r.c.document.id}`)).size,
    readCases,
    exact,
    fieldRight,
    negatives,
    acceptedFailing,
    wrongNamesApproved,
    namesInDoubt,
    namesInDoubtWrong,
    codesUnlisted,
    codesUnlistedWrong,
    wrongFieldsApproved,
    tooSmall,
    tooSmallWrong,
    p50: q(0.5),
    p95: q(0.95),
  };
}

const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);

function report(name: string, s: Summary): string {
  const fieldRows = SCORED_FIELDS.map((f) => {
    const [a, b] = s.fieldRight[f] ?? [0, 0];
    return [f, pct(a, b), `${a}/${b}`];
  });
  const negRows = Object.entries(s.negatives).map(([k, [a, b]]) => [k, `${a}/${b}`]);
  return [
    `#### ${name}`,
    '',
    `${s.documents} documents, ${s.cases} images (cases); ${s.readCases} cases of documents expected to be read.`,
    '',
    `- Full-document exact match (every field right): **${pct(s.exact, s.readCases)}** (${s.exact}/${s.readCases})`,
    `- Fields returned although a check digit protecting them fails as printed: **${s.acceptedFailing}**`,
    `- Approved with a wrong name (names carry no check digit): **${s.wrongNamesApproved}**; names found in doubt (\`names_confident\` failed): ${s.namesInDoubt} (${s.namesInDoubtWrong} of them with a wrong name)`,
    `- State codes on no list (\`state_codes_listed\` failed: in review unless another check declines): ${s.codesUnlisted} (${s.codesUnlistedWrong} of them with a country field wrong)`,
    `- MRZ too small to trust (\`mrz_resolution\` failed: in review unless another check declines): ${s.tooSmall} (${s.tooSmallWrong} of them with a field wrong); approved with any field wrong: **${s.wrongFieldsApproved}**`,
    `- Time per case: p50 ${s.p50.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms (2 cores, one case at a time)`,
    '',
    markdownTable(['field', 'accuracy', 'right/scored'], fieldRows),
    '',
    negRows.length > 0 ? markdownTable(['negative case (expected refusal)', 'refused as expected'], negRows) : '',
    '',
  ].join('\n');
}

/**
 * --corrections: the spread of the third character's share (evaluation/correctionEvidence.ts `rivalShare`) over the
 * run's right and wrong corrections, against RIVAL_BOUNDS.
 */
function printCorrectionSpread(): void {
  const spread = correctionSpread(judgedCorrections);
  const unknown = judgedCorrections.filter((j) => j.truth === 'unknown').length;
  console.log(`\n== corrections one check digit alone proves, weighed by step 12: ${judgedCorrections.length} (${unknown} without printed lines)`);
  console.log(`RIVAL_BOUNDS: third character at least ${RIVAL_BOUNDS.minP} and ${RIVAL_BOUNDS.minShare} of the correction's probability`);
  for (const [name, s] of [['right', spread.right], ['wrong', spread.wrong]] as const) {
    console.log(`${name}: ${s.count}, ${s.refuted} refuted by RIVAL_BOUNDS; largest shares: ${s.largest.map((j) => `${j.share?.toFixed(2)} (${j.case})`).join(', ') || 'none'}`);
  }
}

async function main(): Promise<void> {
  const real = await loadDocumentCases(args.data);
  // A set passed with --data (a generated one) is named by its path, not as the shared real specimens.
  const shared = path.resolve(args.data) === path.resolve(repoRoot, '..', 'shared', 'data', 'documents');
  const what = shared ? 'Shared real specimens' : 'Labelled documents';
  const sets: Array<{ name: string; cases: DocumentCase[]; transform?: (bytes: Buffer, file: string) => Promise<Buffer> }> = [
    { name: `${what} (${path.relative(repoRoot, args.data)})`, cases: real },
  ];
  for (const degrees of ROTATIONS) sets.push({ name: `${what} turned by ${degrees}° (--rotate)`, cases: real, transform: turned(degrees) });
  for (const k of PERSPECTIVES) sets.push({ name: `${what} seen obliquely, far edge ${Math.round(k * 100)}% shorter (--perspective)`, cases: real, transform: keystoned(k) });
  for (const a of GLARES) sets.push({ name: `${what} under a light spot of opacity ${a} (--glare)`, cases: real, transform: glared(a) });
  for (const sigma of BLURS) sets.push({ name: `${what} blurred, Gaussian sigma ${sigma} px (--blur)`, cases: real, transform: blurred(sigma) });
  for (const factor of SCALES) sets.push({ name: `${what} at ${Math.round(factor * 100)}% of their size (--scale)`, cases: real, transform: scaled(factor) });
  for (const q of JPEG_QUALITIES) sets.push({ name: `${what} re-encoded as JPEG quality ${q} (--jpeg)`, cases: real, transform: compressed(q) });
  for (const t of THUMBNAILS) sets.push({ name: `${what} at most ${t.width} px wide, JPEG quality ${t.quality} (--thumbnail)`, cases: real, transform: thumbnail(t.width, t.quality) });
  for (const n of MOTIONS) sets.push({ name: `${what} smeared along their rows by ${n} px (--motion)`, cases: real, transform: smeared(n) });
  for (const share of BENDS) sets.push({ name: `${what} bowed, rows arching by ${share} of the width (--bend)`, cases: real, transform: bent(share) });
  for (const sigma of NOISES) sets.push({ name: `${what} with Gaussian noise of sigma ${sigma} (--noise)`, cases: real, transform: noisy(sigma) });
  for (const { share, side } of SHADOWS) {
    const part = side === 'left' ? 'half in a shadow' : 'most of each line in a shadow';
    sets.push({ name: `${what} ${part} darkened to ${Math.round(share * 100)}% (--shadow${side === 'left' ? '' : ' :right'})`, cases: real, transform: shadowed(share, side) });
  }
  for (const a of STAMPS) sets.push({ name: `${what} under a SPECIMEN stamp of opacity ${a} (--stamp)`, cases: real, transform: stamped(a) });
  if (WEB_PAGE) sets.push({ name: `${what} shown on a web page (--web-page)`, cases: real, transform: onWebPage });
  for (const share of DIMS) sets.push({ name: `${what} darkened to ${Math.round(share * 100)}% (--dim)`, cases: real, transform: dimmed(share) });
  for (const factor of ZOOM_OUTS) sets.push({ name: `${what} on a table ${factor} times their size (--zoom-out)`, cases: real, transform: zoomedOut(factor) });
  if (args.synthetic) {
    const labels = JSON.parse(await readFile(path.join(args.synthetic, 'labels.json'), 'utf8')) as { source?: string };
    sets.push({ name: `Synthetic documents (${labels.source ?? 'npm run gen:documents'})`, cases: await loadDocumentCases(args.synthetic) });
  }
  const engines = args.ocr.split(',');
  for (const ocr of engines) if (!(ocr in OCR_NAMES)) throw new Error(`--ocr: unknown recogniser "${ocr}" (${Object.keys(OCR_NAMES).join(', ')})`);
  if (!engines.includes(SHIPPED_OCR) && !args['no-write']) throw new Error(`--ocr without ${SHIPPED_OCR} measures no shipped setting: add it, or pass --no-write`);
  if (args['no-name-prior'] && !args['no-write']) throw new Error('--no-name-prior measures no shipped setting: pass --no-write');
  if (args['no-arbiter'] && !args['no-write']) throw new Error('--no-arbiter measures no shipped setting: pass --no-write');
  if (args['no-name-witness'] && !args['no-write']) throw new Error('--no-name-witness measures no shipped setting: pass --no-write');
  if (args['no-visual-zone'] && !args['no-write']) throw new Error('--no-visual-zone measures no shipped setting: pass --no-write');
  if (args['no-blur-pass'] && !args['no-write']) throw new Error('--no-blur-pass measures no shipped setting: pass --no-write');
  if (args['with-fronts'] && !args['no-write']) throw new Error('--with-fronts measures another way of sending the cards than the sections written: pass --no-write');
  if (args.corrections && args.http) throw new Error('--corrections prints the engine\'s evidence, which the HTTP API does not return: run it in process');
  if (args.http && !args['no-write']) throw new Error('--http measures the service, not the sections written: pass --no-write');
  if (args.http && (engines.join() !== SHIPPED_OCR || args['no-name-prior'] || args['no-arbiter'] || args['no-name-witness'] || args['no-visual-zone'] || args['no-blur-pass'])) {
    throw new Error('--http runs the service as shipped: without --ocr, --no-name-prior, --no-arbiter, --no-name-witness, --no-visual-zone, --no-blur-pass');
  }
  const service = args.http ? await startServiceProcess('eval-document') : null;
  const sections: string[] = [];
  const comparison: string[][] = [];
  try {
    for (const ocr of engines) {
      const tesseract = ocr === 'tesseract' ? await loadTesseractLineRecognizer() : null;
      const namePrior = !args['no-name-prior'];
      const arbiter = !args['no-arbiter'];
      const nameWitness = !args['no-name-witness'];
      const visualZone = !args['no-visual-zone'];
      const blurPass = !args['no-blur-pass'];
      const engine = service
        ? httpEngine(service.sandbox)
        : await loadDocumentEngine(tesseract ? { recognizer: tesseract, namePrior } : { ocr: ocr as 'mrz-fcn+paddle' | 'mrz-fcn' | 'paddle', namePrior, arbiter, nameWitness, visualZone, blurPass });
      for (const set of sets) {
        console.log(`\n== ${ocr}${service ? ' through the local HTTP API' : ''}: ${set.name}: ${set.cases.length} cases`);
        const results = await runAll(engine, set.cases, set.transform);
        const s = summarise(results);
        const text = report(`${set.name}, OCR: ${OCR_NAMES[ocr]}`, s);
        console.log(text);
        if (ocr === SHIPPED_OCR) sections.push(text);
        const fieldsRight = Object.values(s.fieldRight).reduce((a, [x]) => a + x, 0);
        const fieldsAll = Object.values(s.fieldRight).reduce((a, [, y]) => a + y, 0);
        comparison.push([OCR_NAMES[ocr] as string, set.name, pct(s.exact, s.readCases), pct(fieldsRight, fieldsAll), String(s.acceptedFailing), `${s.p50.toFixed(0)} ms`]);
      }
      await tesseract?.close();
    }
  } finally {
    await service?.stop();
  }
  if (args.corrections) printCorrectionSpread();
  if (args['no-write']) return;
  const date = new Date().toISOString().slice(0, 10);
  const body = [
    `Written by \`npm run eval:document\` (scripts/eval-document.ts) on ${date}. Engine: functions/engines/document; method and decisions: docs/document-verification.md. Each image is one case, sent with the seed template of its kind (front images as the front; back and front+back images as both sides), on the set's reference date; fields listed as ambiguous in the labels are not scored, lenient ones are compared without spaces and may be null.`,
    '',
    ...sections,
    comparison.length > sets.length
      ? ['### OCR engine comparison', '', 'Same images, same MRZ localisation (PaddleOCR DB detector) and the same parsing, correction and checks; only the line recogniser differs.', '', markdownTable(['recogniser', 'set', 'documents exact', 'fields right', 'failing-check fields accepted', 'p50 per case'], comparison), ''].join('\n')
      : '',
  ].join('\n');
  const file = path.join(repoRoot, 'docs', 'accuracy.md');
  await editDocument(file, '# Accuracy\n\nMeasured accuracy of each engine, written by the evaluation scripts.', (doc) => replaceSection(doc, '## Document verification', body));
  console.log(`\nwrote ${path.relative(repoRoot, file)} (## Document verification)`);
}

await main();
