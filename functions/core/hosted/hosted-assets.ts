/**
 * The hosted capture flow (`/flow/`) and the Web SDK bundle (`/sdk/`) as the service serves them, locally
 * (local/static-flow.ts) and on AWS (functions/api/hosted-assets.ts): which names exist under each prefix and the
 * headers each file is answered with, so that both places send the same security headers (issue 7).
 *
 * The flow runs in the SDK's iframe on any integrator's page, so it may be framed by any origin
 * (`frame-ancestors *`): the credentials it works with (a public key or a session token) come from the embedding
 * page, which already holds them. Everything else is locked to the service's own origin.
 */

/**
 * Content-Security-Policy of the flow's page: only its own scripts, styles and API calls; camera streams and
 * blobs for the captures; framable by any page (the SDK's iframe).
 */
export const FLOW_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob: mediastream:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** The prefixes served, a closed set. */
export const HostedPrefix = { Flow: 'flow', Sdk: 'sdk' } as const;
export type HostedPrefix = (typeof HostedPrefix)[keyof typeof HostedPrefix];

/** Files under each prefix, as sdk-web/build.ts names them (`buildFlow`, `buildBrowserSdk`). */
export const HOSTED_FILES = {
  flow: ['index.html', 'flow.js', 'flow.css'],
  sdk: ['sdk.min.js', 'index.mjs'],
} as const satisfies Record<HostedPrefix, readonly string[]>;

/** Content types by extension of the hosted files. */
const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/**
 * The file a request path under a prefix names: `''` (the prefix itself) is the flow's `index.html`; `sdk.js` is
 * an alias of `sdk.min.js`.
 * @param prefix `flow` or `sdk`.
 * @param name the path after `/<prefix>/` (no leading slash).
 * @returns the file name, or null when the path names no hosted file (404).
 */
export function hostedFileName(prefix: HostedPrefix, name: string): string | null {
  const file = prefix === HostedPrefix.Flow && name === '' ? 'index.html' : prefix === HostedPrefix.Sdk && name === 'sdk.js' ? 'sdk.min.js' : name;
  return (HOSTED_FILES[prefix] as readonly string[]).includes(file) ? file : null;
}

/**
 * The headers of one hosted file: its content type, `X-Content-Type-Options: nosniff`, `Cache-Control: no-cache`
 * (revalidated on each load, so a deploy reaches browsers at once), the flow page's CSP, `Permissions-Policy:
 * camera=(self)` and `Referrer-Policy: no-referrer`, and `Access-Control-Allow-Origin: *` on the SDK bundle (an
 * integrator's page on another origin loads it as a module).
 * @example hostedFileHeaders('flow', 'index.html')['content-security-policy'] // FLOW_CSP
 */
export function hostedFileHeaders(prefix: HostedPrefix, file: string): Record<string, string> {
  const ext = file.slice(file.lastIndexOf('.') + 1);
  return {
    'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
    ...(prefix === HostedPrefix.Flow && file === 'index.html'
      ? { 'content-security-policy': FLOW_CSP, 'permissions-policy': 'camera=(self)', 'referrer-policy': 'no-referrer' }
      : {}),
    ...(prefix === HostedPrefix.Sdk ? { 'access-control-allow-origin': '*' } : {}),
  };
}
