import { describe, expect, it } from 'vitest';
import { parseAsnCsv } from '../../../../../functions/engines/ip/asn/parseAsnCsv.ts';
import { IpDataError } from '../../../../../functions/engines/ip/errors.ts';

const bytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');

describe('parseAsnCsv', () => {
  it('reads the numeric IPv4 layout with quoted organisation names', () => {
    // Prepare
    const csv = '16777216,16777471,13335,"Cloudflare, Inc."\n35309568,35313663,201907,"LLC ""SPUTNIK"""\n134744064,134744319,15169,Google LLC\n';

    // Act
    const rows = parseAsnCsv(bytes(csv), 1, 'fixture.csv');

    // Assess
    expect(rows.count).toBe(3);
    expect(Array.from(rows.starts)).toEqual([16777216, 35309568, 134744064]);
    expect(Array.from(rows.ends)).toEqual([16777471, 35313663, 134744319]);
    expect(Array.from(rows.asns)).toEqual([13335, 201907, 15169]);
    expect(rows.orgs.get(13335)).toBe('Cloudflare, Inc.');
    expect(rows.orgs.get(201907)).toBe('LLC "SPUTNIK"');
    expect(rows.orgs.get(15169)).toBe('Google LLC');
  });

  it('reads 128-bit decimal bounds of the IPv6 layout', () => {
    // Prepare: 2001:4860::/32
    const csv = '42541956101370907050197289607612071936,42541956180599069564461627201156022271,15169,Google LLC\r\n';

    // Act
    const rows = parseAsnCsv(bytes(csv), 4, 'fixture.csv');

    // Assess
    expect(Array.from(rows.starts)).toEqual([0x20014860, 0, 0, 0]);
    expect(Array.from(rows.ends)).toEqual([0x20014860, 0xffffffff, 0xffffffff, 0xffffffff]);
    expect(rows.orgs.get(15169)).toBe('Google LLC');
  });

  it('reads the textual layout and a header line', () => {
    // Prepare
    const csv = 'ip_range_start,ip_range_end,asn,org\n2001:4860::,2001:4860:ffff:ffff:ffff:ffff:ffff:ffff,15169,Google LLC\n';

    // Act
    const rows = parseAsnCsv(bytes(csv), 4, 'fixture.csv');

    // Assess
    expect(rows.count).toBe(1);
    expect(Array.from(rows.starts)).toEqual([0x20014860, 0, 0, 0]);
  });

  it('keeps the first organisation name of an ASN and tolerates an empty one', () => {
    // Prepare
    const csv = '1,2,64500,First\n3,4,64500,Second\n5,6,64501,\n';

    // Act
    const rows = parseAsnCsv(bytes(csv), 1, 'fixture.csv');

    // Assess
    expect(rows.orgs.get(64500)).toBe('First');
    expect(rows.orgs.get(64501)).toBe('');
  });

  it('reads textual IPv4 bounds in an IPv4 file', () => {
    // Act
    const rows = parseAsnCsv(bytes('1.2.3.4,1.2.3.5,1,Org\n'), 1, 'fixture.csv');

    // Assess
    expect(Array.from(rows.starts)).toEqual([0x01020304]);
  });

  it.each([
    ['1,2\n', /line 1/],
    ['1,2,x,Org\n', /AS number/],
    ['99999999999,1,1,Org\n', /32 bits/],
    ['2001:db8::,2001:db8::1,1,Org\n', /not an IPv4 address/],
  ])('throws IpDataError naming the problem for %j', (csv, message) => {
    // Act
    const act = (): unknown => parseAsnCsv(bytes(csv), 1, 'fixture.csv');

    // Assess
    expect(act).toThrow(IpDataError);
    expect(act).toThrow(message);
  });
});
