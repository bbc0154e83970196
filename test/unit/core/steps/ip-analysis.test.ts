import { describe, expect, it } from 'vitest';
import { chooseIpAddress, IpAddressSource } from '../../../../functions/core/steps/ip-analysis.ts';
import { CallerKind } from '../../../../functions/core/auth.ts';
import type { IpAnalysisRequest } from '../../../../functions/core/contract/steps.ts';

/** Which address the IP step analyses (issue 7): a browser's source address, a server's body address. */

const req = (ipAddress: string) => ({ workflowId: 'wf_a', ipAddress }) as IpAnalysisRequest;

describe('chooseIpAddress', () => {
  it('analyses the body address of a secret-key caller (the integrator reports its end user)', () => {
    // Prepare / Act
    const chosen = chooseIpAddress(req('81.2.69.142'), { callerKind: CallerKind.Secret, sourceIp: '3.5.140.2' });
    // Assess
    expect(chosen).toEqual({ input: { ip: '81.2.69.142', source: IpAddressSource.Body } });
  });

  it('analyses the source address of a sat caller and ignores the address its body claims', () => {
    const chosen = chooseIpAddress(req('8.8.8.8'), { callerKind: CallerKind.Sat, sourceIp: '81.2.69.142' });
    expect(chosen).toEqual({ input: { ip: '81.2.69.142', source: IpAddressSource.Connection } });
  });

  it('does the same for a public-key caller and ignores a malformed body address', () => {
    const chosen = chooseIpAddress(req('not an ip'), { callerKind: CallerKind.Public, sourceIp: '2001:db8::1' });
    expect(chosen).toEqual({ input: { ip: '2001:db8::1', source: IpAddressSource.Connection } });
  });

  it('writes an IPv4-mapped IPv6 source address as IPv4', () => {
    const chosen = chooseIpAddress(req('8.8.8.8'), { callerKind: CallerKind.Sat, sourceIp: '::ffff:81.2.69.142' });
    expect(chosen).toEqual({ input: { ip: '81.2.69.142', source: IpAddressSource.Connection } });
  });

  it('throws when a browser calls and the source address is unknown (never falls back to the body)', () => {
    expect(() => chooseIpAddress(req('8.8.8.8'), { callerKind: CallerKind.Sat, sourceIp: undefined })).toThrow(/source address/);
  });

  it('answers field errors for a bad body address of a server caller', () => {
    expect(chooseIpAddress(req('fe80::1%eth0'), { callerKind: CallerKind.Secret, sourceIp: '3.5.140.2' })).toEqual({
      errors: { ipAddress: ['must not carry an IPv6 zone index (%…)'] },
    });
    expect(chooseIpAddress(req('999.1.1.1'), { callerKind: CallerKind.Secret, sourceIp: undefined })).toEqual({
      errors: { ipAddress: ['is not an IPv4 or IPv6 address'] },
    });
  });
});
