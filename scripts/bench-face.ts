/**
 * `npm run bench:face` (or `npx tsx scripts/bench-face.ts`): latency of the face and liveness engines in-process on
 * this machine, with the inputs the speed goals name:
 *
 * - face match of two 1-megapixel JPEGs (1155x866 and 866x1155, re-encoded from real selfies), decoding included;
 * - liveness of one photo (the same 1-MP selfie);
 * - liveness of a 3-second mp4 (the first 3 s of a real phone selfie video, re-encoded with libx264).
 *
 * Prints p50/p90 and writes them into docs/performance.md between `<!-- bench:face -->` markers, keeping every other
 * section. Engines are loaded once before timing (as in a warm Lambda container); the first runs are discarded.
 *
 * Usage: npx tsx scripts/bench-face.ts [--runs N] [--no-write]
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { editDocument, markdownTable, replaceMarkedBlock } from '../functions/engines/evaluation/markdown.ts';
import { loadFaceEngine } from '../functions/engines/face/index.ts';
import { loadLivenessEngine } from '../functions/engines/liveness/index.ts';
import { resolveFfmpeg } from '../functions/engines/liveness/video/resolveFfmpeg.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATA = path.resolve(ROOT, '..', 'shared', 'data', 'spoof', 'trainingdata', 'live');
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '40' }, 'no-write': { type: 'boolean', default: false } } });
const RUNS = Number(args.runs);

async function time(runs: number, warmup: number, fn: () => Promise<unknown>): Promise<{ p50: number; p90: number; runs: number }> {
  for (let i = 0; i < warmup; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!;
  return { p50: q(0.5), p90: q(0.9), runs };
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'bench-face-'));
  try {
    const selfieA = path.join(DATA, '0001e96803--621f755e459d001ed834cbb5_live_selfie.jpg');
    const selfieB = path.join(DATA, '0001e96803--62209b0f1e149a2c4be3130c_live_selfie.jpg');
    const jpegA = await sharp(selfieA).resize(866, 1155, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
    const jpegB = await sharp(selfieB).rotate(90).resize(1155, 866, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
    const videoIn = path.join(DATA, '0001e96803--621ea6b1e2c5d221d5131267_live_video.mp4');
    const videoOut = path.join(work, 'clip-3s.mp4');
    const ff = spawnSync(resolveFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-y', '-i', videoIn, '-t', '3', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', videoOut]);
    if (ff.status !== 0) throw new Error(`ffmpeg could not cut the clip: ${ff.stderr.toString()}`);
    const clip = await readFile(videoOut);
    const clipInfo = spawnSync(resolveFfmpeg(), ['-hide_banner', '-i', videoOut]).stderr.toString();
    const clipDesc = /Video: (\w+)[^\n]*?(\d{2,5}x\d{2,5})/.exec(clipInfo);

    const face = await loadFaceEngine({ modelsDir: path.join(ROOT, 'models') });
    const liveness = await loadLivenessEngine({ modelsDir: path.join(ROOT, 'models') });

    const match = await time(RUNS, 5, () => face.match(jpegA, jpegB));
    const photo = await time(RUNS, 5, () => liveness.check(jpegA, 'jpg'));
    const video = await time(Math.max(5, Math.floor(RUNS / 4)), 2, () => liveness.check(clip, 'mp4'));
    const one = await liveness.check(clip, 'mp4');

    const rows = [
      ['face match, two 1-MP JPEGs (1155x866 + 866x1155), incl. decoding', match.p50.toFixed(0), match.p90.toFixed(0), '150', String(match.runs)],
      ['liveness, one 1-MP JPEG photo', photo.p50.toFixed(0), photo.p90.toFixed(0), '80', String(photo.runs)],
      [`liveness, 3-s mp4 (${clipDesc ? `${clipDesc[1]!.trim()} ${clipDesc[2]}` : 'H.264'}, ${one.framesSampled} frames sampled)`, video.p50.toFixed(0), video.p90.toFixed(0), '1500', String(video.runs)],
    ];
    const body = [
      '### Face and liveness engines (in-process)',
      '',
      `Written by \`scripts/bench-face.ts\` on ${new Date().toISOString().slice(0, 10)}; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node.js ${process.version}, ` +
        'onnxruntime-node CPU, 2 intra-op threads, spinning off. Engines loaded once; times are per call in milliseconds.',
      '',
      markdownTable(['operation', 'p50 (ms)', 'p90 (ms)', 'goal p50 (ms)', 'runs'], rows),
      '',
      'Video time is dominated by ffmpeg decoding the clip (one probe run and one decode run of the static ffmpeg from `@ffmpeg-installer/ffmpeg`); ' +
        'each sampled frame then costs one detector and one anti-spoofing inference.',
    ].join('\n');
    process.stdout.write(`${body}\n`);
    if (!args['no-write']) {
      await editDocument(path.join(ROOT, 'docs', 'performance.md'), '# Performance', (doc) => replaceMarkedBlock(doc, 'bench:face', body));
      process.stderr.write('Wrote docs/performance.md (bench:face).\n');
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
