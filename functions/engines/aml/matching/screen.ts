/**
 * One screening: the screened person's details against every list in the index, returning the result of
 * SPEC.md 2.7 together with per-match explanations, the thresholds applied and the index provenance.
 *
 * Steps: prepare the query (name variants, DOB, nationality, gender, identifiers) -> retrieve candidate names
 * by blocking keys -> align each candidate name with the screened name -> keep each entity's best name ->
 * score it with the feature model -> report matches at or above the `match` threshold -> decide status/risk.
 */
import type { AmlEntityType, AmlListType, AmlMatchStatus, AmlMatchType, AmlRiskLevel } from '../constants.ts';
import type { AmlIndex } from '../index/compileIndex.ts';
import { alpha2ToNumeric } from '../reference/countryCodes.ts';
import type { AmlDateBasis } from '../constants.ts';
import { alignNames, type NameAlignment } from './alignNames.ts';
import { decideStatus, isTrueMatch } from './decideStatus.ts';
import { retrieveCandidates } from './retrieveCandidates.ts';
import { SCORING_MODEL } from './scoringModel.ts';
import { scoreEntity, type FeatureExplanation } from './scoreEntity.ts';
import { prepareQuery, type AmlScreeningInput } from './screeningInput.ts';
import { AML_DEFAULT_THRESHOLDS, type AmlThresholds } from './thresholds.ts';

/** A match of SPEC.md 2.7. */
export interface AmlMatch {
  /** Entity id in the index: `<sourceId>:<publisher id>` (e.g. `us_ofac_sdn:2676`). */
  readonly id: string;
  /** The entity's primary name as published. */
  readonly name: string;
  readonly entityType: AmlEntityType;
  readonly types: readonly AmlListType[];
  /** Source list ids (e.g. `us_ofac_sdn`). */
  readonly sources: readonly string[];
  /** Other names of the entity, at most {@link AmlScreenOptions.maxAka}. */
  readonly aka: readonly string[];
  /** ISO 3166-1 alpha-2 codes of the entity's countries. */
  readonly countries: readonly string[];
  /** ISO 3166-1 numeric codes (3 digits) of the same countries, where one exists. */
  readonly countryIds: readonly string[];
  /** Evidence behind the match (see constants.ts AML_MATCH_TYPE). */
  readonly matchTypes: readonly AmlMatchType[];
  /** Match score in [0, 1], 4 decimals (scoringModel.ts). */
  readonly score: number;
  /** The application whitelisted this entity for this person: reported, but not driving `matchStatus`. */
  readonly isWhitelisted: boolean;
}

/** The `result` of the AML step (SPEC.md 2.7). */
export interface AmlScreeningResult {
  readonly matchStatus: AmlMatchStatus;
  readonly riskLevel: AmlRiskLevel;
  /** Matches at or above the `match` threshold (including whitelisted ones), before the `maxMatches` cut. */
  readonly totalHits: number;
  readonly matches: readonly AmlMatch[];
}

/** Why one match scored as it did (for operators; not part of the SPEC result). */
export interface AmlMatchExplanation {
  readonly id: string;
  /** The screened name variant that matched best. */
  readonly queryName: string;
  /** The listed name it matched. */
  readonly matchedName: string;
  readonly nameScore: number;
  readonly score: number;
  /** True when this match alone makes the status `true_match`. */
  readonly trueMatch: boolean;
  readonly features: readonly FeatureExplanation[];
}

/** Provenance of the index a screening ran on. */
export interface AmlIndexProvenance {
  readonly builtAt: string;
  readonly sources: ReadonlyArray<{
    readonly id: string;
    readonly title: string;
    readonly publishedAt: string | null;
    readonly publishedAtBasis: AmlDateBasis | null;
    readonly sha256: readonly string[];
    readonly entityCount: number;
  }>;
}

/** Everything a screening returns. */
export interface AmlScreeningOutcome {
  readonly result: AmlScreeningResult;
  readonly explanations: readonly AmlMatchExplanation[];
  readonly thresholds: AmlThresholds;
  readonly index: AmlIndexProvenance;
}

/** Options of {@link screen}. */
export interface AmlScreenOptions {
  /** Entity ids the application whitelisted for this person. @default empty */
  readonly whitelist?: ReadonlySet<string> | undefined;
  /** Overrides of {@link AML_DEFAULT_THRESHOLDS}. */
  readonly thresholds?: Partial<AmlThresholds> | undefined;
  /** Most matches returned (highest scores first); `totalHits` still counts all. @default 25 */
  readonly maxMatches?: number | undefined;
  /** Most aliases per match in `aka`. @default 20 */
  readonly maxAka?: number | undefined;
}

const defaults = { maxMatches: 25, maxAka: 20 } as const;

/** The largest score all positive features but the name can add: a name below `match - this` cannot match. */
const MAX_EVIDENCE_BONUS = SCORING_MODEL.filter((f) => f.id !== 'name_similarity' && f.weight > 0).reduce((s, f) => s + f.weight, 0);

/** Rounds to 4 decimals. */
const round4 = (x: number): number => Math.round(x * 10000) / 10000;

/**
 * Screens `input` against `index`.
 *
 * @throws AmlNameRequiredError when `input` has no usable name.
 * @example
 * const outcome = screen(index, { fullName: 'Ayman al-Zawahiri', dateOfBirth: '1951-06-19' });
 * outcome.result.matchStatus; // 'true_match'
 */
export function screen(index: AmlIndex, input: AmlScreeningInput, options: AmlScreenOptions = {}): AmlScreeningOutcome {
  const opts = { ...defaults, ...options };
  const thresholds: AmlThresholds = { ...AML_DEFAULT_THRESHOLDS, ...(options.thresholds ?? {}) };
  const whitelist = options.whitelist ?? new Set<string>();
  const query = prepareQuery(input);
  const best = new Map<number, { alignment: NameAlignment; nameId: number; variant: number }>();
  retrieveCandidates(index, query).forEach((variant, vi) => {
    const tokens = query.variants[vi] ?? [];
    for (const nameId of variant.names) {
      const alignment = alignNames(index, tokens, nameId, variant.similarities);
      const entity = index.names.entity[nameId] as number;
      const current = best.get(entity);
      if (current === undefined || alignment.score > current.alignment.score) best.set(entity, { alignment, nameId, variant: vi });
    }
  });
  const floor = thresholds.match - MAX_EVIDENCE_BONUS;
  const scored = [];
  for (const [entityIndex, b] of best) {
    if (b.alignment.score < floor) continue;
    const entity = index.entities[entityIndex];
    const listed = entity?.names[index.names.nameIndex[b.nameId] as number];
    if (entity === undefined || listed === undefined) continue;
    const s = scoreEntity({
      query,
      entity,
      name: { value: listed.value, kind: listed.kind, script: listed.script, alignment: b.alignment, queryLabel: query.variantLabels[b.variant] ?? '' },
    });
    if (s.score < thresholds.match) continue;
    scored.push({ entity, s, listed: listed.value, queryName: query.variantLabels[b.variant] ?? '', isWhitelisted: whitelist.has(entity.id) });
  }
  scored.sort((a, b) => b.s.score - a.s.score || (a.entity.id < b.entity.id ? -1 : 1));
  const decisionInputs = scored.map((m) => ({ score: m.s.score, nameScore: m.s.nameScore, corroborated: m.s.corroborated, types: m.entity.types, isWhitelisted: m.isWhitelisted }));
  const { matchStatus, riskLevel } = decideStatus(decisionInputs, thresholds, query.informative);
  const top = scored.slice(0, opts.maxMatches);
  return {
    result: {
      matchStatus,
      riskLevel,
      totalHits: scored.length,
      matches: top.map(({ entity, s, isWhitelisted }) => {
        const primary = entity.names[0]?.value ?? '';
        return {
          id: entity.id,
          name: primary,
          entityType: entity.entityType,
          types: entity.types,
          sources: [entity.sourceId],
          aka: entity.names.slice(1, 1 + opts.maxAka).map((n) => n.value),
          countries: entity.countries,
          countryIds: entity.countries.map(alpha2ToNumeric).filter((c): c is string => c !== null),
          matchTypes: s.matchTypes,
          score: round4(s.score),
          isWhitelisted,
        };
      }),
    },
    explanations: top.map((m, i) => ({
      id: m.entity.id,
      queryName: m.queryName,
      matchedName: m.listed,
      nameScore: round4(m.s.nameScore),
      score: round4(m.s.score),
      trueMatch: isTrueMatch(decisionInputs[i] as (typeof decisionInputs)[number], thresholds),
      features: m.s.features.map((f) => ({ ...f, score: round4(f.score), contribution: round4(f.contribution) })),
    })),
    thresholds,
    index: {
      builtAt: index.builtAt,
      sources: index.sources.map((s) => ({
        id: s.id,
        title: s.title,
        publishedAt: s.publishedAt,
        publishedAtBasis: s.publishedAtBasis,
        sha256: s.files.map((f) => f.sha256),
        entityCount: s.entityCount,
      })),
    },
  };
}
