import type { FeatureContext, FeatureResult } from './featureTypes.ts';

/**
 * Similarity of the screened name and the best-matching listed name (primary or alias), order-independent:
 * `0.6 x (share of the screened name matched) + 0.4 x (share of the listed name matched)`, where each pair of
 * name parts counts its similarity (1 exact, Jaro-Winkler/Levenshtein for typos, 0.9 for a shared
 * double-metaphone code, 0.8 for an initial) and particles such as "al" or "bin" weigh a quarter.
 */
export function nameSimilarity(ctx: FeatureContext): FeatureResult {
  const a = ctx.name.alignment;
  const pairs = a.pairs.map((p) => `${p.query}~${p.listed} ${p.how} ${p.score.toFixed(2)}`).join(', ');
  return {
    score: a.score,
    detail: `"${ctx.name.queryLabel}" vs "${ctx.name.value}" (${ctx.name.kind}): covers ${(a.queryCoverage * 100).toFixed(0)}% of the screened name and ${(a.listedCoverage * 100).toFixed(0)}% of the listed name [${pairs}]`,
  };
}
