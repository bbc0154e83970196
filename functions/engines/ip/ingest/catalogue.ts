/**
 * The list sources the ingestion knows: for each, its official URLs, where its files sit in a snapshot directory
 * laid out like `shared/data/ip` (for `--from <dir>`), the format and meaning of each file, and its licence.
 *
 * `tier: 'default'` sources are licence-clean for redistribution and make up the shipped `data/ip` snapshot.
 * `tier: 'optional'` sources are providers' official files that state no licence: an operator may fetch them into
 * their own deployment (`--optional`), but the repository does not ship them; their ranges are mostly covered by the
 * CC0 lord-alfred lists, which derive from the same files.
 */
import { LIST_CATEGORY, type ListCategory } from '../constants.ts';
import type { ListFormat } from './formats.ts';

/** One input file of a source. */
export interface PartDefinition {
  /** Part name, unique within the source (used in `--from <source>/<part>=<location>`). */
  readonly part: string;
  /** Format of the file. */
  readonly format: ListFormat;
  /** What membership means. */
  readonly category: ListCategory;
  /** Provider or list name used in labels and evidence. */
  readonly provider: string;
  /** Official URL, fetched when no `--from` is given; null when the file has no stable URL. */
  readonly url: string | null;
  /** Path relative to a `--from` directory laid out like shared/data/ip. */
  readonly path: string;
  /** When true, the source is complete without this part (e.g. a provider with no IPv6 list). */
  readonly optional?: boolean;
}

/** One source: a unit of provenance (one publisher, one data date, one licence). */
export interface SourceDefinition {
  /** Stable id, used in labels, evidence and the manifest. */
  readonly id: string;
  /** Human-readable name. */
  readonly name: string;
  /** Home page or main URL of the data, recorded in the manifest. */
  readonly url: string;
  /** Licence of the data (SPDX id where one exists). */
  readonly licence: string;
  /** Attribution to keep with the data (copyright line, data owner). */
  readonly attribution: string;
  /** Whether the licence allows shipping the data in this repository. */
  readonly redistributable: boolean;
  /** `default`: part of the shipped snapshot; `optional`: only with `--optional` or an explicit `--from`. */
  readonly tier: 'default' | 'optional';
  /** Path of a SOURCE.md (relative to a `--from` directory) stating origin repo, commit and date. */
  readonly sourceMd?: string;
  /** Use this source only when none of these sources has data (fresh or kept from the previous snapshot). */
  readonly fallbackFor?: readonly string[];
  /** The input files. */
  readonly parts: readonly PartDefinition[];
}

const raw = (repo: string, path: string): string => `https://raw.githubusercontent.com/${repo}/HEAD/${path}`;

const X4BNET = 'X4BNet/lists_vpn';
const LORD_ALFRED = 'lord-alfred/ipranges';

/** lord-alfred provider directories: category, provider name, and whether an IPv6 list exists (2026-08-22 snapshot). */
const LORD_ALFRED_PROVIDERS: readonly { dir: string; category: ListCategory; provider: string; v4: boolean; v6: boolean }[] = [
  { dir: 'google', category: LIST_CATEGORY.cloud, provider: 'Google', v4: true, v6: true },
  { dir: 'microsoft', category: LIST_CATEGORY.cloud, provider: 'Microsoft', v4: true, v6: true },
  { dir: 'oracle', category: LIST_CATEGORY.cloud, provider: 'Oracle Cloud', v4: true, v6: false },
  { dir: 'digitalocean', category: LIST_CATEGORY.cloud, provider: 'DigitalOcean', v4: true, v6: true },
  { dir: 'linode', category: LIST_CATEGORY.cloud, provider: 'Linode (Akamai)', v4: true, v6: true },
  { dir: 'vultr', category: LIST_CATEGORY.cloud, provider: 'Vultr', v4: true, v6: true },
  { dir: 'cloudflare', category: LIST_CATEGORY.cloud, provider: 'Cloudflare', v4: true, v6: true },
  { dir: 'github', category: LIST_CATEGORY.cloud, provider: 'GitHub', v4: true, v6: true },
  { dir: 'facebook', category: LIST_CATEGORY.cloud, provider: 'Meta', v4: true, v6: true },
  { dir: 'twitter', category: LIST_CATEGORY.cloud, provider: 'X (Twitter)', v4: true, v6: true },
  { dir: 'telegram', category: LIST_CATEGORY.cloud, provider: 'Telegram', v4: true, v6: true },
  { dir: 'googlebot', category: LIST_CATEGORY.crawler, provider: 'Googlebot', v4: true, v6: true },
  { dir: 'bing', category: LIST_CATEGORY.crawler, provider: 'Bingbot', v4: true, v6: false },
  { dir: 'openai', category: LIST_CATEGORY.crawler, provider: 'OpenAI bots', v4: true, v6: false },
  { dir: 'perplexity', category: LIST_CATEGORY.crawler, provider: 'Perplexity bots', v4: true, v6: false },
  { dir: 'duckduckbot', category: LIST_CATEGORY.crawler, provider: 'DuckDuckBot', v4: true, v6: false },
  { dir: 'duckassistbot', category: LIST_CATEGORY.crawler, provider: 'DuckAssistBot', v4: true, v6: false },
  { dir: 'pingdom', category: LIST_CATEGORY.crawler, provider: 'Pingdom monitoring', v4: true, v6: true },
  { dir: 'statuscake', category: LIST_CATEGORY.crawler, provider: 'StatusCake monitoring', v4: true, v6: false },
  { dir: 'apple-proxy', category: LIST_CATEGORY.privateRelay, provider: 'iCloud Private Relay', v4: true, v6: true },
  { dir: 'protonvpn', category: LIST_CATEGORY.vpn, provider: 'Proton VPN', v4: true, v6: false },
];

/** Every source, in the order labels are numbered. */
export const SOURCE_CATALOGUE: readonly SourceDefinition[] = [
  {
    id: 'tor-dnsel',
    name: 'Tor exit addresses (TorDNSEL, The Tor Project)',
    url: 'https://check.torproject.org/exit-addresses',
    licence: 'CC0-1.0',
    attribution: 'The Tor Project, TorDNSEL (Tor Metrics publishes its data, including archived exit lists, under CC0)',
    redistributable: true,
    tier: 'default',
    parts: [
      {
        part: 'exit-addresses',
        format: 'tordnsel',
        category: LIST_CATEGORY.torExit,
        provider: 'Tor exit (TorDNSEL)',
        url: 'https://check.torproject.org/exit-addresses',
        path: 'tor-dnsel/exit-addresses',
      },
    ],
  },
  {
    id: 'tor-onionoo',
    name: 'Tor exit relays (Onionoo, alireza-rezaee/tor-nodes hourly mirror)',
    url: 'https://github.com/alireza-rezaee/tor-nodes',
    licence: 'MIT',
    attribution: 'Copyright (c) 2024 Alireza-Rezaee (MIT); relay data: The Tor Project, Onionoo (CC0)',
    redistributable: true,
    tier: 'default',
    sourceMd: 'tor-onionoo-alireza-rezaee/SOURCE.md',
    parts: [
      {
        part: 'exits',
        format: 'onionoo-csv',
        category: LIST_CATEGORY.torExit,
        provider: 'Tor exit (Onionoo)',
        url: raw('alireza-rezaee/tor-nodes', 'latest.exits.csv'),
        path: 'tor-onionoo-alireza-rezaee/latest.exits.csv',
      },
    ],
  },
  {
    id: 'tor-secops',
    name: 'Tor exit nodes (SecOps-Institute/Tor-IP-Addresses), fallback',
    url: 'https://github.com/SecOps-Institute/Tor-IP-Addresses',
    licence: 'MIT',
    attribution: 'Copyright (c) 2023 SecOps - Institute of Information Security (MIT)',
    redistributable: true,
    tier: 'default',
    sourceMd: 'tor-secops-institute/SOURCE.md',
    fallbackFor: ['tor-dnsel', 'tor-onionoo'],
    parts: [
      {
        part: 'exits',
        format: 'plain',
        category: LIST_CATEGORY.torExit,
        provider: 'Tor exit (SecOps list)',
        url: raw('SecOps-Institute/Tor-IP-Addresses', 'tor-exit-nodes.lst'),
        path: 'tor-secops-institute/tor-exit-nodes.lst',
      },
    ],
  },
  {
    id: 'x4bnet',
    name: 'VPN and datacenter lists (X4BNet/lists_vpn)',
    url: 'https://github.com/X4BNet/lists_vpn',
    licence: 'MIT',
    attribution: 'Copyright (c) 2024 X4B (Mathew Heard) (MIT)',
    redistributable: true,
    tier: 'default',
    sourceMd: 'vpn-datacenter-x4bnet/SOURCE.md',
    parts: [
      { part: 'vpn-ipv4', format: 'plain', category: LIST_CATEGORY.vpn, provider: 'X4BNet VPN networks', url: raw(X4BNET, 'output/vpn/ipv4.txt'), path: 'vpn-datacenter-x4bnet/output/vpn/ipv4.txt' },
      { part: 'vpn-ipv6', format: 'plain', category: LIST_CATEGORY.vpn, provider: 'X4BNet VPN networks', url: raw(X4BNET, 'output/vpn/ipv6.txt'), path: 'vpn-datacenter-x4bnet/output/vpn/ipv6.txt' },
      { part: 'datacenter-ipv4', format: 'plain', category: LIST_CATEGORY.datacenter, provider: 'X4BNet datacenter networks', url: raw(X4BNET, 'output/datacenter/ipv4.txt'), path: 'vpn-datacenter-x4bnet/output/datacenter/ipv4.txt' },
      { part: 'datacenter-ipv6', format: 'plain', category: LIST_CATEGORY.datacenter, provider: 'X4BNet datacenter networks', url: raw(X4BNET, 'output/datacenter/ipv6.txt'), path: 'vpn-datacenter-x4bnet/output/datacenter/ipv6.txt' },
      { part: 'datacenter-asn', format: 'asn-list', category: LIST_CATEGORY.datacenterAsn, provider: 'X4BNet datacenter ASN list', url: raw(X4BNET, 'input/datacenter/ASN.txt'), path: 'vpn-datacenter-x4bnet/input/datacenter/ASN.txt' },
      { part: 'vpn-asn', format: 'asn-list', category: LIST_CATEGORY.vpnAsn, provider: 'X4BNet VPN ASN list', url: raw(X4BNET, 'input/vpn/ASN.txt'), path: 'vpn-datacenter-x4bnet/input/vpn/ASN.txt' },
      { part: 'mullvad', format: 'plain', category: LIST_CATEGORY.vpn, provider: 'Mullvad VPN servers', url: raw(X4BNET, 'input/vpn/ips/mullvadvpn.txt'), path: 'vpn-datacenter-x4bnet/input/vpn/ips/mullvadvpn.txt' },
      { part: 'pia', format: 'plain', category: LIST_CATEGORY.vpn, provider: 'Private Internet Access servers', url: raw(X4BNET, 'input/vpn/ips/pia.txt'), path: 'vpn-datacenter-x4bnet/input/vpn/ips/pia.txt' },
      { part: 'protonvpn', format: 'plain', category: LIST_CATEGORY.vpn, provider: 'Proton VPN servers', url: raw(X4BNET, 'input/vpn/ips/protonvpn.txt'), path: 'vpn-datacenter-x4bnet/input/vpn/ips/protonvpn.txt' },
      { part: 'apple-relay', format: 'plain', category: LIST_CATEGORY.privateRelay, provider: 'iCloud Private Relay', url: raw(X4BNET, 'input/vpn/ips/apple.txt'), path: 'vpn-datacenter-x4bnet/input/vpn/ips/apple.txt' },
    ],
  },
  {
    id: 'aws',
    name: 'AWS IP address ranges (ip-ranges.json)',
    url: 'https://ip-ranges.amazonaws.com/ip-ranges.json',
    licence: 'AWS public data (no licence stated; published for allow/deny listing)',
    attribution: 'Amazon Web Services, Inc.',
    redistributable: true,
    tier: 'default',
    sourceMd: 'cloud-aws-seligman/SOURCE.md',
    parts: [
      {
        part: 'ip-ranges',
        format: 'aws-ip-ranges',
        category: LIST_CATEGORY.cloud,
        provider: 'AWS',
        url: 'https://ip-ranges.amazonaws.com/ip-ranges.json',
        path: 'cloud-aws-seligman/ip-ranges.json',
      },
    ],
  },
  {
    id: 'lord-alfred',
    name: 'Per-provider IP ranges (lord-alfred/ipranges)',
    url: 'https://github.com/lord-alfred/ipranges',
    licence: 'CC0-1.0',
    attribution: 'lord-alfred/ipranges (CC0); ranges published by each provider',
    redistributable: true,
    tier: 'default',
    sourceMd: 'cloud-ipranges-lord-alfred/SOURCE.md',
    parts: LORD_ALFRED_PROVIDERS.flatMap(({ dir, category, provider, v4, v6 }) => [
      ...(v4 ? [{ part: `${dir}-ipv4`, format: 'plain' as const, category, provider, url: raw(LORD_ALFRED, `${dir}/ipv4_merged.txt`), path: `cloud-ipranges-lord-alfred/${dir}/ipv4_merged.txt` }] : []),
      ...(v6 ? [{ part: `${dir}-ipv6`, format: 'plain' as const, category, provider, url: raw(LORD_ALFRED, `${dir}/ipv6_merged.txt`), path: `cloud-ipranges-lord-alfred/${dir}/ipv6_merged.txt`, optional: true }] : []),
    ]),
  },
  {
    id: 'monosans',
    name: 'Open proxies checked within the hour (monosans/proxy-list)',
    url: 'https://github.com/monosans/proxy-list',
    licence: 'MIT',
    attribution: 'Copyright (c) 2022 monosans (MIT)',
    redistributable: true,
    tier: 'default',
    sourceMd: 'proxies-monosans/SOURCE.md',
    parts: [
      {
        part: 'proxies',
        format: 'monosans-json',
        category: LIST_CATEGORY.openProxy,
        provider: 'Open proxy (monosans)',
        url: raw('monosans/proxy-list', 'proxies.json'),
        path: 'proxies-monosans/proxies.json',
      },
    ],
  },
  ...(
    [
      ['gcp', 'Google Cloud IP ranges (cloud.json)', 'https://www.gstatic.com/ipranges/cloud.json', 'gcp-json', 'Google Cloud', 'cloud-official-femueller/google-cloud-ip-ranges.json'],
      ['azure', 'Azure Service Tags, Public cloud', null, 'azure-service-tags', 'Microsoft Azure', 'cloud-official-femueller/microsoft-azure-ip-ranges.json'],
      ['oracle', 'Oracle Cloud public IP ranges', 'https://docs.oracle.com/iaas/tools/public_ip_ranges.json', 'oracle-ip-ranges', 'Oracle Cloud', 'cloud-official-femueller/oracle-cloud-ip-ranges.json'],
      ['digitalocean', 'DigitalOcean geofeed', 'https://digitalocean.com/geo/google.csv', 'geofeed', 'DigitalOcean', 'cloud-official-femueller/digitalocean.csv'],
      ['linode', 'Linode (Akamai) geofeed', 'https://geoip.linode.com/', 'geofeed', 'Linode (Akamai)', 'cloud-official-femueller/linode.txt'],
      ['fastly', 'Fastly public IP list', 'https://api.fastly.com/public-ip-list', 'fastly-json', 'Fastly', 'cloud-official-femueller/fastly-ip-ranges.json'],
    ] as const
  ).map(
    ([id, name, url, format, provider, path]): SourceDefinition => ({
      id,
      name,
      url: url ?? 'https://www.microsoft.com/download/details.aspx?id=56519',
      licence: 'provider public data (no licence stated)',
      attribution: provider,
      redistributable: false,
      tier: 'optional',
      sourceMd: 'cloud-official-femueller/SOURCE.md',
      parts: [{ part: 'ranges', format, category: LIST_CATEGORY.cloud, provider, url, path }],
    }),
  ),
  {
    id: 'cloudflare',
    name: 'Cloudflare IP ranges',
    url: 'https://www.cloudflare.com/ips/',
    licence: 'provider public data (no licence stated)',
    attribution: 'Cloudflare',
    redistributable: false,
    tier: 'optional',
    sourceMd: 'cloud-official-femueller/SOURCE.md',
    parts: [
      { part: 'ipv4', format: 'plain', category: LIST_CATEGORY.cloud, provider: 'Cloudflare', url: 'https://www.cloudflare.com/ips-v4', path: 'cloud-official-femueller/cloudflare-v4-ip-ranges.txt' },
      { part: 'ipv6', format: 'plain', category: LIST_CATEGORY.cloud, provider: 'Cloudflare', url: 'https://www.cloudflare.com/ips-v6', path: 'cloud-official-femueller/cloudflare-v6-ip-ranges.txt' },
    ],
  },
];
