/**
 * Scores one listed entity against the screened person with the scoring model, and names the evidence
 * (`matchTypes`) and each feature's contribution (explanations).
 */
import { AML_MATCH_TYPE, AML_NAME_KIND, AML_SCRIPT, type AmlMatchType } from '../constants.ts';
import type { FeatureContext } from './features/featureTypes.ts';
import { SCORING_MODEL } from './scoringModel.ts';
import { TOKEN_MATCH } from './tokenSimilarity.ts';

/** One feature's part in a score. */
export interface FeatureExplanation {
  /** Feature id (e.g. `dob_mismatch`). */
  readonly feature: string;
  /** Feature score in [0, 1]. */
  readonly score: number;
  /** Its weight in the model. */
  readonly weight: number;
  /** `score x weight`. */
  readonly contribution: number;
  readonly detail: string;
}

/** Score of an entity with its evidence. */
export interface EntityScore {
  /** `clamp(sum of contributions, 0, 1)`. */
  readonly score: number;
  /** The name similarity alone, in [0, 1]. */
  readonly nameScore: number;
  readonly matchTypes: AmlMatchType[];
  readonly features: FeatureExplanation[];
  /** Whether the `dob_exact` or `identifier_match` feature fired (needed for `true_match`). */
  readonly corroborated: boolean;
}

/** Scores `ctx` with {@link SCORING_MODEL}. */
export function scoreEntity(ctx: FeatureContext): EntityScore {
  const features: FeatureExplanation[] = [];
  const matchTypes = new Set<AmlMatchType>();
  let total = 0;
  let nameScore = 0;
  let corroborated = false;
  for (const f of SCORING_MODEL) {
    const r = f.fn(ctx);
    const contribution = r.score * f.weight;
    total += contribution;
    if (f.id === 'name_similarity') nameScore = r.score;
    if (r.score > 0 && f.matchType !== null) matchTypes.add(f.matchType);
    if (r.score > 0 && (f.id === 'dob_exact' || f.id === 'identifier_match')) corroborated = true;
    features.push({ feature: f.id, score: r.score, weight: f.weight, contribution, detail: r.detail });
  }
  const a = ctx.name.alignment;
  const hows = new Set(a.pairs.map((p) => p.how));
  const allExact = a.queryCoverage === 1 && a.listedCoverage === 1 && a.pairs.every((p) => p.how === TOKEN_MATCH.Exact);
  const nameTypes: AmlMatchType[] = [];
  if (allExact) nameTypes.push(AML_MATCH_TYPE.NameExact);
  if (!allExact) nameTypes.push(AML_MATCH_TYPE.NameFuzzy);
  if (hows.has(TOKEN_MATCH.Phonetic)) nameTypes.push(AML_MATCH_TYPE.NamePhonetic);
  if (hows.has(TOKEN_MATCH.Initial)) nameTypes.push(AML_MATCH_TYPE.NameInitials);
  if (ctx.name.kind !== AML_NAME_KIND.Primary) nameTypes.push(AML_MATCH_TYPE.Alias);
  if (ctx.name.script !== AML_SCRIPT.Latin) nameTypes.push(AML_MATCH_TYPE.Transliteration);
  return {
    score: Math.min(1, Math.max(0, total)),
    nameScore,
    matchTypes: [...nameTypes, ...matchTypes],
    features,
    corroborated,
  };
}
