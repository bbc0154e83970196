/**
 * Turns an index file into the in-memory structures screening needs: the tokenised names in flat typed arrays,
 * a vocabulary of distinct name parts with their weights and blocking keys, and two inverted lists
 * (blocking key -> name parts, name part -> names). Built once per process (Lambda cold start) with few
 * allocations; each screening then only reads it.
 */
import type { AmlEntity, AmlSourceInfo } from '../types.ts';
import { AML_INDEX_PROBLEM, AmlIndexUnavailableError } from '../errors.ts';
import { blockingKeys } from '../text/blockingKeys.ts';
import { NAME_PARTICLES } from '../text/nameStopwords.ts';
import { normalizeIdentifier } from '../text/normalizeIdentifier.ts';
import { PARTICLE_WEIGHT } from '../text/tokenizeName.ts';
import type { AmlIndexFile } from './indexFile.ts';
import { TOKENIZER_VERSION, tokenizeEntityNames, type TokenizedNames } from './tokenizeEntityNames.ts';

/** Listed names in struct-of-arrays form; a name id indexes every array. */
export interface CompiledNames {
  readonly count: number;
  /** Name -> position of its entity in {@link AmlIndex.entities}. */
  readonly entity: Int32Array;
  /** Name -> position of the published name in the entity's `names`. */
  readonly nameIndex: Int32Array;
  /** Name -> first position of its tokens in {@link tokens} (length `count + 1`). */
  readonly tokenStart: Int32Array;
  /** Vocabulary ids of all names' tokens, name after name. */
  readonly tokens: Int32Array;
  /** Name -> number of tokens that are neither particles nor initials. */
  readonly informative: Uint8Array;
}

/** The distinct name parts of the index; a vocabulary id indexes every array. */
export interface Vocabulary {
  readonly text: readonly string[];
  /** Double-metaphone codes of each part. */
  readonly phonetic: readonly (readonly string[])[];
  /** 1 for particles ("al", "bin", "van"). */
  readonly particle: Uint8Array;
  /**
   * Weight of each part in alignment: {@link PARTICLE_WEIGHT} for particles, otherwise its rarity
   * ({@link rarityWeight}), so a shared "mohammed" counts less than a shared "zawahiri".
   */
  readonly weight: Float32Array;
  /** Part text -> vocabulary id. */
  readonly ids: ReadonlyMap<string, number>;
  /** Part -> first position of the names containing it in {@link nameIds} (length `parts + 1`). */
  readonly nameStart: Int32Array;
  /** Name ids containing each part, part after part. */
  readonly nameIds: Int32Array;
}

/**
 * A loaded, ready-to-screen index. Create it with {@link loadAmlIndex} (from a file) or {@link compileIndex}
 * (from an {@link AmlIndexFile} in memory). Read-only after construction, except the scratch buffers that one
 * screening at a time reuses (Node runs one screening at a time per process).
 */
export interface AmlIndex {
  /** When the index file was built (ISO timestamp). */
  readonly builtAt: string;
  /** Every source with its publication date and checksum. */
  readonly sources: readonly AmlSourceInfo[];
  /** All entities. */
  readonly entities: readonly AmlEntity[];
  /** Entity -> its first name id (length `entities + 1`); an entity's names are contiguous. */
  readonly entityNameStart: Int32Array;
  readonly names: CompiledNames;
  readonly vocabulary: Vocabulary;
  /** Blocking key -> vocabulary ids having it. */
  readonly keyToTokens: ReadonlyMap<string, Int32Array>;
  /** Normalised identifier -> entity positions. */
  readonly identifiers: ReadonlyMap<string, readonly number[]>;
  /** Reusable per-screening buffers, sized to the number of names (see matching/retrieveCandidates.ts). */
  readonly scratch: RetrievalScratch;
}

/** Buffers candidate retrieval reuses between screenings instead of allocating per call. */
export interface RetrievalScratch {
  /** Per name: the query-variant epoch it was last touched in. */
  readonly variantStamp: Int32Array;
  /** Per name: the query-token epoch it was last counted for. */
  readonly tokenStamp: Int32Array;
  /** Per name: distinct query tokens that hit it in the current variant. */
  readonly hits: Uint8Array;
  /** Per name: 1 when a rare part hit it in the current variant. */
  readonly rare: Uint8Array;
  /** Monotonic counter behind both stamps. */
  epoch: number;
}

/** Floor of {@link rarityWeight}: the most common name parts still count this much. */
export const MIN_RARITY_WEIGHT = 0.3;
/** Parts on at most this many entities weigh 1. */
export const RARE_ENTITY_COUNT = 10;

/**
 * Inverse-document-frequency weight of a part found on `entityCount` of `totalEntities` entities:
 * `ln(N / df) / ln(N / RARE_ENTITY_COUNT)`, clamped to [{@link MIN_RARITY_WEIGHT}, 1].
 *
 * @example rarityWeight(3, 20000) // 1
 */
export function rarityWeight(entityCount: number, totalEntities: number): number {
  if (totalEntities <= RARE_ENTITY_COUNT || entityCount <= RARE_ENTITY_COUNT) return 1;
  const w = Math.log(totalEntities / entityCount) / Math.log(totalEntities / RARE_ENTITY_COUNT);
  return Math.min(1, Math.max(MIN_RARITY_WEIGHT, w));
}

/** The stored tokens of `file` when they fit its entities and this tokenizer, else freshly computed ones. */
function tokensOf(file: AmlIndexFile, entities: readonly AmlEntity[]): TokenizedNames {
  const m = file.matching;
  if (m === undefined || m.tokenizer !== TOKENIZER_VERSION) return tokenizeEntityNames(entities);
  let total = 0;
  for (const e of entities) total += e.names.length;
  const size = m.vocabulary.length;
  const consistent =
    m.names.length === total && m.phonetic.length === size && m.names.every((ids) => ids.every((id) => Number.isInteger(id) && id >= 0 && id < size));
  if (!consistent) {
    throw new AmlIndexUnavailableError(AML_INDEX_PROBLEM.Corrupt, 'index', 'AML index matching section does not fit its entities');
  }
  return m;
}

/** Compiles `file` for screening. Names that normalise to nothing, and repeated spellings within an entity, are left out. */
export function compileIndex(file: AmlIndexFile): AmlIndex {
  const entities = file.entities as readonly AmlEntity[];
  const tokenized = tokensOf(file, entities);
  const vocabSize = tokenized.vocabulary.length;
  const entityCount = new Int32Array(vocabSize);
  const lastEntity = new Int32Array(vocabSize).fill(-1);
  const tokenNameCount = new Int32Array(vocabSize);
  const particle = new Uint8Array(vocabSize);
  tokenized.vocabulary.forEach((t, id) => {
    particle[id] = NAME_PARTICLES.has(t) ? 1 : 0;
  });

  // Pass 1: which names to keep (non-empty, distinct within the entity) and sizes.
  const keep: number[] = [];
  const keepEntity: number[] = [];
  const keepNameIndex: number[] = [];
  let tokenTotal = 0;
  let flat = 0;
  const entityNameStart = new Int32Array(entities.length + 1);
  for (let e = 0; e < entities.length; e++) {
    entityNameStart[e] = keep.length;
    const seen = new Set<string>();
    const names = (entities[e] as AmlEntity).names;
    for (let n = 0; n < names.length; n++, flat++) {
      const ids = tokenized.names[flat] as number[];
      if (ids.length === 0) continue;
      const signature = ids.join(',');
      if (seen.has(signature)) continue;
      seen.add(signature);
      keep.push(flat);
      keepEntity.push(e);
      keepNameIndex.push(n);
      tokenTotal += ids.length;
      for (const id of ids) {
        if (lastEntity[id] !== e) {
          lastEntity[id] = e;
          entityCount[id] = (entityCount[id] as number) + 1;
        }
      }
    }
  }
  entityNameStart[entities.length] = keep.length;

  // Pass 2: flat name arrays.
  const count = keep.length;
  const tokenStart = new Int32Array(count + 1);
  const tokens = new Int32Array(tokenTotal);
  const informative = new Uint8Array(count);
  let pos = 0;
  for (let i = 0; i < count; i++) {
    tokenStart[i] = pos;
    const ids = tokenized.names[keep[i] as number] as number[];
    let inf = 0;
    let last = -1;
    for (const id of ids) {
      tokens[pos++] = id;
      if (particle[id] === 0 && (tokenized.vocabulary[id] as string).length > 1) inf++;
      if (id !== last) tokenNameCount[id] = (tokenNameCount[id] as number) + 1;
      last = id;
    }
    informative[i] = Math.min(255, inf);
  }
  tokenStart[count] = pos;

  // Pass 3: part -> names (CSR).
  const nameStart = new Int32Array(vocabSize + 1);
  for (let id = 0; id < vocabSize; id++) nameStart[id + 1] = (nameStart[id] as number) + (tokenNameCount[id] as number);
  const fill = nameStart.slice(0, vocabSize);
  const nameIds = new Int32Array(nameStart[vocabSize] as number);
  for (let i = 0; i < count; i++) {
    let last = -1;
    for (let p = tokenStart[i] as number; p < (tokenStart[i + 1] as number); p++) {
      const id = tokens[p] as number;
      if (id === last) continue;
      last = id;
      nameIds[fill[id] as number] = i;
      fill[id] = (fill[id] as number) + 1;
    }
  }

  // Vocabulary extras and blocking keys.
  const phonetic = tokenized.phonetic.map((p) => (p.length === 0 ? [] : p.split(' ')));
  const weight = Float32Array.from(entityCount, (c, id) => (particle[id] === 1 ? PARTICLE_WEIGHT : rarityWeight(c, entities.length)));
  const keyLists = new Map<string, number[]>();
  for (let id = 0; id < vocabSize; id++) {
    if (tokenNameCount[id] === 0) continue;
    for (const key of blockingKeys(tokenized.vocabulary[id] as string, phonetic[id])) {
      const list = keyLists.get(key);
      if (list === undefined) keyLists.set(key, [id]);
      else list.push(id);
    }
  }
  const keyToTokens = new Map<string, Int32Array>();
  for (const [key, list] of keyLists) keyToTokens.set(key, Int32Array.from(list));

  const identifiers = new Map<string, number[]>();
  entities.forEach((entity, e) => {
    for (const id of entity.identifiers) {
      const key = normalizeIdentifier(id.value);
      if (key === null) continue;
      const list = identifiers.get(key);
      if (list === undefined) identifiers.set(key, [e]);
      else if (list[list.length - 1] !== e) list.push(e);
    }
  });

  return {
    builtAt: file.builtAt,
    sources: file.sources as readonly AmlSourceInfo[],
    entities,
    entityNameStart,
    names: { count, entity: Int32Array.from(keepEntity), nameIndex: Int32Array.from(keepNameIndex), tokenStart, tokens, informative },
    vocabulary: {
      text: tokenized.vocabulary,
      phonetic,
      particle,
      weight,
      ids: new Map(tokenized.vocabulary.map((t, id) => [t, id])),
      nameStart,
      nameIds,
    },
    keyToTokens,
    identifiers,
    scratch: { variantStamp: new Int32Array(count), tokenStamp: new Int32Array(count), hits: new Uint8Array(count), rare: new Uint8Array(count), epoch: 0 },
  };
}
