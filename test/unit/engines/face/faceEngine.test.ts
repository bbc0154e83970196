import { beforeAll, describe, expect, it } from 'vitest';
import { FACE_DECISION, FACE_THRESHOLDS, FaceModelError, decideFaceMatch, loadFaceEngine, type FaceEngine } from '../../../../functions/engines/face/index.ts';
import { ImageError } from '../../../../functions/engines/image/index.ts';
import { MODELS_DIR, composeSideBySide, corrupt, idCardImage, lfw, noFaceImage, spoof } from './fixtures.ts';

let engine: FaceEngine;

beforeAll(async () => {
  engine = await loadFaceEngine({ modelsDir: MODELS_DIR });
});

describe('FaceEngine.match on real photos (LFW developer images)', () => {
  it('scores genuine pairs at or above the verify threshold', async () => {
    // Prepare: pairs from the first lines of pairs_dev.txt (same person)
    const pairs: Array<[string, number, number]> = [
      ['Akhmed_Zakayev', 1, 3],
      ['Amber_Tamblyn', 1, 2],
      ['Abel_Pacheco', 1, 4],
    ];
    for (const [who, a, b] of pairs) {
      // Act
      const m = await engine.match(await lfw(who, a), await lfw(who, b));
      // Assess
      expect(m.errorCategory, who).toBeNull();
      expect(m.similarity, who).toBeGreaterThanOrEqual(FACE_THRESHOLDS.verifyAtOrAbove);
      expect(m.similarity).toBeCloseTo((m.cosine! + 1) / 2, 10);
      expect(decideFaceMatch(m)).toBe(FACE_DECISION.Verified);
    }
  });

  it('scores impostor pairs below the review threshold', async () => {
    const pairs: Array<[string, number, string, number]> = [
      ['Akhmed_Zakayev', 1, 'Abel_Pacheco', 1],
      ['Amber_Tamblyn', 1, 'Abdoulaye_Wade', 1],
      ['Aaron_Sorkin', 1, 'Abdullah_Gul', 1],
    ];
    for (const [a, i, b, j] of pairs) {
      const m = await engine.match(await lfw(a, i), await lfw(b, j));
      expect(m.errorCategory, `${a} vs ${b}`).toBeNull();
      expect(m.similarity, `${a} vs ${b}`).toBeLessThan(FACE_THRESHOLDS.reviewAtOrAbove);
      expect(decideFaceMatch(m)).toBe(FACE_DECISION.Rejected);
    }
  });

  it('finds the portrait on an ID-document-like reference and ignores its small ghost image', async () => {
    const reference = await idCardImage(await lfw('Akhmed_Zakayev', 3));
    const m = await engine.match(await lfw('Akhmed_Zakayev', 1), reference);
    expect(m.reference.faceDetected).toBe(true);
    expect(m.reference.multipleFaces).toBe(false);
    expect(m.errorCategory).toBeNull();
    expect(m.similarity).toBeGreaterThanOrEqual(FACE_THRESHOLDS.verifyAtOrAbove);
  });

  it('reports no_face_detected when the selfie shows no face', async () => {
    const m = await engine.match(await noFaceImage(), await lfw('Abel_Pacheco', 1));
    expect(m.selfie).toMatchObject({ faceDetected: false, multipleFaces: false, faceCount: 0 });
    expect(m.reference.faceDetected).toBe(true);
    expect(m.errorCategory).toBe('no_face_detected');
    expect(m.cosine).toBeNull();
    expect(m.similarity).toBe(0);
  });

  it('flags a selfie that shows two faces', async () => {
    const group = await composeSideBySide([await lfw('Amber_Tamblyn', 1), await lfw('Abel_Pacheco', 1)]);
    const m = await engine.match(group, await lfw('Amber_Tamblyn', 2));
    expect(m.selfie.faceDetected).toBe(true);
    expect(m.selfie.multipleFaces).toBe(true);
    expect(m.selfie.faceCount).toBe(2);
    expect(m.errorCategory).toBe('multiple_faces');
    expect(decideFaceMatch(m)).not.toBe(FACE_DECISION.Verified);
  });

  it('reports invalid_image for corrupted bytes and unsupported_media for non-images, without throwing', async () => {
    const good = await lfw('Abel_Pacheco', 1);
    const broken = await engine.match(corrupt(good), good);
    expect(broken.errorCategory).toBe('invalid_image');
    expect(broken.selfie.faceDetected).toBe(false);
    const text = await engine.match(Buffer.from('definitely not an image'), good);
    expect(text.errorCategory).toBe('unsupported_media');
  });
});

describe('FaceEngine.detect', () => {
  it('applies EXIF orientation: the sideways-stored Minivision photo has an upright face', async () => {
    // image_T1.jpg is stored 640x480 with EXIF orientation 6 (upright is 480x640)
    const faces = await engine.detect(await spoof('minivision/live/image_T1.jpg'));
    expect(faces.length).toBeGreaterThanOrEqual(1);
    const [leftEye, rightEye, nose, mouthLeft] = faces[0]!.landmarks;
    // Upright: eyes side by side above the nose, mouth below it.
    expect(Math.abs(leftEye[1] - rightEye[1])).toBeLessThan(Math.abs(leftEye[0] - rightEye[0]));
    expect(nose[1]).toBeGreaterThan(leftEye[1]);
    expect(mouthLeft[1]).toBeGreaterThan(nose[1]);
  });

  it('throws an ImageError carrying invalid_image for truncated data', async () => {
    await expect(engine.detect(corrupt(await lfw('Abel_Pacheco', 1)))).rejects.toBeInstanceOf(ImageError);
    await expect(engine.detect(corrupt(await lfw('Abel_Pacheco', 1)))).rejects.toMatchObject({ errorCategory: 'invalid_image' });
  });
});

describe('loadFaceEngine', () => {
  it('throws FaceModelError naming the file when the models directory is wrong', async () => {
    await expect(loadFaceEngine({ modelsDir: '/nonexistent-models-dir' })).rejects.toBeInstanceOf(FaceModelError);
  });

  it('finds the repository models/ directory by default', async () => {
    const byDefault = await loadFaceEngine();
    expect(byDefault.models).toEqual(engine.models);
  });

  it('lists its models with sha256 and licence for provenance', () => {
    expect(engine.models.map((m) => m.id)).toEqual(['faceplugin-fr_detect', 'faceplugin-fr_landmark', 'faceplugin-fr_feature']);
    for (const m of engine.models) {
      expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(m.licence).toBe('MIT');
    }
  });
});
