import { fileTypeFromBuffer } from 'file-type';
import { addFieldErrors, type FieldErrors } from './errors.ts';

/**
 * Decoding and checking of base64 media fields (DESIGN.md request path 2): the text must be base64, the
 * decoded size within the limit, and the bytes' signature (magic bytes, read by the `file-type` library) must be
 * one of the allowed kinds and agree with the declared `fileExtension`.
 */

/** A media kind the service accepts, by canonical extension. */
export type MediaKind = 'jpg' | 'png' | 'webp' | 'mp4';

/** Decoded media. */
export interface Media {
  bytes: Buffer;
  kind: MediaKind;
  /** IANA media type, e.g. `image/jpeg`. */
  mime: string;
}

/** Extensions as integrators send them -> canonical kind (`jpeg` is `jpg`). */
const EXTENSION_KIND: Record<string, MediaKind> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', webp: 'webp', mp4: 'mp4' };
/** `file-type` results -> canonical kind; ISO-BMFF brands that phones write for mp4 are accepted as mp4. */
const DETECTED_KIND: Record<string, MediaKind> = { jpg: 'jpg', png: 'png', webp: 'webp', mp4: 'mp4', m4v: 'mp4', mov: 'mp4' };

const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+;base64,/;
const BASE64 = /^[A-Za-z0-9+/\-_]*={0,2}$/;

/**
 * Decodes one media field.
 * @param field request field name, used as the key of the returned errors.
 * @param text the base64 text (a `data:<type>;base64,` prefix and whitespace are ignored).
 * @param opts.allowed kinds this field may hold.
 * @param opts.declared the request's `fileExtension`, already lower-cased; when absent the kind is detected.
 * @param opts.maxBytes largest decoded size in bytes.
 * @returns the media, or field errors naming what is wrong (never throws for bad input).
 */
export async function decodeMedia(
  field: string,
  text: string,
  opts: { allowed: readonly MediaKind[]; declared?: string | undefined; maxBytes: number },
): Promise<{ media: Media } | { errors: FieldErrors }> {
  const fail = (message: string) => ({ errors: { [field]: [message] } });
  const body = text.replace(DATA_URL, '').replace(/\s+/g, '');
  if (body.length === 0) return fail('must not be empty');
  if (!BASE64.test(body) || body.length % 4 === 1) return fail('is not valid base64');
  const approx = Math.floor((body.length * 3) / 4);
  if (approx > opts.maxBytes + 2) {
    return fail(`decodes to about ${approx} bytes; the limit is ${opts.maxBytes} bytes (${(opts.maxBytes / 1048576).toFixed(1)} MiB)`);
  }
  const bytes = Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
  if (bytes.length > opts.maxBytes) return fail(`decodes to ${bytes.length} bytes; the limit is ${opts.maxBytes} bytes`);
  const detected = await fileTypeFromBuffer(bytes);
  const kind = detected ? DETECTED_KIND[detected.ext] : undefined;
  const allowedList = opts.allowed.join(', ');
  if (!detected || !kind || !opts.allowed.includes(kind)) {
    return fail(`is not a supported file (${detected ? `detected ${detected.ext}` : 'unrecognised content'}); allowed: ${allowedList}`);
  }
  if (opts.declared !== undefined) {
    const declaredKind = EXTENSION_KIND[opts.declared];
    if (declaredKind !== kind) {
      return { errors: { fileExtension: [`is ${opts.declared} but ${field} holds ${detected.ext} data`] } };
    }
  }
  return { media: { bytes, kind, mime: detected.mime } };
}

/**
 * Decodes several media fields at once, collecting every field's errors (absent or null fields are skipped).
 * @param maxBytes largest decoded size of each file, in bytes.
 * @returns the decoded media by field name, or the errors of every bad field.
 */
export async function decodeMediaFields(
  fields: Array<{ field: string; text: string | null | undefined; allowed: readonly MediaKind[]; declared?: string | undefined }>,
  maxBytes: number,
): Promise<{ media: Record<string, Media> } | { errors: FieldErrors }> {
  const media: Record<string, Media> = {};
  const errors: FieldErrors = {};
  for (const f of fields) {
    if (f.text === null || f.text === undefined) continue;
    const out = await decodeMedia(f.field, f.text, { allowed: f.allowed, declared: f.declared, maxBytes });
    if ('errors' in out) for (const [k, v] of Object.entries(out.errors)) addFieldErrors(errors, k, ...v);
    else media[f.field] = out.media;
  }
  return Object.keys(errors).length > 0 ? { errors } : { media };
}
