import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIpAddress } from '../../../../../functions/engines/ip/address/parseIpAddress.ts';
import { IpAddressError } from '../../../../../functions/engines/ip/errors.ts';

describe('parseIpAddress', () => {
  it('normalises IPv6 to RFC 5952 text', () => {
    // Prepare
    const input = '2001:4860:4860:0:0:0:0:8888';

    // Act
    const parsed = parseIpAddress(input);

    // Assess
    expect(parsed).toEqual({ text: '2001:4860:4860::8888', family: 'ipv6', words: [0x20014860, 0x48600000, 0, 0x8888], scope: 'public' });
  });

  it('analyses an IPv4-mapped IPv6 address as IPv4', () => {
    // Act
    const parsed = parseIpAddress('::ffff:8.8.8.8');

    // Assess
    expect(parsed).toEqual({ text: '8.8.8.8', family: 'ipv4', words: [0x08080808], scope: 'public' });
  });

  it('lower-cases IPv6 and drops a zone index', () => {
    // Act
    const parsed = parseIpAddress('FE80::1%eth0');

    // Assess
    expect(parsed.text).toBe('fe80::1');
    expect(parsed.scope).toBe('linkLocal');
  });

  it.each([
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['169.254.1.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['64:ff9b::1.2.3.4', 'reserved'],
    ['2002:c000:0204::1', 'public'],
    ['2001:0:4136:e378::1', 'public'],
    ['8.8.8.8', 'public'],
    ['2a00:1450:4001::1', 'public'],
  ])('gives %s the scope %s', (input, scope) => {
    // Act
    const parsed = parseIpAddress(input);

    // Assess
    expect(parsed.scope).toBe(scope);
  });

  it.each([
    [''],
    ['abc'],
    ['1.2.3'],
    ['1.2.3.4.5'],
    ['1.2.3.256'],
    ['010.0.0.1'],
    ['0x7f.0.0.1'],
    ['127.1'],
    [' 8.8.8.8'],
    ['8.8.8.8 '],
    ['8.8.8.8/32'],
    ['1::2::3'],
    [':::'],
    ['2001:4860:4860::8888/64'],
    ['x'.repeat(65)],
  ])('throws IpAddressError for %j', (input) => {
    // Act
    const act = (): unknown => parseIpAddress(input);

    // Assess
    expect(act).toThrow(IpAddressError);
  });

  it('throws IpAddressError for non-strings', () => {
    // Act
    const act = (): unknown => parseIpAddress(42);

    // Assess
    expect(act).toThrow(/expected a string/);
  });

  it('lets only IpAddressError escape for any string (fuzz)', () => {
    // Prepare
    const anyText = fc.oneof(fc.string(), fc.ipV4(), fc.ipV6(), fc.ipV4Extended(), fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF:.%/ x') }));

    // Act and Assess
    fc.assert(
      fc.property(anyText, (text) => {
        try {
          const parsed = parseIpAddress(text);
          expect(['ipv4', 'ipv6']).toContain(parsed.family);
        } catch (error) {
          expect(error).toBeInstanceOf(IpAddressError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every address fast-check generates and round-trips its text (fuzz)', () => {
    // Act and Assess
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (text) => {
        const parsed = parseIpAddress(text);
        expect(parseIpAddress(parsed.text)).toEqual(parsed);
      }),
      { numRuns: 1000 },
    );
  });
});
