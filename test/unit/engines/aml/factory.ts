/**
 * Tiny factories for AML engine tests (after nomenklatura's `e("Person", birthDate=...)`): one line per
 * entity, one call for a compiled index.
 */
import { buildIndexFile } from '../../../../functions/engines/aml/index/buildIndexFile.ts';
import { compileIndex, type AmlIndex } from '../../../../functions/engines/aml/index/compileIndex.ts';
import type { AmlIndexFile } from '../../../../functions/engines/aml/index/indexFile.ts';
import { detectScript } from '../../../../functions/engines/aml/text/detectScript.ts';
import type { AmlEntity, AmlSourceInfo } from '../../../../functions/engines/aml/types.ts';
import { resolve } from 'node:path';

/** ../shared/data/sanctions beside the repository. */
export const SANCTIONS_DATA = resolve(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'data', 'sanctions');

let counter = 0;

/** An entity with sensible defaults; `names[0]` is primary, the rest aliases. */
export function entity(names: string[], fields: Partial<Omit<AmlEntity, 'names'>> = {}): AmlEntity {
  counter++;
  const nativeId = fields.nativeId ?? String(counter);
  const sourceId = fields.sourceId ?? 'test';
  return {
    id: `${sourceId}:${nativeId}`,
    sourceId,
    nativeId,
    entityType: 'person',
    types: ['sanction'],
    birthDates: [],
    nationalities: [],
    countries: [],
    identifiers: [],
    programs: [],
    ...fields,
    names: names.map((value, i) => ({ value, kind: i === 0 ? 'primary' : 'aka', script: detectScript(value) })),
  };
}

/** Provenance of the test source. */
export function sourceInfo(id = 'test', publishedAt: string | null = '2026-01-01'): Omit<AmlSourceInfo, 'entityCount'> {
  return {
    id,
    title: 'Test list',
    publisher: 'tests',
    format: 'un_consolidated_xml',
    licence: 'test',
    url: 'https://example.org',
    publishedAt,
    publishedAtBasis: publishedAt === null ? null : 'document',
    retrievedAt: '2026-01-02T00:00:00.000Z',
    files: [{ location: 'test.xml', sha256: 'a'.repeat(64), bytes: 1 }],
    skipped: 0,
  };
}

/** An index file of `entities` (all of source `test`). */
export function indexFile(...entities: AmlEntity[]): AmlIndexFile {
  return buildIndexFile([{ info: sourceInfo(), entities }], new Date('2026-01-02T00:00:00.000Z'));
}

/** A compiled index of `entities`. */
export function indexOf(...entities: AmlEntity[]): AmlIndex {
  return compileIndex(indexFile(...entities));
}
