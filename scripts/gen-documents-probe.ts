/**
 * `npm run gen:documents:probe`: writes a labelled "probe" set of synthetic documents made unlike our own generator's
 * (functions/engines/document/synthetic), to see how the engine meets documents from someone else's generator. The
 * engine was never tuned on it; it is scored with `npm run eval:document -- --no-write --data DIR`.
 *
 * What differs from `npm run gen:documents`, all drawn per document:
 * - identities: other names (compound ones with `<`), issuing states and nationalities including ICAO codes that are
 *   not ISO countries (`D`, `GBD`, `UTO`, `XXA`, `XXB`, `UNO`, `EUE`), document numbers of 6-9 characters with
 *   letters anywhere (padded with `<`), personal numbers with letters, TD1 optional data in line 2, document codes
 *   `P<`, `PP`, `PD`, `I<`, `ID`, `IR`, holders born 2008-2024 (children) as well as 1936-2007;
 * - pages: white or tinted, no guilloche, a visual zone on every passport and on half the cards;
 * - the MRZ: set as one string per line in OCR-B letter-spaced to a pitch of 2.3-2.7 mm (font 2.9 mm up to the size
 *   whose glyph advance is the pitch: 0.718 em, see renderDocument.ts), or (30%) each character in its cell at that
 *   pitch, 3-6 mm above the bottom edge, lines 3.8-4.8 mm apart;
 * - captures: flat (the page is the image) or on a coloured table with a 5-30% margin turned by up to ±10°, scaled to
 *   700-2600 px wide, half of them blurred (σ 0.3-1.5 px), a fifth in grey, half with Gaussian noise (σ 2-10), 30%
 *   PNG, otherwise JPEG of quality 60-95.
 *
 * Every document is expected to be read (no negatives). Labels follow ../shared/data/documents/README.md; the
 * `capture` field of each image says how it was taken. Needs Debian's `fonts-ocr-b` and `fonts-dejavu-core`.
 *
 * Options: --out DIR (default /tmp/probe-documents), --count N (default 100), --seed S (default 1), --names
 * lists|random (default lists: the names below; random: every name a string of 2-12 capitals drawn uniformly, names
 * the name model (names/nameModel.ts) has never seen, to measure what its prior costs on them; lists draws no extra
 * random numbers, so its sets are those of before the option).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { computeCheckDigit } from '../functions/engines/document/mrz/computeCheckDigit.ts';
import { createRandom, type Random } from '../functions/engines/document/synthetic/random.ts';
import { addGaussianNoise } from '../functions/engines/document/synthetic/degradeImage.ts';
import { OCRB_ADVANCE_EM } from '../functions/engines/document/synthetic/renderDocument.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: '/tmp/probe-documents' },
    count: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    names: { type: 'string', default: 'lists' },
  },
});
if (values.names !== 'lists' && values.names !== 'random') throw new Error(`--names is lists or random; got ${values.names}`);
const RANDOM_NAMES = values.names === 'random';

const SURNAMES = ['ABERNATHY', 'OYELARAN', 'DE<LA<CRUZ', 'MACKENZIE', 'STRAUSS', 'QUINTERO', 'ZHANG', 'WOJCIECHOWSKA', 'LEFEBVRE', 'GUNNARSDOTTIR', 'EL<AMRANI', 'BJORK', 'VOLKOVA', 'ACHTERBERG', 'RAMIREZ<GOMEZ', 'TRAN', 'HOLM', 'KUZNETSOV', 'ODHIAMBO', 'SCHWARZENEGGER', 'FITZGERALD', 'NAKAMURA', 'PEREIRA', 'XU', 'YAMAMOTO', 'QUAYE'];
const GIVEN_NAMES = ['JEAN<PIERRE', 'MARGARETHE', 'XAVIER', 'QUENTIN', 'WILHELMINA', 'ZBIGNIEW', 'BJORN', 'YVONNE', 'KWAME', 'AIKO', 'SVETLANA', 'HUGO', 'IMOGEN', 'JUAN<CARLOS', 'OLUWASEUN', 'FREYA', 'VIKTOR', 'NAOMI', 'DMITRI', 'GRACE', 'MOHAMMED', 'PRIYA', 'LI', 'JOSEFINE'];
/** MRZ state code and the ISO 3166-1 alpha-3 country the result should report (null: no country, README.md). */
const STATES: ReadonlyArray<readonly [string, string | null]> = [
  ['AUT', 'AUT'], ['BEL', 'BEL'], ['CZE', 'CZE'], ['DNK', 'DNK'], ['FIN', 'FIN'], ['HUN', 'HUN'], ['IRL', 'IRL'], ['NOR', 'NOR'],
  ['ARG', 'ARG'], ['CHL', 'CHL'], ['EGY', 'EGY'], ['KEN', 'KEN'], ['PHL', 'PHL'], ['SGP', 'SGP'], ['NZL', 'NZL'], ['D', 'DEU'],
  ['GBD', 'GBR'], ['UTO', null], ['XXA', null], ['UNO', null], ['XXB', null], ['EUE', null], ['GBR', 'GBR'], ['CHN', 'CHN'],
];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const REFERENCE_DATE = '2026-11-21';

const pad = (s: string, n: number) => (s + '<'.repeat(n)).slice(0, n);
const cd = (s: string) => String(computeCheckDigit(s));
const yymmdd = (d: string) => d.slice(2, 4) + d.slice(5, 7) + d.slice(8, 10);
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const chars = (rng: Random, n: number, letterShare: number) => Array.from({ length: n }, () => (rng.chance(letterShare) ? rng.pick([...LETTERS]) : rng.pick([...DIGITS]))).join('');

interface ProbeIdentity {
  readonly surname: string;
  readonly givenNames: string;
  readonly sex: string;
  readonly dateOfBirth: string;
  readonly dateOfExpiry: string;
  readonly documentNumber: string;
  readonly personalNumber: string;
  readonly optionalData2: string;
  readonly issuer: readonly [string, string | null];
  readonly nationality: readonly [string, string | null];
}

/** A name of 2-12 capitals drawn uniformly (see `--names random`). */
function randomWord(rng: Random): string {
  return Array.from({ length: rng.int(2, 12) }, () => rng.pick([...LETTERS])).join('');
}

function drawIdentity(rng: Random, td1: boolean, now: Date): ProbeIdentity {
  let surname: string, givenNames: string;
  do {
    const surnameWord = () => (RANDOM_NAMES ? randomWord(rng) : rng.pick(SURNAMES));
    const givenWord = () => (RANDOM_NAMES ? randomWord(rng) : rng.pick(GIVEN_NAMES));
    surname = rng.chance(0.2) ? `${surnameWord()}<${surnameWord()}` : surnameWord();
    givenNames = rng.chance(0.35) ? `${givenWord()}<${givenWord()}` : givenWord();
  } while (surname.length + 2 + givenNames.length > (td1 ? 30 : 39)); // never truncated
  const issuer = rng.pick(STATES.filter(([, iso]) => iso !== null || rng.chance(0.3)));
  const nationality = rng.chance(0.8) ? issuer : rng.pick(STATES);
  const birthYear = rng.chance(0.15) ? rng.int(2008, 2024) : rng.int(1936, 2007);
  const dateOfBirth = `${birthYear}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const dateOfExpiry = new Date(now.getTime() + rng.range(-6, 10) * 365.25 * 86_400_000).toISOString().slice(0, 10);
  return {
    surname,
    givenNames,
    sex: rng.pick(['M', 'F', '<', 'X', 'M', 'F']),
    dateOfBirth,
    dateOfExpiry,
    documentNumber: chars(rng, rng.int(6, 9), 0.3),
    personalNumber: rng.chance(0.5) ? chars(rng, rng.int(4, td1 ? 15 : 14), 0.2) : '',
    optionalData2: td1 && rng.chance(0.3) ? chars(rng, rng.int(2, 11), 0) : '',
    issuer,
    nationality,
  };
}

/** The MRZ lines (ICAO Doc 9303 Parts 4 and 5), every check digit computed. */
function composeLines(id: ProbeIdentity, td1: boolean, code: string, rng: Random): string[] {
  const name = `${id.surname}<<${id.givenNames}`;
  const doc = pad(id.documentNumber, 9);
  const dob = yymmdd(id.dateOfBirth);
  const exp = yymmdd(id.dateOfExpiry);
  if (td1) {
    const line1 = pad(code, 2) + pad(id.issuer[0], 3) + doc + cd(doc) + pad(id.personalNumber, 15);
    const opt2 = pad(id.optionalData2, 11);
    const line2 = dob + cd(dob) + id.sex + exp + cd(exp) + pad(id.nationality[0], 3) + opt2;
    const composite = cd(line1.slice(5, 30) + line2.slice(0, 7) + line2.slice(8, 15) + opt2);
    return [line1, line2 + composite, pad(name, 30)];
  }
  const line1 = pad(code, 2) + pad(id.issuer[0], 3) + pad(name, 39);
  const personal = pad(id.personalNumber, 14);
  // An empty personal number's check digit may be `<` or `0` (Part 4 §4.2.2 note).
  const personalCd = id.personalNumber === '' ? (rng.chance(0.5) ? '<' : '0') : cd(personal);
  const body = doc + cd(doc) + pad(id.nationality[0], 3) + dob + cd(dob) + id.sex + exp + cd(exp) + personal + personalCd;
  return [line1, body + cd(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43))];
}

async function renderPage(lines: readonly string[], td1: boolean, id: ProbeIdentity, rng: Random): Promise<Buffer> {
  const [widthMm, heightMm] = td1 ? [85.6, 53.98] : [125, 88];
  const s = rng.range(5, 14); // pixels per millimetre
  const W = Math.round(widthMm * s);
  const H = Math.round(heightMm * s);
  const background = rng.chance(0.4) ? '#ffffff' : `hsl(${rng.int(0, 359)},${rng.int(10, 50)}%,${rng.int(82, 95)}%)`;
  const parts = [`<rect width="${W}" height="${H}" fill="${background}"/>`];
  const text = (x: number, y: number, size: number, value: string, extra: string) =>
    `<text x="${(x * s).toFixed(1)}" y="${(y * s).toFixed(1)}" font-family="DejaVu Sans" font-size="${(size * s).toFixed(1)}" ${extra}>${escape(value)}</text>`;
  parts.push(text(td1 ? 5 : 8, 8, 4, td1 ? 'RESIDENT CARD' : 'PASSPORT', 'font-weight="bold" fill="#113"'));
  if (!td1 || rng.chance(0.5)) {
    parts.push(`<rect x="${6 * s}" y="${14 * s}" width="${(td1 ? 20 : 32) * s}" height="${(td1 ? 26 : 42) * s}" fill="#bbb"/>`);
    const values = [id.surname.replace(/</g, ' '), id.givenNames.replace(/</g, ' '), id.dateOfBirth, id.dateOfExpiry, id.documentNumber];
    values.forEach((v, i) => parts.push(text(td1 ? 30 : 44, 18 + i * (td1 ? 4.5 : 8), td1 ? 2.6 : 3.4, v, 'fill="#222"')));
  }
  const pitch = rng.range(2.3, 2.7);
  const fontMm = rng.range(Math.min(2.9, pitch / OCRB_ADVANCE_EM), pitch / OCRB_ADVANCE_EM);
  const lineGap = rng.range(3.8, 4.8);
  const left = rng.range(2.5, Math.min(7, widthMm - 1.5 - (lines[0] as string).length * pitch));
  const bottom = heightMm - rng.range(3, 6);
  const inCells = rng.chance(0.3);
  const spacing = pitch - OCRB_ADVANCE_EM * fontMm;
  lines.forEach((line, i) => {
    const y = ((bottom - (lines.length - 1 - i) * lineGap) * s).toFixed(1);
    const font = `font-family="OCR B" font-size="${(fontMm * s).toFixed(1)}"`;
    if (inCells) [...line].forEach((ch, k) => parts.push(`<text x="${((left + k * pitch) * s).toFixed(1)}" y="${y}" ${font} fill="#000">${escape(ch)}</text>`));
    else parts.push(`<text x="${(left * s).toFixed(1)}" y="${y}" ${font} letter-spacing="${(spacing * s).toFixed(2)}" fill="#111">${escape(line)}</text>`);
  });
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join('')}</svg>`)).png().toBuffer();
}

async function capture(png: Buffer, rng: Random): Promise<{ bytes: Buffer; ext: 'png' | 'jpg'; how: string }> {
  const how: string[] = [];
  let image = sharp(png);
  if (rng.chance(0.6)) {
    const width = (await sharp(png).metadata()).width ?? 100;
    const margin = Math.round(width * rng.range(0.05, 0.3));
    const table = { r: rng.int(0, 255), g: rng.int(0, 255), b: rng.int(0, 255), alpha: 1 };
    const degrees = rng.range(-10, 10);
    const placed = await sharp(png).extend({ top: margin, bottom: margin, left: margin, right: margin, background: table }).png().toBuffer();
    image = sharp(await sharp(placed).rotate(degrees, { background: table }).png().toBuffer());
    how.push('photo', `rot${degrees.toFixed(1)}`);
  } else how.push('flat');
  const width = Math.round(rng.range(700, 2600));
  image = image.resize({ width });
  const blur = rng.chance(0.5) ? rng.range(0.3, 1.5) : 0;
  if (blur > 0) image = image.blur(blur);
  how.push(`w${width}`, `b${blur.toFixed(2)}`);
  if (rng.chance(0.2)) {
    image = image.grayscale();
    how.push('gray');
  }
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const noise = rng.chance(0.5) ? rng.range(2, 10) : 0;
  if (noise > 0) addGaussianNoise(data, noise, rng);
  how.push(`n${noise.toFixed(1)}`);
  const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  if (rng.chance(0.3)) return { bytes: await raw.png().toBuffer(), ext: 'png', how: how.join(' ') };
  const quality = rng.int(60, 95);
  return { bytes: await raw.jpeg({ quality }).toBuffer(), ext: 'jpg', how: `${how.join(' ')} q${quality}` };
}

const rng = createRandom(Number(values.seed));
const now = new Date(`${REFERENCE_DATE}T12:00:00Z`);
const out = path.resolve(values.out);
await mkdir(out, { recursive: true });
const documents = [];
for (let n = 0; n < Number(values.count); n++) {
  const td1 = rng.chance(0.4);
  const id = drawIdentity(rng, td1, now);
  const code = td1 ? rng.pick(['I<', 'ID', 'IR']) : rng.pick(['P<', 'P<', 'PP', 'PD']);
  const lines = composeLines(id, td1, code, rng);
  const { bytes, ext, how } = await capture(await renderPage(lines, td1, id, rng), rng);
  const name = `probe-${String(n).padStart(4, '0')}`;
  await writeFile(path.join(out, `${name}.${ext}`), bytes);
  const firstName = id.givenNames.replace(/</g, ' ');
  const lastName = id.surname.replace(/</g, ' ');
  documents.push({
    id: name,
    group: name,
    documentType: td1 ? 'TD1' : 'TD3',
    documentKind: td1 ? (code === 'IR' ? 'residence_permit' : 'id_card') : 'passport',
    expectedOutcome: 'read',
    images: [{ file: `${name}.${ext}`, side: td1 ? 'back' : 'front', capture: how }],
    mrz: { lines, transcription: 'synthetic', allCheckDigitsValid: true },
    expected: {
      lastName,
      firstName,
      fullName: `${firstName} ${lastName}`,
      documentNumber: id.documentNumber,
      personalNumber: id.personalNumber === '' ? null : id.personalNumber,
      nationality: id.nationality[1],
      issuingCountry: id.issuer[1],
      dateOfBirth: id.dateOfBirth,
      dateOfExpiry: id.dateOfExpiry,
      sex: id.sex === '<' ? null : id.sex,
      documentCode: code.replace(/<$/, ''),
      mrzNationality: id.nationality[0],
      mrzIssuingState: id.issuer[0],
      expiredOnReferenceDate: id.dateOfExpiry < REFERENCE_DATE,
    },
  });
}
const labels = { schema: 'kyc-document-labels/1', set: 'probe', split: 'synthetic', referenceDate: REFERENCE_DATE, source: `scripts/gen-documents-probe.ts (seed ${values.seed})`, documents };
await writeFile(path.join(out, 'labels.json'), JSON.stringify(labels, null, 1));
console.log(`wrote ${documents.length} probe documents to ${out}`);
