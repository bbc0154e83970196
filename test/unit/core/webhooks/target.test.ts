import { describe, expect, it } from 'vitest';
import { callbackRefusal } from '../../../../functions/core/webhooks/target.ts';

describe('callbackRefusal (SSRF guard)', () => {
  it('allows any http(s) URL in sandbox, loopback included', async () => {
    expect(await callbackRefusal('http://127.0.0.1:8080/hook', 'sandbox')).toBeNull();
    expect(await callbackRefusal('ftp://example.com/x', 'sandbox')).toBe('must be an http(s) URL');
    expect(await callbackRefusal('https://user:pw@example.com/', 'sandbox')).toBe('must not carry credentials');
  });

  it('refuses in live: plain http, and hosts that are loopback, private, link-local or unique-local', async () => {
    expect(await callbackRefusal('http://93.184.215.14/hook', 'live')).toBe('must be https in live mode');
    expect(await callbackRefusal('https://127.0.0.1/hook', 'live')).toContain('loopback');
    expect(await callbackRefusal('https://10.1.2.3/hook', 'live')).toContain('private');
    expect(await callbackRefusal('https://169.254.169.254/latest/meta-data', 'live')).toContain('linkLocal');
    expect(await callbackRefusal('https://[fd00::1]/hook', 'live')).toContain('uniqueLocal');
    expect(await callbackRefusal('https://[::ffff:127.0.0.1]/hook', 'live')).toContain('loopback');
    expect(await callbackRefusal('https://localhost/hook', 'live')).toContain('loopback');
  });

  it('allows a public https address in live', async () => {
    expect(await callbackRefusal('https://93.184.215.14/hook', 'live')).toBeNull();
  });
});
