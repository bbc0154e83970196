/**
 * The scoring model: every feature with its weight, in one declarative list (STYLE.md 7, after nomenklatura's
 * logic_v1). The score of a match is `clamp(sum(weight x feature score), 0, 1)`: the name similarity, raised by
 * corroborating evidence and lowered by contradicting evidence. Weights were set on the selection split of
 * `npm run eval:aml` (docs/accuracy.md).
 */
import { AML_MATCH_TYPE, type AmlMatchType } from '../constants.ts';
import { dobExact } from './features/dobExact.ts';
import { dobMismatch } from './features/dobMismatch.ts';
import { dobYearMatch } from './features/dobYearMatch.ts';
import type { FeatureFunction } from './features/featureTypes.ts';
import { genderMismatch } from './features/genderMismatch.ts';
import { identifierMatch } from './features/identifierMatch.ts';
import { nameSimilarity } from './features/nameSimilarity.ts';
import { nationalityMatch } from './features/nationalityMatch.ts';
import { nationalityMismatch } from './features/nationalityMismatch.ts';
import { weakAlias } from './features/weakAlias.ts';

/** One feature of the model. */
export interface ModelFeature {
  /** Stable name, used in explanations (`dob_mismatch`). */
  readonly id: string;
  readonly fn: FeatureFunction;
  /** Contribution per unit of score; negative for contradicting evidence. */
  readonly weight: number;
  /** `matchTypes` entry added when the feature fires (score > 0); name evidence is named by the alignment. */
  readonly matchType: AmlMatchType | null;
}

/** The model. Order is the order of explanations. */
export const SCORING_MODEL: readonly ModelFeature[] = [
  { id: 'name_similarity', fn: nameSimilarity, weight: 1, matchType: null },
  { id: 'dob_exact', fn: dobExact, weight: 0.1, matchType: AML_MATCH_TYPE.DobExact },
  { id: 'dob_year', fn: dobYearMatch, weight: 0.05, matchType: AML_MATCH_TYPE.DobYear },
  { id: 'dob_mismatch', fn: dobMismatch, weight: -0.3, matchType: AML_MATCH_TYPE.DobMismatch },
  { id: 'nationality_match', fn: nationalityMatch, weight: 0.05, matchType: AML_MATCH_TYPE.Nationality },
  { id: 'nationality_mismatch', fn: nationalityMismatch, weight: -0.1, matchType: AML_MATCH_TYPE.NationalityMismatch },
  { id: 'gender_mismatch', fn: genderMismatch, weight: -0.15, matchType: AML_MATCH_TYPE.GenderMismatch },
  { id: 'identifier_match', fn: identifierMatch, weight: 0.3, matchType: AML_MATCH_TYPE.Identifier },
  { id: 'weak_alias', fn: weakAlias, weight: -0.1, matchType: null },
];
