/**
 * Shared JSON reading for the JSON list formats.
 */
import { IpIngestError } from '../../errors.ts';

/**
 * Parses JSON text.
 * @param text - file content
 * @param location - for errors
 * @param format - format name, for errors
 * @throws {IpIngestError} when the text is not JSON
 */
export function readJson(text: string, location: string, format: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new IpIngestError(location, `expected ${format} JSON, got text that is not JSON`, { cause: error });
  }
}

/**
 * Narrows a value to a plain object.
 * @returns the object, or null when `value` is not a non-array object
 */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * Reads an optional non-empty string property.
 * @returns the trimmed string, or undefined
 */
export function optionalString(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Turns a timestamp without zone (the providers' files are in UTC) into ISO 8601 UTC.
 * @param text - e.g. "2025-07-24T19:16:28.780563" or "2026-08-22-15-17-05" (AWS)
 * @returns ISO string, or null when it does not parse
 */
export function utcTimestamp(text: string | undefined): string | null {
  if (text === undefined) return null;
  const aws = /^(\d{4})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{2})$/.exec(text);
  const normalised = aws === null ? text : `${aws[1]}-${aws[2]}-${aws[3]}T${aws[4]}:${aws[5]}:${aws[6]}`;
  const withZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(normalised) ? normalised : `${normalised}Z`;
  const date = new Date(withZone.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
