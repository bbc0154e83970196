/**
 * Capture quality check run in the browser before an image is uploaded: blur, glare and darkness, each a measured
 * number compared with a named threshold. Pure functions over RGBA pixels (no DOM), so that the same code runs in
 * the flow and in the unit test that measured the thresholds (test/unit/sdk-web/quality.test.ts, docs/sdk.md
 * "Quality check").
 *
 * The image is first reduced to the profile's `analysisWidth`, so that the sharpness measure does not depend on
 * the camera's resolution.
 */

/**
 * What is being checked: a document (front or back) or a selfie. Each kind has its own profile, because the
 * measures depend on the content (a document's printed text is far sharper than a face) and on the scale.
 */
export const CaptureKind = {
  Document: 'document',
  Selfie: 'selfie',
} as const;
/** `document` or `selfie`. */
export type CaptureKind = (typeof CaptureKind)[keyof typeof CaptureKind];

/** One profile of the quality check. */
export interface QualityProfile {
  /** Width in pixels the capture is reduced to before measuring (never enlarged). */
  readonly analysisWidth: number;
  /** Minimum variance of the Laplacian of the luminance at `analysisWidth`; below it the capture is blurred. */
  readonly minSharpness: number;
  /** Minimum mean luminance (0-255); below it the capture is too dark. */
  readonly minMeanLuminance: number;
  /** Luminance at or above which a pixel counts as blown out. */
  readonly glareLuminance: number;
  /** Maximum share of blown-out pixels (0-1); above it the capture has glare. 1 disables the check. */
  readonly maxGlareFraction: number;
}

/**
 * Profiles of the quality check, chosen from measurements on real images and degraded copies of them (the unit
 * test test/unit/sdk-web/quality.test.ts measures and asserts them; docs/sdk.md "Quality check" has the numbers):
 * - document: the 48 document images of the shared developer set at 480 px. Every original measures a sharpness
 *   of at least 128, while 47 of 48 blurred copies (Gaussian, sigma 2.5 px) measure under 60 (the one exception, a
 *   dense barcode, measures 101); every original has a mean luminance of at least 121 and every copy two stops
 *   under-exposed (x0.25) at most 59. A soft white glare spot over about 8 % of the image blows out 5.7-9.7 % of
 *   the pixels, above the 5 % limit in every one of the 28 originals that are under it; the other 20 are flatbed
 *   scans and renders on white paper, which a camera capture of a document on a desk is not.
 * - selfie: 215 LFW face photos at 240 px. Every original measures at least 28 and every blurred copy at most 14;
 *   originals have a mean luminance of at least 45 and copies two stops under at most 42. Glare is not checked on
 *   selfies: bright backgrounds are common and harmless there.
 */
export const QUALITY_PROFILES: { readonly [K in CaptureKind]: QualityProfile } = {
  document: { analysisWidth: 480, minSharpness: 60, minMeanLuminance: 80, glareLuminance: 250, maxGlareFraction: 0.05 },
  selfie: { analysisWidth: 240, minSharpness: 20, minMeanLuminance: 44, glareLuminance: 250, maxGlareFraction: 1 },
};

/** Quality problems the flow can ask the user to fix (each has a plain instruction in the flow's languages). */
export const QualityIssue = {
  Blurry: 'blurry',
  Glare: 'glare',
  TooDark: 'too_dark',
} as const;
/** One quality problem. */
export type QualityIssue = (typeof QualityIssue)[keyof typeof QualityIssue];

/** RGBA pixels, as `ImageData` holds them. */
export interface Pixels {
  readonly data: ArrayLike<number>;
  readonly width: number;
  readonly height: number;
}

/** The three measures of one image. */
export interface QualityMeasures {
  /** Variance of the Laplacian of the luminance (higher is sharper). */
  sharpness: number;
  /** Share of pixels with luminance >= `glareLuminance` (0-1): blown out by glare or over-exposure. */
  glareFraction: number;
  /** Mean luminance, 0-255. */
  meanLuminance: number;
}

/** Luminance (ITU-R BT.601 weights) of every pixel. */
export function luminance(px: Pixels): Float32Array {
  const n = px.width * px.height;
  const y = new Float32Array(n);
  const d = px.data;
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    y[i] = 0.299 * (d[o] ?? 0) + 0.587 * (d[o + 1] ?? 0) + 0.114 * (d[o + 2] ?? 0);
  }
  return y;
}

/**
 * Variance of the 4-neighbour Laplacian (`4·p - up - down - left - right`) over the interior pixels: the classic
 * focus measure (Pech-Pacheco et al., "Diatom autofocusing in brightfield microscopy", ICPR 2000). Blur removes
 * high frequencies, so the Laplacian's response flattens and its variance drops.
 */
export function laplacianVariance(y: Float32Array, width: number, height: number): number {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumSq = 0;
  let count = 0;
  for (let r = 1; r < height - 1; r++) {
    const row = r * width;
    for (let c = 1; c < width - 1; c++) {
      const i = row + c;
      const lap = 4 * y[i]! - y[i - 1]! - y[i + 1]! - y[i - width]! - y[i + width]!;
      sum += lap;
      sumSq += lap * lap;
      count++;
    }
  }
  const mean = sum / count;
  return sumSq / count - mean * mean;
}

/** Measures sharpness, glare and brightness of an image already reduced to the profile's `analysisWidth`. */
export function measureQuality(px: Pixels, profile: QualityProfile): QualityMeasures {
  const y = luminance(px);
  let total = 0;
  let saturated = 0;
  for (let i = 0; i < y.length; i++) {
    const v = y[i]!;
    total += v;
    if (v >= profile.glareLuminance) saturated++;
  }
  const n = Math.max(1, y.length);
  return {
    sharpness: laplacianVariance(y, px.width, px.height),
    glareFraction: saturated / n,
    meanLuminance: total / n,
  };
}

/** The issues of a measured image, in the order the user should fix them (light first, then focus). */
export function assessQuality(m: QualityMeasures, profile: QualityProfile): QualityIssue[] {
  const issues: QualityIssue[] = [];
  if (m.meanLuminance < profile.minMeanLuminance) issues.push(QualityIssue.TooDark);
  if (m.glareFraction > profile.maxGlareFraction) issues.push(QualityIssue.Glare);
  if (m.sharpness < profile.minSharpness) issues.push(QualityIssue.Blurry);
  return issues;
}
