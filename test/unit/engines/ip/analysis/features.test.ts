import { describe, expect, it } from 'vitest';
import { ANYCAST_SERVICES } from '../../../../../functions/engines/ip/analysis/anycastServices.ts';
import { HOSTING_BY_NAME_SCORE, hostingNetwork } from '../../../../../functions/engines/ip/analysis/features/hostingNetwork.ts';
import { nonPublicAddress } from '../../../../../functions/engines/ip/analysis/features/nonPublicAddress.ts';
import { openProxy } from '../../../../../functions/engines/ip/analysis/features/openProxy.ts';
import { privateRelay } from '../../../../../functions/engines/ip/analysis/features/privateRelay.ts';
import { torExit } from '../../../../../functions/engines/ip/analysis/features/torExit.ts';
import { unannouncedAddress } from '../../../../../functions/engines/ip/analysis/features/unannouncedAddress.ts';
import { vpnNetwork } from '../../../../../functions/engines/ip/analysis/features/vpnNetwork.ts';
import { facts, label } from './factsFactory.ts';

describe('risk features', () => {
  it('torExit scores 1 on a Tor exit list hit and names the list', () => {
    // Act
    const hit = torExit(facts('185.220.101.1', { listLabels: [label('torExit', 'Tor exit (Onionoo)')] }));
    const miss = torExit(facts('24.5.6.7'));

    // Assess
    expect(hit).toEqual({ score: 1, detail: expect.stringContaining('Tor exit (Onionoo)'), source: 'test-torExit' });
    expect(miss.score).toBe(0);
    expect(miss.detail).toContain('torExit lists, data 2026-08-22');
  });

  it('openProxy scores 1 on an open-proxy hit', () => {
    // Act and Assess
    expect(openProxy(facts('1.2.3.4', { listLabels: [label('openProxy')] })).score).toBe(1);
    expect(openProxy(facts('1.2.3.4')).score).toBe(0);
  });

  it('vpn scores 1 on a VPN range or VPN ASN hit', () => {
    // Prepare
    const byRange = facts('23.144.160.67', { listLabels: [label('vpn', 'Mullvad VPN servers')] });
    const byAsn = facts('5.6.7.8', { asn: { asn: 9009, org: 'M247 Europe SRL' }, asnListHits: [{ label: label('vpnAsn', 'X4BNet VPN ASN list'), note: 'M247, GB (NordVPN)' }] });

    // Act and Assess
    expect(vpnNetwork(byRange)).toMatchObject({ score: 1, detail: expect.stringContaining('Mullvad VPN servers') });
    expect(vpnNetwork(byAsn)).toMatchObject({ score: 1, detail: expect.stringContaining('AS9009 on X4BNet VPN ASN list (M247, GB (NordVPN))') });
  });

  it('vpn scores 0 for an iCloud Private Relay or Tor exit address that VPN lists also contain', () => {
    // Prepare
    const relay = facts('104.28.28.1', { listLabels: [label('vpn'), label('privateRelay')] });
    const tor = facts('185.220.101.1', { listLabels: [label('vpn'), label('torExit')] });

    // Act and Assess
    expect(vpnNetwork(relay)).toMatchObject({ score: 0, detail: expect.stringContaining('reported as relay') });
    expect(vpnNetwork(tor)).toMatchObject({ score: 0, detail: expect.stringContaining('reported as Tor') });
  });

  it('privateRelay scores 1 on a relay egress hit', () => {
    // Act and Assess
    expect(privateRelay(facts('104.28.28.1', { listLabels: [label('privateRelay')] })).score).toBe(1);
  });

  it('hosting scores 1 for lists, datacenter ASNs and anycast resolvers, and 0.6 for a hosting name alone', () => {
    // Prepare
    const cloud = facts('3.4.12.4', { listLabels: [{ source: 'aws', category: 'cloud', provider: 'AWS', region: 'eu-west-1', service: 'EC2' }] });
    const asn = facts('5.6.7.8', { asn: { asn: 3223, org: 'Voxility LLP' }, asnListHits: [{ label: label('datacenterAsn'), note: 'VOXILITY, RO' }] });
    const anycast = facts('1.1.1.1', { anycast: ANYCAST_SERVICES[0] ?? null });
    const named = facts('5.6.7.8', { asn: { asn: 64501, org: 'Fluid Hosting LLC' } });
    const relay = facts('104.28.28.1', { listLabels: [label('cloud'), label('privateRelay')] });

    // Act and Assess
    expect(hostingNetwork(cloud)).toMatchObject({ score: 1, detail: expect.stringContaining('AWS eu-west-1 EC2'), source: 'aws' });
    expect(hostingNetwork(asn)).toMatchObject({ score: 1, detail: expect.stringContaining('AS3223') });
    expect(hostingNetwork(anycast)).toMatchObject({ score: 1, detail: expect.stringContaining('anycast') });
    expect(hostingNetwork(named).score).toBe(HOSTING_BY_NAME_SCORE);
    expect(hostingNetwork(relay).score).toBe(0);
    expect(hostingNetwork(facts('24.5.6.7')).score).toBe(0);
  });

  it('unannouncedAddress scores 1 for a public address without an AS', () => {
    // Act and Assess
    expect(unannouncedAddress(facts('223.255.255.1', { asn: null })).score).toBe(1);
    expect(unannouncedAddress(facts('24.5.6.7')).score).toBe(0);
    expect(unannouncedAddress(facts('10.0.0.1', { asn: null })).score).toBe(0);
  });

  it('nonPublicAddress scores 1 for every non-public scope', () => {
    // Act and Assess
    expect(nonPublicAddress(facts('10.0.0.1')).score).toBe(1);
    expect(nonPublicAddress(facts('::1')).detail).toContain('loopback');
    expect(nonPublicAddress(facts('8.8.8.8')).score).toBe(0);
  });
});
