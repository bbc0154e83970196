import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, post, sandbox } from './helpers.ts';
import { spawnService, type SpawnedService } from './spawn.ts';

/** IP analysis (SPEC.md 4.5, result 2.8) on real addresses through the local HTTP API. */

const SHARED = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'ip');
const analyse = (ipAddress: string) => post('ip-analysis', { workflowId: sandbox().workflowId, ipAddress });

describe('ip-analysis on real addresses', () => {
  it('places Google Public DNS in the USA, AS15169, hosting', async () => {
    const { status, body } = await analyse('8.8.8.8');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'Completed', stepCode: 'step_ip_analysis' });
    expect(body.result).toMatchObject({ ipAddress: '8.8.8.8', country: 'USA', countryId: '840', asn: 'AS15169', isHosting: true, isTor: false });
    expect(body.result.riskScore).toBeGreaterThanOrEqual(0);
    expect(body.result.riskScore).toBeLessThanOrEqual(100);
  });

  it('flags Tor exits of the Onionoo list and declines them', async () => {
    const rows = readFileSync(path.join(SHARED, 'tor-onionoo-alireza-rezaee', 'latest.exits.csv'), 'utf8').trim().split('\n').slice(1);
    const picks = [rows[3], rows[Math.floor(rows.length / 2)], rows[rows.length - 2]].map((r) => r!.split(',')[1]!.trim());
    for (const ip of picks) {
      const { body } = await analyse(ip);
      expect(body.result, ip).toMatchObject({ isTor: true, connectionType: 'tor' });
      expect(body.decision).toBe('Declined');
    }
  });

  it('approves a residential access network and answers IPv6', async () => {
    const residential = await analyse('73.162.1.1');
    expect(residential.body.result).toMatchObject({ country: 'USA', isHosting: false, isVpn: false, isTor: false });
    expect(residential.body.decision).toBe('Approved');
    const v6 = await analyse('2001:4860:4860::8888');
    expect(v6.body.result).toMatchObject({ asn: 'AS15169', isHosting: true });
  });

  it('answers private and reserved addresses with InReview and no location', async () => {
    for (const ip of ['10.0.0.1', '127.0.0.1', '::1', '192.0.2.1']) {
      const { body } = await analyse(ip);
      expect(body.status).toBe('Completed');
      expect(body.decision).toBe('InReview');
      expect(body.result).toMatchObject({ country: null, asn: null, isTor: false });
      expect(body.statusReason).toContain('not publicly routable');
    }
  });
});

describe('ip-analysis of a browser caller (issue 7): the source address, not the body', () => {
  const mintSat = async (apiKey: string) => {
    const res = await fetch(new URL('/api/v1/sessions/token', sandbox().baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: '{}',
    });
    return ((await res.json()) as { sat: string }).sat;
  };

  it('analyses the socket address of a sat caller whatever its body says', async () => {
    const { apiKey } = await newTenant();
    const sat = await mintSat(apiKey);
    const { status, body } = await post('ip-analysis', { ipAddress: '73.162.1.1' }, { key: null, headers: { authorization: `Bearer ${sat}` } });
    expect(status).toBe(200);
    expect(body.result.ipAddress).toBe('127.0.0.1'); // the test's own connection, not the body's residential address
    expect(body.decision).toBe('InReview');
    expect(body.statusReason).toContain('not publicly routable');
  });

  it('takes the address a trusted proxy forwards (TRUST_PROXY_HOPS=1 in this service)', async () => {
    const { apiKey } = await newTenant();
    const sat = await mintSat(apiKey);
    const { body } = await post('ip-analysis', { ipAddress: '185.220.101.1' }, {
      key: null,
      headers: { authorization: `Bearer ${sat}`, 'x-forwarded-for': '198.51.100.250, 73.162.1.1' },
    });
    expect(body.result).toMatchObject({ ipAddress: '73.162.1.1', country: 'USA' });
    expect(body.decision).toBe('Approved');
  });

  it('keeps analysing the body address of a secret-key caller', async () => {
    const { body } = await post('ip-analysis', { workflowId: sandbox().workflowId, ipAddress: '8.8.8.8' }, { headers: { 'x-forwarded-for': '73.162.1.1' } });
    expect(body.result.ipAddress).toBe('8.8.8.8');
  });
});

describe('ip-analysis when its provider fails (SPEC.md 3.4 rule 5)', () => {
  let broken: SpawnedService;
  beforeAll(async () => {
    broken = await spawnService({ IP_DATA_DIR: path.join(SHARED, 'does-not-exist') });
  });
  afterAll(async () => {
    await broken?.stop();
  });

  it('answers InReview with no result and a statusReason', async () => {
    const { sandbox: s } = broken;
    const res = await fetch(`${s.baseUrl}/ip-analysis`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': s.apiKey },
      body: JSON.stringify({ workflowId: s.workflowId, ipAddress: '8.8.8.8' }),
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: 'Failed', decision: 'InReview', result: null });
    expect(body['statusReason']).toEqual(expect.stringContaining('provider failed'));
  });

  it('ignores X-Forwarded-For without TRUST_PROXY_HOPS (the default)', async () => {
    const res = await fetch(new URL('/flow/client-ip', broken.sandbox.baseUrl), { headers: { 'x-forwarded-for': '73.162.1.1' } });
    expect(await res.json()).toEqual({ ipAddress: '127.0.0.1' });
  });
});
