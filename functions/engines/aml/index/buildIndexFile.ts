/**
 * Assembles an index file from parsed sources: checks that every entity belongs to a listed source, that ids
 * are unique, and that the counts in the provenance match the entities.
 */
import { gzipSync } from 'node:zlib';
import { AmlError } from '../errors.ts';
import type { AmlEntity, AmlSourceInfo } from '../types.ts';
import { AML_INDEX_FORMAT, AML_INDEX_VERSION, type AmlIndexFile } from './indexFile.ts';
import { tokenizeEntityNames } from './tokenizeEntityNames.ts';

/** One source with its entities. */
export interface IndexSourceInput {
  readonly info: Omit<AmlSourceInfo, 'entityCount'>;
  readonly entities: readonly AmlEntity[];
}

/**
 * The index document for `sources` (entities sorted by id for reproducible files), with the precomputed
 * tokens of every name.
 *
 * @throws AmlError (`aml_index_build`) on duplicate source ids or entity ids, or an entity whose sourceId is not
 *   its source's id.
 */
export function buildIndexFile(sources: readonly IndexSourceInput[], builtAt: Date = new Date()): AmlIndexFile {
  const seenSources = new Set<string>();
  const seenEntities = new Set<string>();
  const entities: AmlEntity[] = [];
  const infos: AmlSourceInfo[] = [];
  for (const { info, entities: list } of sources) {
    if (seenSources.has(info.id)) throw new AmlError('aml_index_build', `source id ${info.id} appears twice`);
    seenSources.add(info.id);
    for (const e of list) {
      if (e.sourceId !== info.id) throw new AmlError('aml_index_build', `entity ${e.id} has sourceId ${e.sourceId}, expected ${info.id}`);
      if (seenEntities.has(e.id)) throw new AmlError('aml_index_build', `entity id ${e.id} appears twice`);
      seenEntities.add(e.id);
      entities.push(e);
    }
    infos.push({ ...info, entityCount: list.length });
  }
  entities.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    format: AML_INDEX_FORMAT,
    version: AML_INDEX_VERSION,
    builtAt: builtAt.toISOString(),
    sources: infos as AmlIndexFile['sources'],
    entities: entities as AmlIndexFile['entities'],
    matching: tokenizeEntityNames(entities),
  };
}

/** The gzipped JSON bytes of `file`, as written to data/aml/index.json.gz. */
export function serializeIndexFile(file: AmlIndexFile): Uint8Array {
  return gzipSync(Buffer.from(JSON.stringify(file)), { level: 9 });
}
