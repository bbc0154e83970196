import { describe, expect, it } from 'vitest';
import { parseIpAddress } from '../../../../../functions/engines/ip/address/parseIpAddress.ts';
import { findAnycastService } from '../../../../../functions/engines/ip/analysis/anycastServices.ts';

const find = (ip: string): string | null => {
  const address = parseIpAddress(ip);
  return findAnycastService(address.family, address.words)?.name ?? null;
};

describe('findAnycastService', () => {
  it.each([
    ['1.1.1.1', 'Cloudflare 1.1.1.1 DNS resolver'],
    ['1.0.0.1', 'Cloudflare 1.1.1.1 DNS resolver'],
    ['2606:4700:4700::1111', 'Cloudflare 1.1.1.1 DNS resolver'],
    ['8.8.8.8', 'Google Public DNS'],
    ['2001:4860:4860::8844', 'Google Public DNS'],
    ['9.9.9.9', 'Quad9 DNS resolver'],
    ['149.112.112.112', 'Quad9 DNS resolver'],
    ['208.67.222.222', 'Cisco OpenDNS resolver'],
    ['8.8.9.1', null],
    ['24.5.6.7', null],
  ])('finds %s in %j', (ip, name) => {
    // Act and Assess
    expect(find(ip)).toBe(name);
  });
});
