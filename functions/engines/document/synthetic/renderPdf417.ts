import sharp from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { zxingWasmBinary } from '../barcode/readPdf417.ts';
import type { SyntheticIdentity } from './randomIdentity.ts';

let prepared: Promise<void> | null = null;

/** Loads ZXing-C++'s writer (npm `zxing-wasm/writer`) from its `.wasm` in `node_modules`, never from a CDN. */
function prepareWriter(): Promise<void> {
  prepared ??= zxingWasmBinary('zxing-wasm/writer/zxing_writer.wasm').then((wasmBinary) =>
    prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true }).then(() => undefined),
  );
  return prepared;
}

/** Pixels per module at which the writer's SVG is rendered before it is resized. */
const WRITER_SCALE = 4;

/**
 * A PDF417 symbol of `text` (ZXing-C++'s writer, default error-correction level) as a PNG, each module `modulePx`
 * pixels wide (sharp/librsvg renders the writer's SVG at 4 px per module, then resizes), on a white margin of
 * `margin` px.
 *
 * @param text - the payload (Latin-1 characters)
 * @param modulePx - module width in pixels (0.5-8; below about 1 px no reader decodes it)
 * @param margin - white border in pixels
 * @returns PNG bytes
 */
export async function renderPdf417(text: string, modulePx: number, margin = 30): Promise<Buffer> {
  await prepareWriter();
  const written = await writeBarcode(text, { format: 'PDF417', scale: WRITER_SCALE });
  const full = await sharp(Buffer.from(written.svg)).flatten({ background: '#ffffff' }).png().toBuffer();
  const width = (await sharp(full).metadata()).width as number;
  return sharp(full)
    .resize(Math.max(1, Math.round((width * modulePx) / WRITER_SCALE)))
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#ffffff' })
    .png()
    .toBuffer();
}

/**
 * An AAMVA DL/ID payload for a synthetic identity (AAMVA DL/ID Card Design Standard 2020, Annex D: header with
 * Virginia's IIN 636000, version 10, one `DL` subfile whose directory entry gives its offset and length; dates
 * MMDDCCYY as for a US issuer).
 *
 * @param id - the identity (surnames, first given name, dates, document number, sex)
 * @param street - a house number, so that payloads of one identity list still differ
 */
export function aamvaPayload(id: SyntheticIdentity, street: number): string {
  const mdy = (iso: string) => iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(0, 4);
  const elements = [
    `DAQ${id.documentNumber}`, `DCS${id.surnames.join(' ')}`, 'DDEN', `DAC${id.givenNames[0] ?? ''}`, 'DDFN', 'DADNONE', 'DDGN',
    'DCAD', 'DCBNONE', 'DCDNONE', 'DBD01152024', `DBB${mdy(id.dateOfBirth)}`, `DBA${mdy(id.dateOfExpiry)}`, `DBC${id.sex === 'F' ? 2 : 1}`,
    'DAU070 in', 'DAYBRO', `DAG${street} MAIN STREET`, 'DAIRICHMOND', 'DAJVA', 'DAK232690000  ', `DCF${id.documentNumber}${street}`, 'DCGUSA', 'DDAF', 'DDB01012020',
  ];
  const subfile = `DL${elements.join('\n')}\r`;
  const header = '@\n\x1e\rANSI 636000100001';
  const offset = header.length + 10;
  return `${header}DL${String(offset).padStart(4, '0')}${String(subfile.length).padStart(4, '0')}${subfile}`;
}
