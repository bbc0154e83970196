import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, newTenant, post, sandbox } from './helpers.ts';
import { spawnService, type SpawnedService } from './spawn.ts';

/** AML screening (SPEC.md 4.4, result 2.7) against the shipped index, through the local HTTP API. */

const screen = (fields: Record<string, unknown>, key?: string, workflowId = sandbox().workflowId) =>
  post('aml-screening', { workflowId, ...fields }, key ? { key } : {});

describe('aml-screening', () => {
  it('declines a listed person screened with a variant spelling and the listed date of birth', async () => {
    const { status, body } = await screen({ firstName: 'Ayman', lastName: 'Al Zawahiri', dateOfBirth: '1951-06-19', nationality: 'EGY' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'Completed', decision: 'Declined', result: { matchStatus: 'true_match', riskLevel: 'high' } });
    const match = body.result.matches[0];
    expect(match).toMatchObject({ entityType: 'person', types: ['sanction'], isWhitelisted: false });
    expect(match.score).toBeGreaterThanOrEqual(0.95);
    expect(match.countries.every((c: string) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect(match.countryIds.every((c: string) => /^\d{3}$/.test(c))).toBe(true);
    expect(body.result.totalHits).toBeGreaterThanOrEqual(body.result.matches.length);
  });

  it('sends a name-only hit to review and clears a common name that is not listed', async () => {
    const nameOnly = await screen({ fullName: 'Aiman Zawahri' });
    expect(nameOnly.body).toMatchObject({ decision: 'InReview', result: { matchStatus: 'potential_match' } });
    const clear = await screen({ fullName: 'Maria Garcia Lopez', dateOfBirth: '1988-03-02' });
    expect(clear.body).toMatchObject({ decision: 'Approved', statusReason: null, result: { matchStatus: 'clear', totalHits: 0, matches: [] } });
  });

  it('requires a usable name', async () => {
    const none = await screen({ dateOfBirth: '1951-06-19' });
    expect(none.status).toBe(400);
    expect(none.body.errors).toHaveProperty('fullName');
    const punctuation = await screen({ fullName: '!!!' });
    expect(punctuation.status).toBe(400);
  });

  it('keeps reporting a whitelisted entity but no longer lets it drive the decision', async () => {
    const tenant = await newTenant();
    const person = { fullName: 'Aiman Zawahri' };
    const before = await screen(person, tenant.apiKey, tenant.workflowId);
    expect(before.body.decision).toBe('InReview');
    for (const match of before.body.result.matches) {
      const entry = await admin('whitelist', '--app', tenant.appId, '--entity', match.id, '--name', 'ZAWAHRI, aiman', '--reason', 'different person: checked passport');
      expect(entry).toMatchObject({ entityId: match.id });
    }
    const after = await screen(person, tenant.apiKey, tenant.workflowId);
    expect(after.body).toMatchObject({ decision: 'Approved', result: { matchStatus: 'clear' } });
    expect(after.body.result.matches.length).toBe(before.body.result.matches.length);
    expect(after.body.result.matches.every((m: { isWhitelisted: boolean }) => m.isWhitelisted)).toBe(true);
    // Another screened person (here: the same name with a date of birth) is not covered by the entry.
    const other = await screen({ ...person, dateOfBirth: '1951' }, tenant.apiKey, tenant.workflowId);
    expect(other.body.decision).not.toBe('Approved');
  });
});

describe('aml-screening when its index is missing (SPEC.md 3.4 rule 4)', () => {
  let broken: SpawnedService;
  beforeAll(async () => {
    broken = await spawnService({ AML_INDEX_PATH: path.join(import.meta.dirname, 'no-such-index') });
  });
  afterAll(async () => {
    await broken?.stop();
  });

  it('declines with no result and a statusReason', async () => {
    const { sandbox: s } = broken;
    const res = await fetch(`${s.baseUrl}/aml-screening`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': s.apiKey },
      body: JSON.stringify({ workflowId: s.workflowId, fullName: 'Maria Garcia Lopez' }),
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: 'Failed', decision: 'Declined', result: null });
    expect(body['statusReason']).toEqual(expect.stringContaining('AML screening provider failed'));
  });
});
