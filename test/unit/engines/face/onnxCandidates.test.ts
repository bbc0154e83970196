import { describe, expect, it } from 'vitest';
import { fuse } from '../../../../functions/engines/face/evaluation/onnxCandidateEval.ts';
import { silentFaceCropRect } from '../../../../functions/engines/face/evaluation/onnxCandidates.ts';
import { l2Normalise } from '../../../../functions/engines/face/embed/embedAlignedFace.ts';
import { cosineSimilarity } from '../../../../functions/engines/face/match/cosineSimilarity.ts';

describe('fuse (score-level fusion of two recognisers)', () => {
  it('gives the mean of the two cosines', () => {
    const unit = (...v: number[]) => l2Normalise(Float32Array.from(v));
    const a1 = unit(1, 2, 3);
    const a2 = unit(3, -1, 0.5);
    const b1 = unit(0.2, 0.9);
    const b2 = unit(-0.4, 1);
    const mean = (cosineSimilarity(a1, a2) + cosineSimilarity(b1, b2)) / 2;
    expect(cosineSimilarity(fuse(a1, b1), fuse(a2, b2))).toBeCloseTo(mean, 6);
  });
});

describe('silentFaceCropRect (Silent-Face-Anti-Spoofing crop)', () => {
  it('scales the box about its centre', () => {
    expect(silentFaceCropRect({ x: 400, y: 300, width: 100, height: 120 }, 1000, 1000, 2.7)).toEqual({ x: 315, y: 198, width: 270, height: 324 });
  });

  it('shrinks the scale to fit and shifts the crop inside the image', () => {
    const r = silentFaceCropRect({ x: 0, y: 10, width: 100, height: 100 }, 301, 201, 4);
    expect(r.width).toBeCloseTo(200, 9);
    expect(r.height).toBeCloseTo(200, 9);
    expect(r.x).toBe(0);
    expect(r.y).toBe(0);
  });
});
