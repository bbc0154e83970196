/**
 * The shape of a matching feature (after nomenklatura's `FtResult`/`Feature`): a small pure function that
 * looks at the screened person and one listed entity and returns a score in [0, 1] with a human-readable
 * detail. The scoring model (matching/scoringModel.ts) multiplies each score by its weight.
 */
import type { AmlEntity } from '../../types.ts';
import type { NameAlignment } from '../alignNames.ts';
import type { PreparedQuery } from '../screeningInput.ts';

/** What a feature may look at. */
export interface FeatureContext {
  readonly query: PreparedQuery;
  readonly entity: AmlEntity;
  /** The best-aligned listed name and its alignment. */
  readonly name: {
    readonly value: string;
    readonly kind: AmlEntity['names'][number]['kind'];
    readonly script: AmlEntity['names'][number]['script'];
    readonly alignment: NameAlignment;
    /** The screened name variant that aligned best. */
    readonly queryLabel: string;
  };
}

/** A feature's finding: `score` in [0, 1] (0 = did not fire) and why. */
export interface FeatureResult {
  readonly score: number;
  readonly detail: string;
}

/** A feature function. */
export type FeatureFunction = (ctx: FeatureContext) => FeatureResult;
