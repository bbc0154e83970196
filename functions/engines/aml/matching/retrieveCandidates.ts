/**
 * Candidate retrieval (blocking): instead of comparing the query with every listed name, each query part is
 * compared only with the listed parts sharing a blocking key (text/blockingKeys.ts), and a listed name becomes
 * a candidate only when enough distinct query parts found a similar part in it. This is what keeps one
 * screening against hundreds of thousands of names in milliseconds.
 */
import type { AmlIndex } from '../index/compileIndex.ts';
import type { PreparedQuery, QueryToken } from './screeningInput.ts';
import { TOKEN_MATCH, tokenSimilarity, type TokenSimilarity } from './tokenSimilarity.ts';

/**
 * A name is a candidate when the number of distinct informative query parts found in it reaches
 * `min(MIN_HITS, informative parts of the query, informative parts of the name)`, or when one of the parts
 * found is rare (weight >= {@link RARE_HIT_WEIGHT}, similarity >= {@link RARE_HIT_SIMILARITY}): a typo in the
 * other part must not hide "Mohaned ZAWAHIRI".
 */
export const MIN_HITS = 2;
/** Rarity weight (index/compileIndex.ts rarityWeight) from which one matching part alone makes a candidate. */
export const RARE_HIT_WEIGHT = 0.8;
/** ... provided it matches at least this well (exact, phonetic, or a close typo). */
export const RARE_HIT_SIMILARITY = 0.9;

/** Similarity of one query part to vocabulary parts, filled lazily and shared with alignment. */
export type TokenSimilarityCache = Map<number, TokenSimilarity>;

/** Candidates of one query variant. */
export interface VariantCandidates {
  /** Ids of the candidate names. */
  readonly names: number[];
  /** One cache per query part (same order as the variant's tokens). */
  readonly similarities: TokenSimilarityCache[];
}

/** Shortest part that counts as one piece of a joined or split name part ("eta" of "etaati"). */
export const MIN_PIECE_LENGTH = 3;

/**
 * True when one part starts or ends with the other (at least {@link MIN_PIECE_LENGTH} letters): a name written
 * as one word on one side and as two on the other ("Belkapsteel"/"Belkap Steel", "Eta Ati"/"Etaati"). This
 * only makes the name a candidate; alignNames.ts scores the joined parts.
 */
export function joinedPart(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= MIN_PIECE_LENGTH && short.length < long.length && (long.startsWith(short) || long.endsWith(short));
}

/** Similarity of query part `q` to vocabulary part `id`, through `cache`. */
export function similarityTo(index: AmlIndex, q: QueryToken, id: number, cache: TokenSimilarityCache): TokenSimilarity {
  let s = cache.get(id);
  if (s === undefined) {
    const v = index.vocabulary;
    s = tokenSimilarity(q, { text: v.text[id] as string, phonetic: v.phonetic[id] as string[], particle: v.particle[id] === 1 });
    cache.set(id, s);
  }
  return s;
}

/**
 * Candidate names of each variant of `query`, plus every name of an entity whose identifier equals a given
 * document or personal number.
 */
export function retrieveCandidates(index: AmlIndex, query: PreparedQuery): VariantCandidates[] {
  const { variantStamp, tokenStamp, hits, rare } = index.scratch;
  const byIdentifier: number[] = [];
  for (const id of query.identifiers) {
    for (const e of index.identifiers.get(id) ?? []) byIdentifier.push(e);
  }
  return query.variants.map((tokens) => {
    const variantEpoch = ++index.scratch.epoch;
    const touched: number[] = [];
    const similarities: TokenSimilarityCache[] = [];
    const informative = tokens.filter((t) => !t.particle && !t.initial).length;
    for (const q of tokens) {
      const cache: TokenSimilarityCache = new Map();
      similarities.push(cache);
      if (q.particle || q.initial) continue;
      const tokenEpoch = ++index.scratch.epoch;
      for (const key of q.keys) {
        const ids = index.keyToTokens.get(key);
        if (ids === undefined) continue;
        for (let k = 0; k < ids.length; k++) {
          const id = ids[k] as number;
          if (cache.has(id)) continue;
          const s = similarityTo(index, q, id, cache);
          if (s.how === TOKEN_MATCH.None && !joinedPart(q.text, index.vocabulary.text[id] as string)) continue;
          const isRare = s.score >= RARE_HIT_SIMILARITY && (index.vocabulary.weight[id] as number) >= RARE_HIT_WEIGHT ? 1 : 0;
          const { nameStart, nameIds } = index.vocabulary;
          for (let n = nameStart[id] as number, end = nameStart[id + 1] as number; n < end; n++) {
            const name = nameIds[n] as number;
            if (variantStamp[name] !== variantEpoch) {
              variantStamp[name] = variantEpoch;
              hits[name] = 0;
              rare[name] = 0;
              touched.push(name);
            }
            if (isRare === 1) rare[name] = 1;
            if (tokenStamp[name] !== tokenEpoch) {
              tokenStamp[name] = tokenEpoch;
              hits[name] = (hits[name] as number) + 1;
            }
          }
        }
      }
    }
    const names: number[] = [];
    for (const name of touched) {
      const need = Math.max(1, Math.min(MIN_HITS, informative, index.names.informative[name] as number));
      if ((hits[name] as number) >= need || rare[name] === 1) names.push(name);
    }
    if (byIdentifier.length > 0) {
      const inList = new Set(names);
      for (const e of byIdentifier) {
        for (let id = index.entityNameStart[e] as number; id < (index.entityNameStart[e + 1] as number); id++) {
          if (!inList.has(id)) names.push(id);
        }
      }
    }
    return { names, similarities };
  });
}
