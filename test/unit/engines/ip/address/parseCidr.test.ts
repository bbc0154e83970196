import { describe, expect, it } from 'vitest';
import { parseCidr } from '../../../../../functions/engines/ip/address/parseCidr.ts';

describe('parseCidr', () => {
  it('masks host bits below the prefix', () => {
    // Act
    const range = parseCidr('10.1.2.3/8');

    // Assess
    expect(range).toEqual({ family: 'ipv4', start: [0x0a000000], end: [0x0affffff] });
  });

  it('reads a bare address as a single-address range', () => {
    // Act
    const range = parseCidr('2001:db8::1');

    // Assess
    expect(range).toEqual({ family: 'ipv6', start: [0x20010db8, 0, 0, 1], end: [0x20010db8, 0, 0, 1] });
  });

  it('covers the whole space for /0', () => {
    // Act
    const v4 = parseCidr('0.0.0.0/0');
    const v6 = parseCidr('::/0');

    // Assess
    expect(v4).toEqual({ family: 'ipv4', start: [0], end: [0xffffffff] });
    expect(v6?.end).toEqual([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
  });

  it('splits an IPv6 prefix across words', () => {
    // Act
    const range = parseCidr('2001:db8:8000::/33');

    // Assess
    expect(range).toEqual({ family: 'ipv6', start: [0x20010db8, 0x80000000, 0, 0], end: [0x20010db8, 0xffffffff, 0xffffffff, 0xffffffff] });
  });

  it('turns an IPv4-mapped IPv6 block into IPv4', () => {
    // Act
    const range = parseCidr('::ffff:1.2.3.0/120');

    // Assess
    expect(range).toEqual({ family: 'ipv4', start: [0x01020300], end: [0x010203ff] });
  });

  it.each([['1.2.3.4/33'], ['1.2.3.4/'], ['1.2.3.4/x'], ['x/1'], ['2001:db8::/129'], [''], ['1.2.3.4:80']])('returns null for %j', (text) => {
    // Act and Assess
    expect(parseCidr(text)).toBeNull();
  });
});
