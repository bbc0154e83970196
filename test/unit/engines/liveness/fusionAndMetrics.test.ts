import { describe, expect, it } from 'vitest';
import { bestThresholdInterval, padMetrics } from '../../../../functions/engines/liveness/evaluation/padMetrics.ts';
import { LIVENESS_DECISION, decideLiveness, fuseFrameScores, logit, sigmoid } from '../../../../functions/engines/liveness/index.ts';
import { livenessCropRect } from '../../../../functions/engines/liveness/score/livenessCrop.ts';

describe('fuseFrameScores', () => {
  it('is more confident than one frame when the frames agree, in both directions', () => {
    expect(fuseFrameScores(Array(8).fill(0.9), 0.5).live).toBeGreaterThan(0.9);
    expect(fuseFrameScores(Array(8).fill(0.1), 0.5).live).toBeLessThan(0.1);
  });

  it('equals the mean frame with fully correlated frames and gains sqrt(n) with independent ones', () => {
    expect(fuseFrameScores([0.8, 0.8, 0.8], 1).live).toBeCloseTo(0.8, 12);
    expect(fuseFrameScores([0.8, 0.8, 0.8, 0.8], 0).logit).toBeCloseTo(2 * logit(0.8), 12);
    expect(fuseFrameScores([0.8], 0.5).live).toBeCloseTo(0.8, 12);
  });

  it('drops the most extreme frames when there are five or more', () => {
    const withOutlier = fuseFrameScores([0.9, 0.9, 0.9, 0.9, 0.0001], 1);
    expect(withOutlier.live).toBeCloseTo(0.9, 2);
  });

  it('throws on empty input or a correlation outside [0, 1]', () => {
    expect(() => fuseFrameScores([], 0.5)).toThrow(RangeError);
    expect(() => fuseFrameScores([0.5], 1.5)).toThrow(RangeError);
  });

  it('clips probabilities so that logit and sigmoid stay finite', () => {
    expect(Number.isFinite(logit(1))).toBe(true);
    expect(sigmoid(logit(0.3))).toBeCloseTo(0.3, 12);
  });
});

describe('padMetrics (ISO/IEC 30107-3)', () => {
  const items = [
    { bonaFide: true, species: '', score: 90 },
    { bonaFide: true, species: '', score: 40 },
    { bonaFide: false, species: 'print', score: 10 },
    { bonaFide: false, species: 'print', score: 60 },
    { bonaFide: false, species: 'replay', score: 5 },
  ];
  it('reports APCER per species, the worst one, BPCER and ACER', () => {
    const m = padMetrics(items, 50);
    expect(m.apcerBySpecies).toEqual([
      { species: 'print', apcer: 0.5, accepted: 1, total: 2 },
      { species: 'replay', apcer: 0, accepted: 0, total: 1 },
    ]);
    expect(m.apcer).toBe(0.5);
    expect(m.bpcer).toBe(0.5);
    expect(m.acer).toBe(0.5);
  });
  it('finds the interval of thresholds with the lowest ACER', () => {
    const separable = [
      { bonaFide: true, species: '', score: 70 },
      { bonaFide: false, species: 'print', score: 20 },
    ];
    expect(bestThresholdInterval(separable)).toEqual({ low: 20, high: 70, acer: 0 });
  });
});

describe('decideLiveness', () => {
  const t = { passAtOrAbove: 50, reviewAtOrAbove: 15 };
  it('passes, reviews or fails by the thresholds and never passes with an errorCategory', () => {
    expect(decideLiveness({ livenessConfidence: 50, errorCategory: null }, t)).toBe(LIVENESS_DECISION.Passed);
    expect(decideLiveness({ livenessConfidence: 20, errorCategory: null }, t)).toBe(LIVENESS_DECISION.Review);
    expect(decideLiveness({ livenessConfidence: 10, errorCategory: null }, t)).toBe(LIVENESS_DECISION.Failed);
    expect(decideLiveness({ livenessConfidence: 99, errorCategory: 'multiple_faces' }, t)).toBe(LIVENESS_DECISION.Review);
    expect(decideLiveness({ livenessConfidence: 99, errorCategory: 'no_face_detected' }, t)).toBe(LIVENESS_DECISION.Failed);
  });
});

describe('livenessCropRect', () => {
  it('enlarges the face 2.7x about its centre and keeps the crop inside the image', () => {
    expect(livenessCropRect({ x: 450, y: 450, width: 80, height: 100 }, 1000, 1000)).toEqual({ x: 355, y: 365, width: 270, height: 270 });
    const atEdge = livenessCropRect({ x: 0, y: 0, width: 80, height: 100 }, 1000, 1000);
    expect(atEdge.x).toBe(0);
    expect(atEdge.y).toBe(0);
  });
});
