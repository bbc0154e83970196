import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VideoDecoderError } from '../../face/errors.ts';
import { InvalidImageError, UnsupportedMediaError } from '../../image/errors.ts';
import type { RgbImage } from '../../image/rgbImage.ts';

/** Options of {@link decodeVideoFrames}. */
export interface DecodeVideoOptions {
  /** ffmpeg executable. */
  readonly ffmpeg: string;
  /** Frames to sample, evenly spread over the decoded span. */
  readonly frames: number;
  /** Only this many seconds from the start are considered. */
  readonly maxSeconds: number;
  /** Longer side of the returned frames, pixels (smaller videos are not enlarged). */
  readonly maxSide: number;
  /** Directory of the temporary copy. */
  readonly tempDir?: string;
  /** Kill ffmpeg after this long, milliseconds. */
  readonly timeoutMs?: number;
}

/** Frames of a video and what ffmpeg said about it. */
export interface DecodedVideo {
  /** Upright RGB frames (the container's rotation applied), in time order. */
  readonly frames: RgbImage[];
  /** Duration of the video, seconds, as the container states it. */
  readonly durationSeconds: number;
}

interface RunResult {
  readonly code: number | null;
  readonly stdout: Buffer;
  readonly stderr: string;
}

function run(cmd: string, argv: readonly string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new VideoDecoderError(`cannot run "${cmd}" (${(e as NodeJS.ErrnoException).code ?? e.message}); install @ffmpeg-installer/ffmpeg or Debian's ffmpeg`, { cause: e }));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

/** `Duration: 00:00:03.03` of ffmpeg's input description. */
function parseDuration(stderr: string): number | null {
  const m = /Duration:\s*(\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

/** `Stream #0:0…: Video: rawvideo (RGB[24] …), rgb24…, 360x640` of the output description. */
function parseOutputSize(stderr: string): { width: number; height: number } | null {
  const output = stderr.slice(stderr.indexOf('Output #0'));
  const m = /Video: rawvideo[^\n]*?,\s*(\d{2,5})x(\d{2,5})/.exec(output);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
}

/**
 * Decodes an mp4 (any codec the ffmpeg build supports; H.264 in practice) and returns `frames` frames sampled evenly
 * over its first `maxSeconds`, upright (ffmpeg applies the display-matrix rotation that phones write) and scaled to
 * at most `maxSide`.
 *
 * The bytes are written to a temporary file (removed afterwards) because mp4 files whose index (`moov` box) comes
 * last, as phones write them, cannot be decoded from a pipe. Two ffmpeg runs: one reads the container's duration,
 * one decodes with an `fps` filter of `frames / span` frames per second and writes raw RGB to stdout.
 *
 * @param bytes - the mp4 bytes
 * @param opts - see {@link DecodeVideoOptions}
 * @throws {UnsupportedMediaError} when ffmpeg finds no video stream (errorCategory `unsupported_media`)
 * @throws {InvalidImageError} when the video cannot be decoded or yields no frame (errorCategory `invalid_image`)
 * @throws {VideoDecoderError} when ffmpeg cannot be started
 */
export async function decodeVideoFrames(bytes: Buffer, opts: DecodeVideoOptions): Promise<DecodedVideo> {
  const file = path.join(opts.tempDir ?? tmpdir(), `liveness-${randomUUID()}.mp4`);
  const timeoutMs = opts.timeoutMs ?? 20_000;
  await writeFile(file, bytes);
  try {
    const probe = await run(opts.ffmpeg, ['-hide_banner', '-nostdin', '-i', file], timeoutMs);
    if (!/Stream #\d+:\d+[^\n]*Video:/.test(probe.stderr)) {
      if (/Invalid data found|moov atom not found|could not find codec/i.test(probe.stderr)) {
        throw new InvalidImageError('image_undecodable', 'The video cannot be decoded (ffmpeg: invalid data or no index).');
      }
      throw new UnsupportedMediaError('no video stream', ['mp4 with a video stream']);
    }
    const duration = parseDuration(probe.stderr) ?? opts.maxSeconds;
    const span = Math.max(0.04, Math.min(duration, opts.maxSeconds));
    const fps = opts.frames / span;
    const scale = `scale='if(gt(iw,ih),min(${opts.maxSide},iw),-2)':'if(gt(iw,ih),-2,min(${opts.maxSide},ih))'`;
    const decode = await run(
      opts.ffmpeg,
      ['-hide_banner', '-nostdin', '-threads', '2', '-t', String(span), '-i', file, '-an', '-vf', `fps=${fps.toFixed(6)},${scale}`, '-frames:v', String(opts.frames), '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      timeoutMs,
    );
    const size = parseOutputSize(decode.stderr);
    if (decode.code !== 0 || !size) {
      throw new InvalidImageError('image_undecodable', `The video cannot be decoded (ffmpeg exit ${decode.code}).`);
    }
    const frameBytes = size.width * size.height * 3;
    const count = Math.floor(decode.stdout.length / frameBytes);
    if (count === 0) throw new InvalidImageError('image_undecodable', 'The video has no decodable frame.');
    const frames: RgbImage[] = [];
    for (let i = 0; i < count; i++) {
      const data = new Uint8Array(decode.stdout.buffer, decode.stdout.byteOffset + i * frameBytes, frameBytes);
      frames.push({ data, width: size.width, height: size.height });
    }
    return { frames, durationSeconds: duration };
  } finally {
    await rm(file, { force: true });
  }
}
