/**
 * AML screening engine: sanctions, PEP and watchlist screening of one person against a local index of official
 * lists (SPEC.md 4.4, result 2.7). Pure of HTTP, AWS and the environment: the caller passes the index path, the
 * whitelist and thresholds. See docs/aml-screening.md for the algorithm and docs/accuracy.md for its measured
 * accuracy.
 *
 * @example
 * const index = await loadAmlIndex('data/aml');
 * const { result, explanations, thresholds } = screen(index, { firstName: 'Ayman', lastName: 'al-Zawahiri', dateOfBirth: '1951-06-19' });
 */
export { loadAmlIndex, type LoadAmlIndexOptions } from './index/loadAmlIndex.ts';
export { compileIndex, type AmlIndex, type CompiledNames, type Vocabulary } from './index/compileIndex.ts';
export { checkIndexFreshness, indexAgeDays } from './index/checkIndexFreshness.ts';
export { AML_INDEX_FILE_NAME, AML_INDEX_FORMAT, AML_INDEX_VERSION, AmlIndexFileSchema, type AmlIndexFile } from './index/indexFile.ts';
export { buildIndexFile, serializeIndexFile, type IndexSourceInput } from './index/buildIndexFile.ts';
export { ingestSources, sha256Hex, type IngestOptions, type ReadResult, type SourceReader, type SourceReport } from './index/ingestSources.ts';
export { OFFICIAL_SOURCES, type SourceSpec } from './index/officialSources.ts';
export { renderSourcesMarkdown } from './index/renderSourcesMarkdown.ts';
export { parseSourceFiles, type ParseSourceOptions, type SourceFile } from './parsers/parseSourceFiles.ts';
export {
  screen,
  type AmlIndexProvenance,
  type AmlMatch,
  type AmlMatchExplanation,
  type AmlScreenOptions,
  type AmlScreeningOutcome,
  type AmlScreeningResult,
} from './matching/screen.ts';
export type { AmlScreeningInput } from './matching/screeningInput.ts';
export type { FeatureExplanation } from './matching/scoreEntity.ts';
export { AML_DEFAULT_THRESHOLDS, type AmlThresholds } from './matching/thresholds.ts';
export { SCORING_MODEL, type ModelFeature } from './matching/scoringModel.ts';
export {
  AML_INDEX_PROBLEM,
  AmlError,
  AmlIndexUnavailableError,
  AmlNameRequiredError,
  AmlSourceParseError,
  type AmlIndexProblem,
} from './errors.ts';
export * from './constants.ts';
export type { AmlEntity, AmlIdentifier, AmlName, AmlSourceFile, AmlSourceInfo, ParsedSource } from './types.ts';
