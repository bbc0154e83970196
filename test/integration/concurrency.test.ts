import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { newTenant, post, scan, table } from './helpers.ts';

/** SPEC.md 3.4 rules 1-2 under concurrency, and the lease that keeps a crashed run from blocking a session. */
describe('concurrent calls of one step on one session', () => {
  it('runs the step exactly once: the others get 409 or the stored result', async () => {
    // Prepare: a session whose ip-analysis step is left Pending by a crashed run whose lease has expired.
    const tenant = await newTenant();
    const seedCall = await post('ip-analysis', { workflowId: tenant.workflowId, ipAddress: '9.9.9.9' }, { key: tenant.apiKey });
    const sessionId = seedCall.body.sessionId as string;
    const { ddb, name } = await table();
    await ddb.send(
      new PutCommand({
        TableName: name,
        Item: { PK: `SESSION#${sessionId}`, SK: 'STEP#step_ip_analysis', sessionId, stepCode: 'step_ip_analysis', status: 'Pending', leaseExpiresAt: 1, claimToken: 'crashed' },
      }),
    );

    // Act: 12 parallel calls on the same session and step.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post('ip-analysis', { sessionId, ipAddress: `8.8.4.${i + 1}` }, { key: tenant.apiKey })),
    );

    // Assess: one run took the expired claim; every other call got 409 or exactly that run's envelope.
    const ok = answers.filter((a) => a.status === 200);
    const conflicts = answers.filter((a) => a.status === 409);
    expect(ok.length + conflicts.length).toBe(answers.length);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const addresses = new Set(ok.map((a) => a.body.result?.ipAddress));
    expect(addresses.size).toBe(1);
    for (const a of ok) expect(a.body).toEqual(ok[0]!.body);
    const [step] = (await scan(`SESSION#${sessionId}`)).filter((i) => i.SK === 'STEP#step_ip_analysis');
    expect(step!.status).toBe('Completed');
    expect(step!.result.ipAddress).toBe(ok[0]!.body.result.ipAddress);
  });

  it('answers 409 while a step holds an unexpired lease, and lets a new run take over an expired one', async () => {
    const tenant = await newTenant();
    const first = await post('ip-analysis', { workflowId: tenant.workflowId, ipAddress: '9.9.9.9' }, { key: tenant.apiKey });
    const sessionId = first.body.sessionId as string;
    const { ddb, name } = await table();
    const running = { PK: `SESSION#${sessionId}`, SK: 'STEP#step_ip_analysis', sessionId, stepCode: 'step_ip_analysis', status: 'SentToInference', claimToken: 'other-run' };
    await ddb.send(new PutCommand({ TableName: name, Item: { ...running, leaseExpiresAt: Date.now() + 60_000 } }));
    const blocked = await post('ip-analysis', { sessionId, ipAddress: '8.8.8.8' }, { key: tenant.apiKey });
    expect(blocked.status).toBe(409);
    expect(blocked.contentType).toContain('application/problem+json');

    await ddb.send(new PutCommand({ TableName: name, Item: { ...running, leaseExpiresAt: Date.now() - 1 } }));
    const takeover = await post('ip-analysis', { sessionId, ipAddress: '8.8.8.8' }, { key: tenant.apiKey });
    expect(takeover.status).toBe(200);
    expect(takeover.body).toMatchObject({ status: 'Completed', result: { ipAddress: '8.8.8.8' } });
  });
});
