import { describe, expect, it } from 'vitest';
import { bestThreshold, crossValidatedAccuracy } from '../../../../functions/engines/face/evaluation/crossValidatedAccuracy.ts';
import { replaceMarkedBlock, replaceSection } from '../../../../functions/engines/evaluation/markdown.ts';
import { allPairScores } from '../../../../functions/engines/face/evaluation/faceDatasets.ts';
import { thresholdAtFar, verificationMetrics } from '../../../../functions/engines/face/evaluation/verificationMetrics.ts';
import { countProminentFaces, pickFace } from '../../../../functions/engines/face/match/pickFace.ts';
import { FACE_DECISION, decideFaceMatch } from '../../../../functions/engines/face/thresholds.ts';

describe('verificationMetrics', () => {
  it('gives AUC 1, EER 0 and TAR 1 for separated scores', () => {
    const m = verificationMetrics([0.9, 0.8, 0.95], Array.from({ length: 1000 }, (_, i) => i / 2000), [1e-2, 1e-3]);
    expect(m.auc).toBe(1);
    expect(m.eer).toBe(0);
    expect(m.atFar.map((a) => a.tar)).toEqual([1, 1]);
  });

  it('returns null TAR when the impostors cannot resolve the FAR', () => {
    const m = verificationMetrics([1], [0, 0.1, 0.2], [1e-3]);
    expect(m.atFar[0]).toEqual({ far: 1e-3, tar: null, threshold: null });
  });

  it('places the threshold just above the k-th highest impostor', () => {
    const desc = Array.from({ length: 1000 }, (_, i) => 1 - i / 1000);
    const t = thresholdAtFar(desc, 1e-2)!;
    expect(t).toBeGreaterThan(desc[9]!);
    expect(desc.filter((s) => s >= t).length).toBe(9);
  });
});

describe('crossValidatedAccuracy', () => {
  it('learns each fold threshold on the other folds', () => {
    const pairs = [1, 2, 3].flatMap((fold) => [
      { fold, same: true, score: 0.8 },
      { fold, same: true, score: 0.6 },
      { fold, same: false, score: 0.3 },
      { fold, same: false, score: fold === 3 ? 0.7 : 0.2 },
    ]);
    const cv = crossValidatedAccuracy(pairs);
    expect(cv.folds.map((f) => f.accuracy)).toEqual([1, 1, 0.75]);
    expect(cv.mean).toBeCloseTo(11 / 12, 10);
    expect(bestThreshold(pairs.filter((p) => p.fold !== 3))).toBeCloseTo(0.45, 10);
  });
});

describe('allPairScores', () => {
  it('splits pairs into genuine and impostor by identity and skips images without a face', () => {
    const v = (x: number) => Float32Array.from([x, 1]);
    const s = allPairScores(
      [
        { identity: 'a', vector: v(1) },
        { identity: 'a', vector: v(2) },
        { identity: 'b', vector: v(3) },
        { identity: 'b', vector: null },
      ],
      (x, y) => x[0]! * y[0]!,
    );
    expect(Array.from(s.genuine)).toEqual([2]);
    expect(Array.from(s.impostor).sort()).toEqual([3, 6]);
  });
});

describe('pickFace and countProminentFaces', () => {
  const faces = [
    { box: { x: 0, y: 0, width: 100, height: 120 }, score: 0.9 },
    { box: { x: 180, y: 180, width: 40, height: 45 }, score: 0.99 },
  ];
  it('picks the largest or the most central face', () => {
    expect(pickFace(faces, 'largest', 400, 400)).toBe(faces[0]);
    expect(pickFace(faces, 'central', 400, 400)).toBe(faces[1]);
  });
  it('does not count a face under 40% of the main face height', () => {
    expect(countProminentFaces(faces)).toBe(1);
    expect(countProminentFaces([...faces, { box: { x: 200, y: 0, width: 90, height: 100 }, score: 0.8 }])).toBe(2);
  });
});

describe('decideFaceMatch', () => {
  const t = { verifyAtOrAbove: 0.7, reviewAtOrAbove: 0.6 };
  it('verifies, reviews or rejects by the thresholds', () => {
    expect(decideFaceMatch({ similarity: 0.7, errorCategory: null }, t)).toBe(FACE_DECISION.Verified);
    expect(decideFaceMatch({ similarity: 0.65, errorCategory: null }, t)).toBe(FACE_DECISION.Review);
    expect(decideFaceMatch({ similarity: 0.59, errorCategory: null }, t)).toBe(FACE_DECISION.Rejected);
  });
  it('never verifies with an errorCategory', () => {
    expect(decideFaceMatch({ similarity: 0.99, errorCategory: 'multiple_faces' }, t)).toBe(FACE_DECISION.Review);
    expect(decideFaceMatch({ similarity: 0.99, errorCategory: 'no_face_detected' }, t)).toBe(FACE_DECISION.Rejected);
  });
});

describe('docSections', () => {
  it('replaces only its own section and keeps the others', () => {
    const doc = '# Accuracy\n\n## AML\n\naml text\n\n## Face match\n\nold\n\n### sub\n\nold sub\n\n## IP\n\nip text\n';
    const out = replaceSection(doc, '## Face match', 'new');
    expect(out).toBe('# Accuracy\n\n## AML\n\naml text\n\n## Face match\n\nnew\n\n## IP\n\nip text\n');
    expect(replaceSection('# Accuracy\n', '## Liveness', 'x')).toBe('# Accuracy\n\n## Liveness\n\nx\n');
  });
  it('replaces a marked block or appends it', () => {
    expect(replaceMarkedBlock('a\n<!-- b -->\nold\n<!-- /b -->\nc', 'b', 'new')).toBe('a\n<!-- b -->\nnew\n<!-- /b -->\nc');
    expect(replaceMarkedBlock('a', 'b', 'x')).toBe('a\n\n<!-- b -->\nx\n<!-- /b -->\n');
  });
});
