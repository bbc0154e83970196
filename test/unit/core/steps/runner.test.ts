import { describe, expect, it } from 'vitest';
import { zodFieldErrors, toEnvelope } from '../../../../functions/core/steps/runner.ts';
import { AmlScreeningRequestSchema, IpAnalysisRequestSchema } from '../../../../functions/core/contract/steps.ts';
import type { StepRecord } from '../../../../functions/core/store/model.ts';

describe('zodFieldErrors', () => {
  it('maps each issue to its field and each unknown key to its own name', () => {
    const parsed = IpAnalysisRequestSchema.safeParse({ sessionId: 'nope', ipAdress: '8.8.8.8' });
    expect(parsed.success).toBe(false);
    const errors = zodFieldErrors(parsed.error!);
    expect(Object.keys(errors).sort()).toEqual(['ipAddress', 'ipAdress', 'sessionId']);
    expect(errors['ipAdress']).toEqual(['is not a field of this request']);
    expect(errors['ipAddress']).toEqual(['is required']);
  });

  it('puts errors of a non-object body under "body"', () => {
    const parsed = IpAnalysisRequestSchema.safeParse([1, 2]);
    expect(Object.keys(zodFieldErrors(parsed.error!))).toEqual(['body']);
  });

  it('requires a name for AML screening and workflowId without a session', () => {
    const parsed = AmlScreeningRequestSchema.safeParse({ dateOfBirth: '1990-01-01' });
    const errors = zodFieldErrors(parsed.error!);
    expect(errors).toHaveProperty('fullName');
    expect(errors).toHaveProperty('workflowId');
  });
});

describe('toEnvelope', () => {
  const step = (status: StepRecord['status']): StepRecord => ({
    sessionId: 's', stepCode: 'step_ip_analysis', status, decision: 'InReview', statusReason: 'r', result: { x: 1 },
    claimToken: 't', leaseExpiresAt: 0, attempt: 1, startedAt: '', expiresAt: 0,
  });
  it('attaches the result only when Completed (SPEC.md 3.4 rule 3)', () => {
    expect(toEnvelope(step('Completed')).result).toEqual({ x: 1 });
    expect(toEnvelope(step('Failed')).result).toBeNull();
    expect(toEnvelope(step('Failed'))).toEqual({ sessionId: 's', stepCode: 'step_ip_analysis', status: 'Failed', decision: 'InReview', statusReason: 'r', result: null });
  });
});

describe('zodFieldErrors with hostile field names', () => {
  it('reports prototype names as plain fields', () => {
    const parsed = IpAnalysisRequestSchema.safeParse(JSON.parse('{"constructor": {"prototype": {}}, "__proto__": 1, "workflowId": "wf_a", "ipAddress": "8.8.8.8"}'));
    const errors = zodFieldErrors(parsed.error!);
    expect(errors['constructor']).toEqual(['is not a field of this request']);
    expect(Object.keys(errors)).toContain('constructor');
  });
});
