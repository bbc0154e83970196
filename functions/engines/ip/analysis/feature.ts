/**
 * The shape of a risk feature: a small pure function of the facts that returns a score in [0, 1] and a sentence
 * explaining it (the nomenklatura `FtResult` pattern, STYLE.md 7).
 */
import type { IpFacts } from './facts.ts';

/** What a feature says about one address. */
export interface FeatureResult {
  /** Strength of the evidence, 0 (none) to 1 (certain, as far as the list goes). */
  readonly score: number;
  /** One sentence for people: what was found (or not) and in which data. */
  readonly detail: string;
  /** Comma-separated source ids behind a non-zero score, when the evidence comes from lists. */
  readonly source?: string;
}

/** A named feature with its weight in the risk score. */
export interface RiskFeature {
  /** Feature name, shown in evidence, e.g. `torExit`. */
  readonly name: string;
  /** Weight in [0, 1]: the risk this feature alone gives at score 1 (see riskScore.ts). 0 = informational. */
  readonly weight: number;
  /** Why the weight is what it is (rendered in docs/ip-analysis.md). */
  readonly rationale: string;
  /** The feature function. */
  readonly evaluate: (facts: IpFacts) => FeatureResult;
}
