/**
 * Cosine similarity of two vectors, in [-1, 1] (for unit vectors this is their dot product).
 * @throws {RangeError} when the lengths differ
 */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new RangeError(`Vectors of different lengths: ${a.length} and ${b.length}.`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  const denom = Math.sqrt(na * nb);
  return denom > 0 ? Math.max(-1, Math.min(1, dot / denom)) : 0;
}

/**
 * The documented map from cosine similarity to the API's `similarity` in [0, 1] (SPEC.md 2.5): `(cosine + 1) / 2`.
 * Linear, monotonic and independent of the model, so that thresholds expressed in `similarity` translate back to
 * cosine exactly (`cosine = 2 · similarity - 1`).
 */
export function similarityFromCosine(cosine: number): number {
  return Math.max(0, Math.min(1, (cosine + 1) / 2));
}
