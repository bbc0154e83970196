import { ErrorCode } from '../../src/errors.js';
import { assessQuality, measureQuality, QUALITY_PROFILES, type CaptureKind, type QualityIssue, type QualityMeasures } from './quality.js';

/**
 * Camera access, frame capture and liveness recording. getUserMedia failures become the SDK's error codes;
 * captures are cropped to the framing guide, capped in size, encoded as JPEG and measured by the quality check.
 */

/** A camera failure the flow cannot recover from; `code` is an SDK error code. */
export class CameraError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CameraError';
  }
}

/** Which camera to prefer. */
export type Facing = 'environment' | 'user';

/**
 * Starts a camera (video only).
 * @throws CameraError `camera_denied` (NotAllowedError, SecurityError), `no_camera` (NotFoundError,
 *   NotReadableError, OverconstrainedError, AbortError) or `unsupported_browser` (no mediaDevices).
 */
export async function startCamera(facing: Facing): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new CameraError(ErrorCode.UnsupportedBrowser, 'navigator.mediaDevices.getUserMedia is not available (an insecure context, or an old browser).');
  }
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: facing }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (err) {
    const name = (err as { name?: string }).name ?? '';
    if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
      throw new CameraError(ErrorCode.CameraDenied, `Camera access was refused (${name}).`);
    }
    throw new CameraError(ErrorCode.NoCamera, `No camera could be started (${name || String(err)}).`);
  }
}

/** Stops every track of a stream. */
export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Waits until a video element shows frames. */
export function videoReady(video: HTMLVideoElement): Promise<void> {
  if (video.readyState >= 2 && video.videoWidth > 0) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (video.readyState >= 2 && video.videoWidth > 0) {
        video.removeEventListener('loadeddata', check);
        video.removeEventListener('playing', check);
        resolve();
      }
    };
    video.addEventListener('loadeddata', check);
    video.addEventListener('playing', check);
  });
}

/** A rectangle in pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Maps the framing guide, drawn over a video shown with `object-fit: cover`, to the video's own pixels, with a
 * margin (a share of the guide's size) so that a document slightly outside the guide is not cut.
 */
export function guideToVideoRect(video: HTMLVideoElement, guide: HTMLElement, margin = 0.06): Rect {
  const vw = video.videoWidth;
  const vh = video.videoHeight;
  const box = video.getBoundingClientRect();
  const g = guide.getBoundingClientRect();
  const scale = Math.max(box.width / vw, box.height / vh);
  const offX = (box.width - vw * scale) / 2;
  const offY = (box.height - vh * scale) / 2;
  const x0 = (g.left - box.left - offX - g.width * margin) / scale;
  const y0 = (g.top - box.top - offY - g.height * margin) / scale;
  const x1 = (g.right - box.left - offX + g.width * margin) / scale;
  const y1 = (g.bottom - box.top - offY + g.height * margin) / scale;
  const x = Math.max(0, Math.floor(x0));
  const y = Math.max(0, Math.floor(y0));
  return { x, y, width: Math.min(vw, Math.ceil(x1)) - x, height: Math.min(vh, Math.ceil(y1)) - y };
}

/** A captured, encoded and measured photo. */
export interface Capture {
  blob: Blob;
  /** Base64 of the JPEG, without a data: prefix. */
  base64: string;
  /** Object URL of the JPEG, for the review screen (revoke it when done). */
  url: string;
  measures: QualityMeasures;
  issues: QualityIssue[];
}

const MAX_EDGE = { document: 1600, selfie: 1280 } as const;

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = Math.max(1, Math.round(width));
  c.height = Math.max(1, Math.round(height));
  return c;
}

function context(c: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = c.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new CameraError(ErrorCode.UnsupportedBrowser, 'The browser has no 2D canvas.');
  return ctx;
}

/** Encodes a canvas as JPEG. */
export function toJpeg(canvas: HTMLCanvasElement, quality = 0.9): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality));
}

/** Base64 of a blob (no data: prefix). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Measures a drawable source (the capture canvas) with the profile of `kind`. */
export function measureCanvas(source: HTMLCanvasElement, kind: CaptureKind): { measures: QualityMeasures; issues: QualityIssue[] } {
  const profile = QUALITY_PROFILES[kind];
  const w = Math.min(profile.analysisWidth, source.width);
  const h = Math.max(1, Math.round((source.height * w) / source.width));
  const small = canvasOf(w, h);
  const ctx = context(small);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, w, h);
  const measures = measureQuality(ctx.getImageData(0, 0, w, h), profile);
  return { measures, issues: assessQuality(measures, profile) };
}

/** Grabs the current frame of `video` (cropped to `rect` when given), encodes and measures it. */
export async function captureFrame(video: HTMLVideoElement, kind: CaptureKind, rect?: Rect): Promise<Capture> {
  const r = rect ?? { x: 0, y: 0, width: video.videoWidth, height: video.videoHeight };
  const scale = Math.min(1, MAX_EDGE[kind] / Math.max(r.width, r.height));
  const canvas = canvasOf(r.width * scale, r.height * scale);
  context(canvas).drawImage(video, r.x, r.y, r.width, r.height, 0, 0, canvas.width, canvas.height);
  const { measures, issues } = measureCanvas(canvas, kind);
  const blob = await toJpeg(canvas);
  return { blob, base64: await blobToBase64(blob), url: URL.createObjectURL(blob), measures, issues };
}

/** Liveness media ready for upload. */
export interface LivenessMedia {
  base64: string;
  fileExtension: 'mp4' | 'jpg';
  /** `video` from MediaRecorder, or `frames`: the sharpest of several still frames (fallback). */
  method: 'video' | 'frames';
}

/** MediaRecorder MIME types tried in order; only MP4 is accepted by the liveness endpoint (SPEC.md 8). */
export const MP4_TYPES = ['video/mp4;codecs=avc1.42E01E', 'video/mp4;codecs=avc1', 'video/mp4'] as const;

/** The first MP4 type this browser's MediaRecorder supports, or null. */
export function supportedMp4Type(): string | null {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return null;
  return MP4_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null;
}

async function isMp4(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, 12).arrayBuffer());
  return String.fromCharCode(...head.subarray(4, 8)) === 'ftyp';
}

/**
 * Records `durationMs` of the stream for the liveness check: an MP4 from MediaRecorder where the browser can
 * encode one; otherwise (Firefox, or a recorder that fails) {@link FALLBACK_FRAMES} still frames spread over the
 * same time, of which the sharpest is sent as a photo (the endpoint takes one photo or one MP4; WebM is refused).
 */
export async function recordLiveness(stream: MediaStream, video: HTMLVideoElement, durationMs: number): Promise<LivenessMedia> {
  const type = supportedMp4Type();
  if (type) {
    try {
      const blob = await recordMp4(stream, type, durationMs);
      if (blob.size > 0 && (await isMp4(blob))) return { base64: await blobToBase64(blob), fileExtension: 'mp4', method: 'video' };
    } catch {
      // fall back to still frames below
    }
  }
  return { ...(await bestFrame(video, durationMs)), method: 'frames' };
}

/** Number of still frames taken by the liveness fallback. */
export const FALLBACK_FRAMES = 5;

function recordMp4(stream: MediaStream, mimeType: string, durationMs: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const chunks: Blob[] = [];
    const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 2_000_000 });
    recorder.addEventListener('dataavailable', (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    });
    recorder.addEventListener('stop', () => resolve(new Blob(chunks, { type: 'video/mp4' })));
    recorder.addEventListener('error', () => reject(new Error('MediaRecorder failed')));
    recorder.start();
    setTimeout(() => recorder.state !== 'inactive' && recorder.stop(), durationMs);
  });
}

async function bestFrame(video: HTMLVideoElement, durationMs: number): Promise<{ base64: string; fileExtension: 'jpg' }> {
  let best: { canvas: HTMLCanvasElement; sharpness: number } | null = null;
  for (let i = 0; i < FALLBACK_FRAMES; i++) {
    const canvas = canvasOf(video.videoWidth, video.videoHeight);
    context(canvas).drawImage(video, 0, 0, canvas.width, canvas.height);
    const { measures } = measureCanvas(canvas, 'selfie');
    if (!best || measures.sharpness > best.sharpness) best = { canvas, sharpness: measures.sharpness };
    await new Promise((r) => setTimeout(r, durationMs / FALLBACK_FRAMES));
  }
  return { base64: await blobToBase64(await toJpeg(best!.canvas)), fileExtension: 'jpg' };
}
