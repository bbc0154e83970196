/**
 * Levenshtein edit distance (insertions, deletions, substitutions, each cost 1), optionally with adjacent
 * transpositions as one edit (the "optimal string alignment" variant of Damerau-Levenshtein), and the
 * similarity derived from it. Jaro-Winkler favours shared prefixes; this catches a typo in the first letters
 * ("Haniya"/"Xaniya") and counts a swapped pair of letters ("Batlic"/"Baltic") as one typo.
 */

/**
 * Edit distance between `a` and `b` (three-row dynamic programme, O(|a|·|b|) time).
 *
 * @param transpositions - Count swapping two adjacent letters as one edit. @default false
 * @example levenshtein('kitten', 'sitting') // 3
 * @example levenshtein('batlic', 'baltic', true) // 1
 */
export function levenshtein(a: string, b: string, transpositions = false): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev2 = new Uint16Array(b.length + 1);
  let prev = new Uint16Array(b.length + 1);
  let curr = new Uint16Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (curr[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (transpositions && i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      }
      curr[j] = d;
    }
    [prev2, prev, curr] = [prev, curr, prev2];
  }
  return prev[b.length] as number;
}

/**
 * `1 - distance / max(|a|, |b|)`, in [0, 1]; 1 for equal strings.
 *
 * @param transpositions - As in {@link levenshtein}. @default false
 * @example levenshteinSimilarity('kitten', 'sitting') // 0.5714...
 */
export function levenshteinSimilarity(a: string, b: string, transpositions = false): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b, transpositions) / longest;
}
