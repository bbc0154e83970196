/**
 * Public anycast DNS resolver prefixes, whose geolocation no database can give reliably.
 *
 * An anycast address is announced from hundreds of sites at once, so a city database can only record one of them
 * (DB-IP 2026-06 says 1.1.1.1 is in Sydney, 9.9.9.9 in Berkeley, 2001:4860:4860::8888 in Montreal). For these
 * prefixes the engine withholds region and city, and keeps the country only when the database agrees with the
 * operator's home country, i.e. when "country" can honestly be read as "operated from" (8.8.8.8 → USA); otherwise the
 * country is null rather than a guess (ip-location-db README, shared/data/ip/README.md).
 *
 * CDN edge ranges (Cloudflare, Fastly, Akamai) are anycast too, but are not listed here: the same blocks carry
 * Cloudflare WARP and iCloud Private Relay egress, which operators geolocate per user region through their geofeeds,
 * so the database's answer there is meaningful.
 *
 * Sources of the prefixes and home countries: each operator's public documentation (URLs below), checked 2026-11.
 */
import { parseCidr, type AddressRange } from '../address/parseCidr.ts';
import { compareWords } from '../address/words.ts';
import type { IpFamily } from '../constants.ts';

/** One anycast service. */
export interface AnycastService {
  /** Service name shown in evidence. */
  readonly name: string;
  /** ISO 3166-1 alpha-2 code of the operator's home country (legal seat). */
  readonly operatorCountry: string;
  /** Operator documentation listing the addresses. */
  readonly reference: string;
  /** Announced prefixes of the service. */
  readonly prefixes: readonly string[];
}

/** The services. Add a service here (with its reference) rather than special-casing an address elsewhere. */
export const ANYCAST_SERVICES: readonly AnycastService[] = [
  {
    name: 'Cloudflare 1.1.1.1 DNS resolver',
    operatorCountry: 'US',
    reference: 'https://developers.cloudflare.com/1.1.1.1/ip-addresses/',
    prefixes: ['1.1.1.0/24', '1.0.0.0/24', '2606:4700:4700::/48'],
  },
  {
    name: 'Google Public DNS',
    operatorCountry: 'US',
    reference: 'https://developers.google.com/speed/public-dns/docs/using',
    prefixes: ['8.8.8.0/24', '8.8.4.0/24', '2001:4860:4860::/48'],
  },
  {
    name: 'Quad9 DNS resolver',
    operatorCountry: 'CH', // Quad9 Foundation, Zürich, since 2021
    reference: 'https://www.quad9.net/service/service-addresses-and-features',
    prefixes: ['9.9.9.0/24', '149.112.112.0/24', '2620:fe::/48'],
  },
  {
    name: 'Cisco OpenDNS resolver',
    operatorCountry: 'US',
    reference: 'https://support.opendns.com/hc/en-us/articles/227986667',
    prefixes: ['208.67.222.0/24', '208.67.220.0/24', '2620:119:35::/48', '2620:119:53::/48'],
  },
];

const PARSED: readonly { service: AnycastService; range: AddressRange }[] = ANYCAST_SERVICES.flatMap((service) =>
  service.prefixes.map((prefix) => {
    const range = parseCidr(prefix);
    if (range === null) throw new Error(`ANYCAST_SERVICES: bad prefix ${prefix} of ${service.name}`);
    return { service, range };
  }),
);

/**
 * Finds the anycast service an address belongs to.
 * @param family - address family
 * @param words - the address as words
 * @returns the service, or null when the address is in none of {@link ANYCAST_SERVICES}
 */
export function findAnycastService(family: IpFamily, words: readonly number[]): AnycastService | null {
  for (const { service, range } of PARSED) {
    if (range.family === family && compareWords(range.start, words) <= 0 && compareWords(words, range.end) <= 0) return service;
  }
  return null;
}
