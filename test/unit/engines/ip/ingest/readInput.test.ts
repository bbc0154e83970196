import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IpIngestError } from '../../../../../functions/engines/ip/errors.ts';
import { createInputReader } from '../../../../../functions/engines/ip/ingest/readInput.ts';

const dir = mkdtempSync(join(tmpdir(), 'ip-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createInputReader', () => {
  it('reads a file', async () => {
    // Prepare
    const file = join(dir, 'list.txt');
    writeFileSync(file, '10.0.0.0/8\n');

    // Act
    const input = await createInputReader()(file);

    // Assess
    expect(input).toEqual({ bytes: Buffer.from('10.0.0.0/8\n'), location: file, lastModified: null });
  });

  it('fetches a URL and records Last-Modified', async () => {
    // Prepare
    const fetchStub = (async () => new Response('1.2.3.4\n', { status: 200, headers: { 'last-modified': 'Sat, 22 Aug 2026 21:13:34 GMT' } })) as typeof fetch;

    // Act
    const input = await createInputReader({ fetch: fetchStub })('https://example.test/list.txt');

    // Assess
    expect(input.bytes.toString()).toBe('1.2.3.4\n');
    expect(input.lastModified).toBe('2026-08-22T21:13:34.000Z');
  });

  it('throws IpIngestError on an HTTP error or a network failure', async () => {
    // Prepare
    const notFound = (async () => new Response('', { status: 404, statusText: 'Not Found' })) as typeof fetch;
    const offline = (async () => {
      throw new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND example.test') });
    }) as typeof fetch;

    // Act and Assess
    await expect(createInputReader({ fetch: notFound })('https://example.test/x')).rejects.toThrow(/HTTP 404/);
    await expect(createInputReader({ fetch: offline })('https://example.test/x')).rejects.toThrow(IpIngestError);
    await expect(createInputReader({ fetch: offline })('https://example.test/x')).rejects.toThrow(/ENOTFOUND/);
    await expect(createInputReader()(join(dir, 'missing.txt'))).rejects.toThrow(/ENOENT/);
  });
});
