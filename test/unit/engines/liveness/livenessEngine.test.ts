import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVENESS_DECISION, LIVENESS_THRESHOLDS, decideLiveness, loadLivenessEngine, type LivenessEngine } from '../../../../functions/engines/liveness/index.ts';
import { resolveFfmpeg } from '../../../../functions/engines/liveness/video/resolveFfmpeg.ts';
import { MODELS_DIR, SHARED_DATA, corrupt, noFaceImage, spoof } from '../face/fixtures.ts';

let engine: LivenessEngine;
let workDir: string;

/** Encodes real still frames (in this order, 2 per second) into an H.264 mp4 with ffmpeg, as a phone would. */
async function mp4FromFrames(files: readonly string[], name: string): Promise<Buffer> {
  const list = path.join(workDir, `${name}.txt`);
  const out = path.join(workDir, `${name}.mp4`);
  const lines = files.flatMap((f) => [`file '${f}'`, 'duration 0.5']);
  await writeFile(list, `${lines.join('\n')}\nfile '${files.at(-1)}'\n`);
  const r = spawnSync(resolveFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-vf', 'fps=10,format=yuv420p', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', out]);
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr.toString()}`);
  return readFile(out);
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

async function nuaaFrames(label: 'live' | 'spoof', subject: string): Promise<string[]> {
  const dir = path.join(SHARED_DATA, 'spoof', 'nuaa', label);
  return (await readdir(dir)).filter((f) => f.startsWith(`${subject}_`)).sort().map((f) => path.join(dir, f));
}

beforeAll(async () => {
  engine = await loadLivenessEngine({ modelsDir: MODELS_DIR });
  workDir = await mkdtemp(path.join(tmpdir(), 'liveness-test-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('LivenessEngine.check on photos', () => {
  it('passes a live webcam capture and fails a printed-photo attack (NUAA)', async () => {
    const [liveFile] = await nuaaFrames('live', '0001');
    const [printFile] = await nuaaFrames('spoof', '0001');
    const live = await engine.check(await readFile(liveFile!), 'jpg');
    const attack = await engine.check(await readFile(printFile!), 'jpeg');
    expect(live).toMatchObject({ livenessType: 'passive_single_frame', framesUsed: 1, faceDetected: true, errorCategory: null });
    expect(live.livenessConfidence).toBeGreaterThanOrEqual(LIVENESS_THRESHOLDS.passAtOrAbove);
    expect(decideLiveness(live)).toBe(LIVENESS_DECISION.Passed);
    expect(attack.livenessConfidence).toBeLessThan(LIVENESS_THRESHOLDS.reviewAtOrAbove);
    expect(decideLiveness(attack)).toBe(LIVENESS_DECISION.Failed);
  });

  it('fails a photo of a face shown on a tablet (Minivision replay sample, EXIF-rotated)', async () => {
    const m = await engine.check(await spoof('minivision/spoof/image_F2.jpg'), 'jpg');
    expect(m.faceDetected).toBe(true);
    expect(m.livenessConfidence).toBeLessThan(LIVENESS_THRESHOLDS.reviewAtOrAbove);
  });

  it('reports no_face_detected for a photo without a face', async () => {
    const m = await engine.check(await noFaceImage(), 'jpg');
    expect(m).toMatchObject({ faceDetected: false, framesUsed: 0, livenessConfidence: 0, errorCategory: 'no_face_detected' });
  });

  it('reports invalid_image for corrupted bytes and unsupported_media for a video sent as a photo', async () => {
    const [liveFile] = await nuaaFrames('live', '0002');
    expect((await engine.check(corrupt(await readFile(liveFile!)), 'jpg')).errorCategory).toBe('invalid_image');
    const video = await mp4FromFrames((await nuaaFrames('live', '0002')).slice(0, 2), 'as-photo');
    expect((await engine.check(video, 'jpg')).errorCategory).toBe('unsupported_media');
    expect((await engine.check(await readFile(liveFile!), 'mp4')).errorCategory).toBe('unsupported_media');
  });
});

describe('LivenessEngine.check on mp4 video', () => {
  it('fuses several frames and is more confident than a single frame of the same subject', async () => {
    // Prepare: 7 real webcam frames of one live subject, encoded as a 3.5-s H.264 clip
    const frames = await nuaaFrames('live', '0003');
    const video = await mp4FromFrames(frames, 'live-0003');
    // Act
    const fused = await engine.check(video, 'mp4');
    const single = await engine.check(await readFile(frames[3]!), 'jpg');
    // Assess
    expect(fused.livenessType).toBe('passive_multi_frame_fusion');
    expect(fused.framesUsed).toBeGreaterThanOrEqual(4);
    expect(fused.perFrame.length).toBe(fused.framesUsed);
    expect(fused.errorCategory).toBeNull();
    expect(fused.livenessConfidence).toBeGreaterThan(single.livenessConfidence);
    expect(fused.livenessConfidence).toBeGreaterThan(median(fused.perFrame) * 100);
  });

  it('scores a replayed print attack video low, more decisively than its frames', async () => {
    const video = await mp4FromFrames(await nuaaFrames('spoof', '0003'), 'spoof-0003');
    const fused = await engine.check(video, 'mp4');
    expect(fused.framesUsed).toBeGreaterThanOrEqual(4);
    expect(fused.livenessConfidence).toBeLessThan(LIVENESS_THRESHOLDS.reviewAtOrAbove);
    expect(fused.livenessConfidence).toBeLessThan(median(fused.perFrame) * 100);
  });

  it('reports invalid_image for a truncated mp4', async () => {
    const video = await mp4FromFrames((await nuaaFrames('live', '0004')).slice(0, 3), 'truncated');
    const m = await engine.check(video.subarray(0, Math.floor(video.length / 3)), 'mp4');
    expect(m.errorCategory).toBe('invalid_image');
    expect(m.livenessType).toBe('passive_multi_frame_fusion');
  });
});
