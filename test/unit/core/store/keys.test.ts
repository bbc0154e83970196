import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, generateApiKey, hashApiKey, keyLabel, parseApiKey, randomBase62 } from '../../../../functions/core/store/keys.ts';

describe('API keys', () => {
  it('generates keys of the documented shape that parse back to their kind and environment', () => {
    const key = generateApiKey('public', 'live');
    expect(key).toMatch(API_KEY_PATTERN);
    expect(key.startsWith('pk_live_')).toBe(true);
    expect(parseApiKey(key)).toEqual({ kind: 'public', environment: 'live' });
    expect(parseApiKey(generateApiKey('secret', 'sandbox'))).toEqual({ kind: 'secret', environment: 'sandbox' });
  });

  it('rejects malformed keys', () => {
    for (const bad of ['', 'sk_sandbox_short', `xk_sandbox_${'a'.repeat(32)}`, `sk_prod_${'a'.repeat(32)}`, `sk_live_${'a'.repeat(31)}!`]) {
      expect(parseApiKey(bad)).toBeNull();
    }
  });

  it('hashes with SHA-256 and labels without revealing the secret part', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const key = `sk_live_${'x'.repeat(28)}WXYZ`;
    expect(keyLabel(key)).toBe('sk_live_…WXYZ');
  });

  it('draws base62 characters only, of the asked length', () => {
    const s = randomBase62(500);
    expect(s).toHaveLength(500);
    expect(s).toMatch(/^[0-9A-Za-z]+$/);
  });
});
