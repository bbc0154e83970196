/**
 * Order-independent alignment of the screened name with one listed name: every query part is paired with at
 * most one listed part (greedy, best pairs first; then left-over parts against joined adjacent parts), and the
 * name similarity is the weighted coverage of both names by the pairs. Parts weigh their rarity; unmatched
 * particles weigh nothing. "Zawahiri Ayman", "Ayman al-Zawahiri" and "AL ZAWAHIRI, Dr. Ayman" align the same way.
 */
import type { AmlIndex } from '../index/compileIndex.ts';
import type { QueryToken } from './screeningInput.ts';
import { INITIAL_WEIGHT } from './screeningInput.ts';
import { similarityTo, type TokenSimilarityCache } from './retrieveCandidates.ts';
import { TOKEN_MATCH, tokenSimilarity, type TokenMatch } from './tokenSimilarity.ts';

/**
 * Share of the name similarity that comes from covering the screened name (the rest from covering the listed
 * name). Above one half because the screened name comes from an identity document and is complete, while
 * listed names are often shorter aliases or longer full genealogical names.
 */
export const QUERY_COVERAGE_SHARE = 0.6;

/** Most adjacent parts joined to match one part on the other side ("abd al latif" ~ "abdallatif"). */
export const MAX_JOINED_PARTS = 3;

/** One aligned pair. */
export interface AlignedPair {
  readonly query: string;
  readonly listed: string;
  readonly score: number;
  readonly how: TokenMatch;
}

/** Result of aligning two names. */
export interface NameAlignment {
  /** `QUERY_COVERAGE_SHARE * queryCoverage + (1 - QUERY_COVERAGE_SHARE) * listedCoverage`, in [0, 1]. */
  readonly score: number;
  /** Weighted share of the screened name matched, in [0, 1]. */
  readonly queryCoverage: number;
  /** Weighted share of the listed name matched, in [0, 1]. */
  readonly listedCoverage: number;
  readonly pairs: readonly AlignedPair[];
}

/**
 * Aligns `query` with listed name `nameId`, reusing the per-part similarity caches of retrieval.
 */
export function alignNames(index: AmlIndex, query: readonly QueryToken[], nameId: number, caches: readonly TokenSimilarityCache[]): NameAlignment {
  const v = index.vocabulary;
  const listed = index.names.tokens.subarray(index.names.tokenStart[nameId], index.names.tokenStart[nameId + 1]);
  const candidates: Array<{ q: number; l: number; score: number; how: TokenMatch }> = [];
  for (let q = 0; q < query.length; q++) {
    for (let l = 0; l < listed.length; l++) {
      const s = similarityTo(index, query[q] as QueryToken, listed[l] as number, caches[q] as TokenSimilarityCache);
      if (s.how !== TOKEN_MATCH.None) candidates.push({ q, l, score: s.score, how: s.how });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  const usedQ = new Uint8Array(query.length);
  const qWeights = query.map((q) => queryWeight(index, q));
  const usedL = new Uint8Array(listed.length);
  const pairs: AlignedPair[] = [];
  let qMatched = 0;
  let lMatched = 0;
  for (const c of candidates) {
    if (usedQ[c.q] === 1 || usedL[c.l] === 1) continue;
    usedQ[c.q] = 1;
    usedL[c.l] = 1;
    const q = query[c.q] as QueryToken;
    const lid = listed[c.l] as number;
    const lw = listedWeight(v.text[lid] as string, v.weight[lid] as number);
    // A matched pair weighs what the listed part weighs on both sides (its rarity is known; a typo'd query part's is not).
    qWeights[c.q] = Math.min(q.weight, lw);
    qMatched += c.score * (qWeights[c.q] as number);
    lMatched += c.score * lw;
    pairs.push({ query: q.text, listed: v.text[lid] as string, score: c.score, how: c.how });
  }
  // Parts left over on one side may match several adjacent left-over parts of the other side joined together.
  const lText = Array.from(listed, (id) => v.text[id] as string);
  const lWeights = Array.from(listed, (id, l) => listedWeight(lText[l] as string, v.weight[id] as number));
  for (let q = 0; q < query.length; q++) {
    if (usedQ[q] === 1) continue;
    const j = bestJoin(query[q] as QueryToken, lText, usedL);
    if (j === null) continue;
    usedQ[q] = 1;
    let lw = 0;
    for (let l = j.from; l < j.to; l++) {
      usedL[l] = 1;
      lw += lWeights[l] as number;
    }
    qMatched += j.score * (qWeights[q] as number);
    lMatched += j.score * lw;
    pairs.push({ query: (query[q] as QueryToken).text, listed: lText.slice(j.from, j.to).join('+'), score: j.score, how: j.how });
  }
  const qText = query.map((q) => q.text);
  for (let l = 0; l < listed.length; l++) {
    if (usedL[l] === 1) continue;
    const j = bestJoin({ text: lText[l] as string, phonetic: [], particle: false }, qText, usedQ);
    if (j === null) continue;
    usedL[l] = 1;
    let qw = 0;
    for (let q = j.from; q < j.to; q++) {
      usedQ[q] = 1;
      qw += qWeights[q] as number;
    }
    qMatched += j.score * qw;
    lMatched += j.score * (lWeights[l] as number);
    pairs.push({ query: qText.slice(j.from, j.to).join('+'), listed: lText[l] as string, score: j.score, how: j.how });
  }

  // An unmatched particle costs nothing: "Zawahiri" and "al-Zawahiri" are the same name.
  let qTotal = 0;
  query.forEach((q, i) => {
    if (usedQ[i] === 1 || !q.particle) qTotal += qWeights[i] as number;
  });
  let lTotal = 0;
  for (let l = 0; l < listed.length; l++) {
    if (usedL[l] === 1 || v.particle[listed[l] as number] === 0) lTotal += lWeights[l] as number;
  }
  const queryCoverage = qTotal > 0 ? qMatched / qTotal : 0;
  const listedCoverage = lTotal > 0 ? lMatched / lTotal : 0;
  return {
    score: QUERY_COVERAGE_SHARE * queryCoverage + (1 - QUERY_COVERAGE_SHARE) * listedCoverage,
    queryCoverage,
    listedCoverage,
    pairs,
  };
}

/**
 * Weight of an unmatched query part: initials and particles keep their fixed weight, other parts weigh their
 * rarity in the index when they occur in it, else 1 (a name part no list uses is fully informative).
 */
function queryWeight(index: AmlIndex, q: QueryToken): number {
  if (q.initial || q.particle) return q.weight;
  const id = index.vocabulary.ids.get(q.text);
  return id === undefined ? 1 : (index.vocabulary.weight[id] as number);
}

/**
 * Best match of `part` against 2..{@link MAX_JOINED_PARTS} adjacent unused parts of `others` joined without
 * spaces, or null when none reaches the fuzzy minimum.
 */
function bestJoin(
  part: { readonly text: string; readonly phonetic: readonly string[]; readonly particle: boolean },
  others: readonly string[],
  used: Uint8Array,
): { from: number; to: number; score: number; how: TokenMatch } | null {
  let best: { from: number; to: number; score: number; how: TokenMatch } | null = null;
  for (let from = 0; from < others.length; from++) {
    let joined = '';
    for (let to = from; to < others.length && to - from < MAX_JOINED_PARTS; to++) {
      if (used[to] === 1) break;
      joined += others[to] as string;
      if (to === from) continue;
      const s = tokenSimilarity({ text: part.text, phonetic: [], particle: false }, { text: joined, phonetic: [], particle: false });
      if (s.how !== TOKEN_MATCH.None && (best === null || s.score > best.score)) best = { from, to: to + 1, score: s.score, how: s.how };
    }
  }
  return best;
}

/** Weight of a listed part: initials count {@link INITIAL_WEIGHT}, particles their vocabulary weight. */
function listedWeight(text: string, weight: number): number {
  return text.length === 1 ? INITIAL_WEIGHT : weight;
}
