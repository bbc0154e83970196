/**
 * Jaro-Winkler similarity (Winkler 1990): Jaro similarity boosted by a common prefix of up to 4 characters with
 * scaling factor 0.1, the standard parameters (as in nomenklatura and Apache Commons Text).
 */

/** Prefix scaling factor p of Winkler's formula. */
const PREFIX_SCALE = 0.1;
/** Longest prefix that earns the boost. */
const MAX_PREFIX = 4;

/**
 * Similarity of `a` and `b` in [0, 1]: 1 for equal strings, 0 when no characters match.
 *
 * @example jaroWinkler('martha', 'marhta') // 0.9611...
 */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const aMatched = new Uint8Array(la);
  const bMatched = new Uint8Array(lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    const ca = a.charCodeAt(i);
    for (let j = lo; j <= hi; j++) {
      if (bMatched[j] === 0 && b.charCodeAt(j) === ca) {
        aMatched[i] = 1;
        bMatched[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (aMatched[i] === 0) continue;
    while (bMatched[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const jaro = (matches / la + matches / lb + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  const maxPrefix = Math.min(MAX_PREFIX, la, lb);
  while (prefix < maxPrefix && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * PREFIX_SCALE * (1 - jaro);
}
