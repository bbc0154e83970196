import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../../functions/engines/liveness/video/resolveFfmpeg.ts';
import { post, sandbox, scan } from './helpers.ts';

/** Face match (SPEC.md 4.2) and passive liveness (4.3) on real photos and a real-frame video, over HTTP. */

const SHARED = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data');
const LFW = path.join(SHARED, 'faces', 'lfw', 'images');
const b64 = async (file: string) => (await readFile(file)).toString('base64');
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'svs-face-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('face-match', () => {
  it('approves two photos of one person and declines two people, storing the media under the session', async () => {
    const same = await post('face-match', {
      workflowId: sandbox().workflowId,
      fileExtension: 'jpg',
      selfieImageBase64: await b64(path.join(LFW, 'Aaron_Sorkin_0001.jpg')),
      refImageBase64: await b64(path.join(LFW, 'Aaron_Sorkin_0002.jpg')),
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ status: 'Completed', decision: 'Approved', result: { verified: true, faceDetected: true, multipleFaces: false, errorCategory: null } });
    expect(same.body.result.similarity).toBeGreaterThan(0.667);
    const [step] = (await scan(`SESSION#${same.body.sessionId}`)).filter((i) => i.SK === 'STEP#step_face_match');
    expect(step!.provenance.media).toHaveLength(2);
    expect(step!.provenance.media[0]).toMatch(new RegExp(`^sessions/${same.body.sessionId}/step_face_match/[0-9a-f-]+\\.jpg$`));

    const other = await post('face-match', {
      workflowId: sandbox().workflowId,
      selfieImageBase64: await b64(path.join(LFW, 'Aaron_Sorkin_0001.jpg')),
      refImageBase64: await b64(path.join(LFW, 'AJ_Lamas_0001.jpg')),
    });
    expect(other.body).toMatchObject({ decision: 'Declined', result: { verified: false } });
  });

  it('reports a selfie without a face, and several faces in the selfie', async () => {
    const blank = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 120, g: 160, b: 200 } } }).jpeg().toBuffer();
    const noFace = await post('face-match', {
      workflowId: sandbox().workflowId,
      selfieImageBase64: blank.toString('base64'),
      refImageBase64: await b64(path.join(LFW, 'Aaron_Sorkin_0002.jpg')),
    });
    expect(noFace.body).toMatchObject({ decision: 'Declined', result: { faceDetected: false, errorCategory: 'no_face_detected' } });

    const a = await readFile(path.join(LFW, 'Aaron_Sorkin_0001.jpg'));
    const b = await readFile(path.join(LFW, 'AJ_Lamas_0001.jpg'));
    const pair = await sharp({ create: { width: 500, height: 250, channels: 3, background: '#fff' } })
      .composite([{ input: a, left: 0, top: 0 }, { input: b, left: 250, top: 0 }])
      .jpeg()
      .toBuffer();
    const several = await post('face-match', {
      workflowId: sandbox().workflowId,
      selfieImageBase64: pair.toString('base64'),
      refImageBase64: await b64(path.join(LFW, 'Aaron_Sorkin_0002.jpg')),
    });
    expect(several.body.result).toMatchObject({ multipleFaces: true, errorCategory: 'multiple_faces' });
    expect(several.body.decision).not.toBe('Approved');
  });
});

describe('liveness-check', () => {
  const nuaa = (label: string) => path.join(SHARED, 'spoof', 'nuaa', label);

  it('passes a live photo and declines a photo of a photo', async () => {
    const live = (await readdir(nuaa('live'))).sort()[0]!;
    const spoofed = (await readdir(nuaa('spoof'))).sort()[0]!;
    const ok = await post('liveness-check', { workflowId: sandbox().workflowId, selfieImageBase64: await b64(path.join(nuaa('live'), live)) });
    expect(ok.body).toMatchObject({ decision: 'Approved', result: { livenessPassed: true, livenessType: 'passive_single_frame', faceDetected: true } });
    const bad = await post('liveness-check', { workflowId: sandbox().workflowId, selfieImageBase64: await b64(path.join(nuaa('spoof'), spoofed)) });
    expect(bad.body).toMatchObject({ decision: 'Declined', result: { livenessPassed: false } });
  });

  it('fuses the frames of a short mp4', async () => {
    const frames = (await readdir(nuaa('live'))).filter((f) => f.startsWith('0003_')).sort().slice(0, 6).map((f) => path.join(nuaa('live'), f));
    const list = path.join(work, 'frames.txt');
    await writeFile(list, `${frames.flatMap((f) => [`file '${f}'`, 'duration 0.5']).join('\n')}\nfile '${frames.at(-1)}'\n`);
    const out = path.join(work, 'live.mp4');
    const r = spawnSync(resolveFfmpeg(), ['-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-vf', 'fps=10,format=yuv420p', '-c:v', 'libx264', '-preset', 'veryfast', out]);
    expect(r.status, r.stderr?.toString()).toBe(0);
    const video = await post('liveness-check', { workflowId: sandbox().workflowId, fileExtension: 'mp4', selfieImageBase64: await b64(out) });
    expect(video.status).toBe(200);
    expect(video.body.result).toMatchObject({ livenessType: 'passive_multi_frame_fusion', faceDetected: true });
  });
});
