import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RISK_FEATURES } from '../../../../../functions/engines/ip/analysis/riskFeatures.ts';
import { repoRoot } from '../paths.ts';

describe('RISK_FEATURES', () => {
  it('has unique feature names', () => {
    // Act
    const names = RISK_FEATURES.map((f) => f.name);

    // Assess
    expect(new Set(names).size).toBe(names.length);
  });

  it('is documented in docs/ip-analysis.md with the same weights and rationale', () => {
    // Prepare
    const doc = readFileSync(join(repoRoot, 'docs', 'ip-analysis.md'), 'utf8');

    // Act
    const rows = new Map([...doc.matchAll(/^\| `(\w+)` \| ([\d.]+) \| (.+) \|$/gm)].map((m) => [m[1], { weight: Number(m[2]), why: m[3] ?? '' }]));

    // Assess
    for (const feature of RISK_FEATURES) {
      expect(rows.get(feature.name)?.weight, feature.name).toBe(feature.weight);
      expect(rows.get(feature.name)?.why.replace(/[:;]/g, ',').slice(0, 30), feature.name).toBe(feature.rationale.replace(/[:;]/g, ',').slice(0, 30));
    }
  });
});
