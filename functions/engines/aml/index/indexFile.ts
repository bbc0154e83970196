/**
 * The on-disk index: one gzipped JSON document holding the entities of every source and each source's
 * provenance (publication date, checksum, licence). Written by `npm run aml:ingest`, read by
 * {@link loadAmlIndex}. The schema below is the type (STYLE.md 3) and is checked on load, so a truncated or
 * foreign file is reported as corrupt instead of screening against half a list.
 */
import { z } from 'zod';
import { AML_DATE_BASIS, AML_ENTITY_TYPE, AML_GENDER, AML_LIST_TYPE, AML_NAME_KIND, AML_SCRIPT, AML_SOURCE_FORMAT } from '../constants.ts';

/** `format` member of every index file. */
export const AML_INDEX_FORMAT = 'step-verification/aml-index';
/** Version of the layout below; a loader refuses other versions. */
export const AML_INDEX_VERSION = 1;
/** File name of the index inside a directory such as data/aml/. */
export const AML_INDEX_FILE_NAME = 'index.json.gz';

const values = <T extends Record<string, string>>(o: T) => Object.values(o) as [T[keyof T], ...Array<T[keyof T]>];

/** One entity (see types.ts AmlEntity). */
export const AmlEntitySchema = z.object({
  id: z.string().min(1),
  sourceId: z.string().min(1),
  nativeId: z.string().min(1),
  entityType: z.enum(values(AML_ENTITY_TYPE)),
  types: z.array(z.enum(values(AML_LIST_TYPE))).min(1),
  names: z
    .array(z.object({ value: z.string().min(1), kind: z.enum(values(AML_NAME_KIND)), script: z.enum(values(AML_SCRIPT)) }))
    .min(1),
  birthDates: z.array(z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/)),
  nationalities: z.array(z.string().length(2)),
  countries: z.array(z.string().length(2)),
  gender: z.enum(values(AML_GENDER)).optional(),
  identifiers: z.array(z.object({ type: z.string(), value: z.string(), country: z.string().length(2).optional() })),
  programs: z.array(z.string()),
});

/** Provenance of one source (see types.ts AmlSourceInfo). */
export const AmlSourceInfoSchema = z.object({
  id: z.string().regex(/^[a-z0-9_]+$/),
  title: z.string(),
  publisher: z.string(),
  format: z.enum(values(AML_SOURCE_FORMAT)),
  licence: z.string(),
  url: z.string(),
  publishedAt: z.string().nullable(),
  publishedAtBasis: z.enum(values(AML_DATE_BASIS)).nullable(),
  retrievedAt: z.string(),
  files: z.array(z.object({ location: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.int().min(0) })),
  entityCount: z.int().min(0),
  skipped: z.int().min(0),
});

/**
 * Precomputed tokens (index/tokenizeEntityNames.ts), so a cold start skips transliteration and phonetic
 * coding. Checked for consistency by compileIndex, not here (zod over ~10^5 small arrays costs a cold start
 * more than the check is worth).
 */
export const AmlMatchingSectionSchema = z.object({
  tokenizer: z.string(),
  vocabulary: z.array(z.string()),
  phonetic: z.array(z.string()),
  names: z.array(z.any()) as unknown as z.ZodArray<z.ZodType<number[]>>,
});

/**
 * The whole file.
 *
 * @example
 * {"format":"step-verification/aml-index","version":1,"builtAt":"2026-11-22T10:00:00.000Z",
 *  "sources":[{"id":"un_sc","title":"UN Security Council Consolidated List","publishedAt":"2026-02-27", ...}],
 *  "entities":[{"id":"un_sc:IQi.001","sourceId":"un_sc", ...}]}
 */
export const AmlIndexFileSchema = z.object({
  format: z.literal(AML_INDEX_FORMAT),
  version: z.literal(AML_INDEX_VERSION),
  builtAt: z.string(),
  sources: z.array(AmlSourceInfoSchema).min(1),
  entities: z.array(AmlEntitySchema),
  matching: AmlMatchingSectionSchema.optional(),
});
/** Parsed content of an index file. */
export type AmlIndexFile = z.infer<typeof AmlIndexFileSchema>;
