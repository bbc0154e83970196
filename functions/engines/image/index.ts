/**
 * Shared image handling of the face and liveness engines: decoding (sharp/libvips) with EXIF orientation and
 * bounded pixel counts, a typed error family mapped to `errorCategory`, and the small geometric operations the
 * models need (resampling, affine warps, similarity-transform estimation, tensor layout).
 */
export { DEFAULT_DECODE_LIMITS, IMAGE_ERROR_CATEGORY, STILL_IMAGE_FORMAT, STILL_IMAGE_FORMATS } from './constants.ts';
export type { ImageErrorCategory, StillImageFormat } from './constants.ts';
export { decodeImage } from './decodeImage.ts';
export type { DecodedImage, DecodeImageOptions } from './decodeImage.ts';
export { ImageError, InvalidImageError, UnsupportedMediaError } from './errors.ts';
export { resizeImage } from './resizeImage.ts';
export type { Rect } from './resizeImage.ts';
export { createRgbImage } from './rgbImage.ts';
export type { RgbImage } from './rgbImage.ts';
export { estimateSimilarity } from './similarityTransform.ts';
export type { Point } from './similarityTransform.ts';
export { toChwTensor, toGrayTensor } from './toTensor.ts';
export type { Normalisation } from './toTensor.ts';
export { invertAffine, warpAffine } from './warpAffine.ts';
export type { Affine2x3 } from './warpAffine.ts';
