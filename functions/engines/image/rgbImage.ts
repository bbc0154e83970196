/**
 * The in-memory image every engine step passes around: 8-bit RGB, interleaved (`r, g, b, r, g, b, …`), row-major,
 * no row padding, origin at the top-left pixel. Pixel (x, y) channel c is at `data[(y * width + x) * 3 + c]`.
 */
export interface RgbImage {
  /** `width * height * 3` bytes. */
  readonly data: Uint8Array;
  /** Width in pixels. */
  readonly width: number;
  /** Height in pixels. */
  readonly height: number;
}

/**
 * Allocates a black image.
 * @param width - pixels, > 0
 * @param height - pixels, > 0
 */
export function createRgbImage(width: number, height: number): RgbImage {
  return { data: new Uint8Array(width * height * 3), width, height };
}
