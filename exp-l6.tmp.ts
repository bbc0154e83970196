import { readBarcodes } from 'zxing-wasm/reader';
import { prepareBarcodeReader } from './functions/engines/document/barcode/readPdf417.ts';
import { loadImage, type RgbImage } from './functions/engines/document/image/loadImage.ts';
import { straighten } from './functions/engines/document/image/straighten.ts';
import { resizeRgb } from './functions/engines/document/image/cropQuad.ts';
import { readFile } from 'node:fs/promises';
await prepareBarcodeReader();
async function dec(img: RgbImage, binarizer: any) {
  const rgba = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0, j = 0; i < img.data.length; i += 3, j += 4) { rgba[j] = img.data[i]!; rgba[j + 1] = img.data[i + 1]!; rgba[j + 2] = img.data[i + 2]!; rgba[j + 3] = 255; }
  const r = await readBarcodes({ data: rgba, width: img.width, height: img.height, colorSpace: 'srgb' } as any, { formats: ['PDF417'], tryHarder: true, tryRotate: true, maxNumberOfSymbols: 1, binarizer });
  return r.some((x) => x.isValid && JSON.parse((x as any).extra || '{}').UEC !== 0);
}
// skew from edges of one orientation: 'h' = horizontal edges (gradient near vertical), 'v' = vertical edges
function skewOf(image: RgbImage, which: 'h' | 'v', side = 480): number {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  const small = scale < 1 ? resizeRgb(image, Math.round(image.width * scale), Math.round(image.height * scale)) : image;
  const { width: W, height: H, data } = small;
  const g = (x: number, y: number) => 0.299 * data[(y * W + x) * 3]! + 0.587 * data[(y * W + x) * 3 + 1]! + 0.114 * data[(y * W + x) * 3 + 2]!;
  const bins = new Float64Array(90); const mags: number[] = []; const angs: number[] = [];
  for (let y = 1; y < H - 1; y++) for (let x = 1; x < W - 1; x++) {
    const gx = g(x + 1, y - 1) + 2 * g(x + 1, y) + g(x + 1, y + 1) - g(x - 1, y - 1) - 2 * g(x - 1, y) - g(x - 1, y + 1);
    const gy = g(x - 1, y + 1) + 2 * g(x, y + 1) + g(x + 1, y + 1) - g(x - 1, y - 1) - 2 * g(x, y - 1) - g(x + 1, y - 1);
    mags.push(Math.hypot(gx, gy)); angs.push(Math.atan2(gy, gx));
  }
  const sorted = [...mags].sort((a, b) => a - b); const floor = 0.1 * sorted[Math.floor(0.99 * (sorted.length - 1))]!;
  for (let i = 0; i < mags.length; i++) {
    if (mags[i]! < floor) continue;
    let a = angs[i]!; // gradient angle; vertical edges have gradient near 0/pi, horizontal edges near ±pi/2
    const nearHoriz = Math.abs(Math.cos(a)) > Math.abs(Math.sin(a)); // gradient horizontal => vertical edge
    if ((which === 'v') !== nearHoriz) continue;
    const q = Math.PI / 2; a = a - Math.round(a / q) * q;
    const b = Math.min(89, Math.floor(((a + Math.PI / 4) / q) * 90)); bins[b] += mags[i]!;
  }
  let best = 0, bs = -1; for (let b = 0; b < 90; b++) { let s = 0; for (let d = -2; d <= 2; d++) s += bins[(b + d + 90) % 90]!; if (s > bs) { bs = s; best = b; } }
  return ((best + 0.5) / 90) * (Math.PI / 2) - Math.PI / 4;
}
for (const f of process.argv.slice(2)) {
  const img = await loadImage(await readFile(f));
  const h = skewOf(img, 'h'), v = skewOf(img, 'v');
  const rh = (await dec(straighten(img, h).image, 'LocalAverage')) || (await dec(straighten(img, h).image, 'GlobalHistogram'));
  const rv = (await dec(straighten(img, v).image, 'LocalAverage')) || (await dec(straighten(img, v).image, 'GlobalHistogram'));
  console.log(f.split('/').slice(-2).join('/'), 'h', (h * 180 / Math.PI).toFixed(1), rh, 'v', (v * 180 / Math.PI).toFixed(1), rv);
}
