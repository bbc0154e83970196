/**
 * Per-frame class probabilities of one text line, restricted to the MRZ alphabet: class 0 is the CTC blank,
 * classes 1-37 are the characters of `MRZ_ALPHABET` in order. Rows sum to 1.
 */
export interface LineProbabilities {
  /** Number of frames (time steps). */
  readonly frames: number;
  /** `frames x 38` probabilities, row-major. */
  readonly probs: Float32Array;
  /**
   * Share of the recogniser's probability mass that fell on MRZ classes (blank included), averaged over the frames
   * where a character was emitted; near 1 for MRZ lines, lower for lines of ordinary text.
   */
  readonly mrzMass: number;
}

/** Number of classes of a {@link LineProbabilities} row: blank + 37 MRZ characters. */
export const MRZ_CLASSES = 38;
