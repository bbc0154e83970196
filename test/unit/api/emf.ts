import { vi } from 'vitest';

/** One CloudWatch embedded-metric-format document as Powertools writes it. */
export interface EmfDocument {
  _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string; Unit: string }> }> };
  [key: string]: unknown;
}

/**
 * Captures everything written to stdout (EMF lines and log lines) while `fn` runs.
 * @returns the raw text and the EMF documents among its lines.
 */
export async function captureStdout(fn: () => Promise<unknown>): Promise<{ text: string; emf: EmfDocument[] }> {
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  const text = chunks.join('');
  const emf = text
    .split('\n')
    .filter((l) => l.includes('"_aws"'))
    .map((l) => JSON.parse(l) as EmfDocument);
  return { text, emf };
}

/** The value of metric `name` in the EMF documents (first found), or undefined. */
export function metricValue(emf: EmfDocument[], name: string, where: Record<string, string> = {}): unknown {
  const doc = emf.find((d) => name in d && Object.entries(where).every(([k, v]) => d[k] === v));
  return doc?.[name];
}
