/**
 * Reads one ingestion input: a local file, or a URL with the global `fetch`.
 */
import { readFile } from 'node:fs/promises';
import { IpIngestError } from '../errors.ts';

/** Bytes of one input and what the transport said about them. */
export interface InputRead {
  /** The content. */
  readonly bytes: Buffer;
  /** The URL or path read. */
  readonly location: string;
  /** HTTP `Last-Modified` as ISO 8601, or null (files, or no header). */
  readonly lastModified: string | null;
}

/** Reads one input; rejects with `IpIngestError`. */
export type InputReader = (location: string) => Promise<InputRead>;

/** Options of {@link createInputReader}. */
export interface InputReaderOptions {
  /** Per-request timeout in milliseconds. @default 20000 */
  readonly timeoutMs?: number;
  /** The fetch implementation. @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

const defaults = { timeoutMs: 20_000 } as const;

/**
 * Whether a location is a URL (http or https) rather than a path.
 * @param location - `--from` value
 */
export function isUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/**
 * Creates a reader for files and http(s) URLs.
 * @param options - timeout and fetch implementation
 */
export function createInputReader(options: InputReaderOptions = {}): InputReader {
  const { timeoutMs } = { ...defaults, ...options };
  const fetchImpl = options.fetch ?? globalThis.fetch;
  return async (location) => {
    if (!isUrl(location)) {
      try {
        return { bytes: await readFile(location), location, lastModified: null };
      } catch (error) {
        throw new IpIngestError(location, `cannot read file (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
      }
    }
    let response: Response;
    try {
      response = await fetchImpl(location, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { 'user-agent': 'step-verification-service ip-ingest (+https://github.com/)' },
      });
    } catch (error) {
      const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new IpIngestError(location, `cannot fetch (${reason})`, { cause: error });
    }
    if (!response.ok) throw new IpIngestError(location, `HTTP ${response.status} ${response.statusText}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const header = response.headers.get('last-modified');
    const date = header === null ? null : new Date(header);
    return { bytes, location, lastModified: date === null || Number.isNaN(date.getTime()) ? null : date.toISOString() };
  };
}
