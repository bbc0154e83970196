import { describe, expect, it } from 'vitest';
import { RISK_FEATURES } from '../../../../../functions/engines/ip/analysis/riskFeatures.ts';
import { riskScore } from '../../../../../functions/engines/ip/analysis/riskScore.ts';

const weightOf = (name: string): number => RISK_FEATURES.find((f) => f.name === name)?.weight ?? NaN;
const score = (...names: string[]): number => riskScore(names.map((name) => ({ weight: weightOf(name), score: 1 })));

describe('riskScore', () => {
  it.each([
    [[], 0],
    [['privateRelay'], 25],
    [['unannouncedAddress'], 30],
    [['hosting'], 45],
    [['nonPublicAddress'], 50],
    [['vpn'], 60],
    [['vpn', 'hosting'], 78],
    [['openProxy'], 80],
    [['openProxy', 'hosting'], 89],
    [['torExit'], 90],
    [['torExit', 'hosting'], 95],
  ])('gives %j the documented score %i', (names, expected) => {
    // Act and Assess
    expect(score(...names)).toBe(expected);
  });

  it('scales a partial feature score (hosting by organisation name only: 0.45 × 0.6 = 27)', () => {
    // Act and Assess
    expect(riskScore([{ weight: 0.45, score: 0.6 }])).toBe(27);
  });

  it('stays an integer within 0..100 and clamps bad inputs', () => {
    // Act
    const everything = riskScore(RISK_FEATURES.map((f) => ({ weight: f.weight, score: 1 })));
    const clamped = riskScore([{ weight: 2, score: 5 }, { weight: -1, score: Number.NaN }]);

    // Assess
    expect(Number.isInteger(everything)).toBe(true);
    expect(everything).toBeLessThanOrEqual(100);
    expect(clamped).toBe(100);
  });

  it('keeps weights in [0, 1] with a rationale for each feature', () => {
    // Act and Assess
    for (const feature of RISK_FEATURES) {
      expect(feature.weight).toBeGreaterThanOrEqual(0);
      expect(feature.weight).toBeLessThanOrEqual(1);
      expect(feature.rationale.length).toBeGreaterThan(20);
    }
  });
});
