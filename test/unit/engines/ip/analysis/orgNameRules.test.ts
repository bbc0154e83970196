import { describe, expect, it } from 'vitest';
import { classifyOrgName } from '../../../../../functions/engines/ip/analysis/orgNameRules.ts';

describe('classifyOrgName', () => {
  it.each([
    ['Comcast Cable Communications, LLC', 'residential'],
    ['Deutsche Telekom AG', 'residential'],
    ['British Telecommunications PLC', 'residential'],
    ['T-Mobile USA, Inc.', 'mobile'],
    ['Cellco Partnership DBA Verizon Wireless', 'mobile'],
    ['Telefonica Moviles Peru', 'mobile'],
    ['Stanford University', 'education'],
    ['Massachusetts Institute of Technology', 'education'],
    ['DoD Network Information Center', 'government'],
    ['City of Tempe, Arizona', 'government'],
    ['Fluid Hosting LLC', 'hosting'],
    ['CLOUD SERVERS AUSTRALIA PTY LTD', 'hosting'],
    ['Cogent Communications', null],
    ['Google LLC', null],
    ['Cloudflare, Inc.', null],
    [null, null],
  ])('classifies %j as %j', (org, expected) => {
    // Act and Assess
    expect(classifyOrgName(org)).toBe(expected);
  });
});
