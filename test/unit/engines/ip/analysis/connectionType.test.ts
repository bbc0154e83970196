import { describe, expect, it } from 'vitest';
import { deriveConnectionType } from '../../../../../functions/engines/ip/analysis/connectionType.ts';

describe('deriveConnectionType', () => {
  it.each([
    ['private', 'private'],
    ['loopback', 'private'],
    ['linkLocal', 'private'],
    ['uniqueLocal', 'private'],
    ['carrierGradeNat', 'private'],
    ['multicast', 'reserved'],
    ['reserved', 'reserved'],
    ['unspecified', 'reserved'],
    ['broadcast', 'reserved'],
  ] as const)('reports scope %s as %s', (scope, expected) => {
    // Act and Assess
    expect(deriveConnectionType({ scope, scores: { torExit: 1 }, org: null })).toBe(expected);
  });

  it('ranks tor over proxy over relay over vpn over hosting', () => {
    // Prepare
    const all = { torExit: 1, openProxy: 1, privateRelay: 1, vpn: 1, hosting: 1 };
    const drop = (...names: string[]): Record<string, number> => Object.fromEntries(Object.entries(all).filter(([k]) => !names.includes(k)));

    // Act
    const types = [
      deriveConnectionType({ scope: 'public', scores: all, org: null }),
      deriveConnectionType({ scope: 'public', scores: drop('torExit'), org: null }),
      deriveConnectionType({ scope: 'public', scores: drop('torExit', 'openProxy'), org: null }),
      deriveConnectionType({ scope: 'public', scores: drop('torExit', 'openProxy', 'privateRelay'), org: null }),
      deriveConnectionType({ scope: 'public', scores: drop('torExit', 'openProxy', 'privateRelay', 'vpn'), org: null }),
    ];

    // Assess
    expect(types).toEqual(['tor', 'proxy', 'relay', 'vpn', 'hosting']);
  });

  it('falls back to the organisation name, then unknown', () => {
    // Act and Assess
    expect(deriveConnectionType({ scope: 'public', scores: {}, org: 'T-Mobile USA, Inc.' })).toBe('mobile');
    expect(deriveConnectionType({ scope: 'public', scores: { hosting: 0 }, org: 'Comcast Cable Communications, LLC' })).toBe('residential');
    expect(deriveConnectionType({ scope: 'public', scores: {}, org: 'Andrews & Arnold Ltd' })).toBe('unknown');
    expect(deriveConnectionType({ scope: 'public', scores: {}, org: null })).toBe('unknown');
  });
});
