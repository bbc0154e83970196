import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  driveFlow,
  flowLocator,
  hostEvents,
  launchBrowser,
  launchOnPage,
  newContext,
  openExample,
  screenshot,
  terminalEvents,
  waitForEvent,
  waitForScreen,
} from './support.ts';

/**
 * The SDK's contract in a real browser (SPEC.md 2.9, 5, 6): one terminal event per launch whatever the user or the
 * page does, nothing left behind, messages accepted only from the service's origin and the SDK's own iframe, and a
 * protocol mismatch reported as an error in both directions.
 */

const ctx = inject('e2e');
let browser: Browser;
let context: BrowserContext;
let page: Page;

const createOptions = (extra: Record<string, unknown> = {}) => ({
  mode: 'create',
  serviceUrl: ctx.serviceUrl,
  apiKey: ctx.publicKey,
  workflowExternalId: ctx.workflows.faces,
  ...extra,
});

/** Elements the SDK added, and live message/keydown listeners (counted by the init script of newContext). */
async function leftovers(p: Page): Promise<{ elements: number; listeners: number; overflow: string }> {
  return p.evaluate(() => {
    const g = globalThis as any;
    return {
      elements: g.document.querySelectorAll('[data-step-verification]').length,
      listeners: g.__liveListeners(),
      overflow: g.document.documentElement.style.overflow,
    };
  });
}

async function fresh(opts: { camera?: boolean; locale?: string } = {}): Promise<void> {
  await context?.close();
  context = await newContext(browser, ctx, { camera: opts.camera ?? true, ...(opts.locale ? { locale: opts.locale } : {}) });
  page = await context.newPage();
  await openExample(page, ctx);
}

beforeAll(async () => {
  browser = await launchBrowser(ctx.camera.good);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('terminal events and clean-up', () => {
  it('ends in onCancelled when the modal is closed, and can be launched again and closed with Escape, leaving nothing behind', async () => {
    await fresh();
    const before = await leftovers(page);

    // Act 1: close button.
    await launchOnPage(page, createOptions());
    await waitForEvent(page, 'ready');
    await waitForScreen(page, 'intro');
    expect((await leftovers(page)).overflow).toBe('hidden');
    await page.getByRole('button', { name: 'Close identity verification' }).click();

    // Assess 1
    expect(await terminalEvents(page)).toEqual([{ name: 'cancelled', detail: { reason: 'close_button', externalId: expect.any(String) } }]);
    expect(await leftovers(page)).toEqual(before);
    expect(await page.evaluate(() => (globalThis as any).__handle.state)).toBe('closed');

    // Act 2: a second launch; Escape pressed inside the flow.
    await page.evaluate(() => ((globalThis as any).exampleEvents.length = 0));
    await launchOnPage(page, createOptions());
    await waitForEvent(page, 'ready');
    await waitForScreen(page, 'intro');
    await page.keyboard.press('Escape');

    // Assess 2: one more launch, one more terminal event, still nothing left.
    await waitForEvent(page, 'cancelled');
    const events = await hostEvents(page);
    expect(events.map((e) => e.name)).toEqual(['ready', 'sessionCreated', 'statusChange', 'cancelled']);
    expect(events[3]!.detail).toEqual({ reason: 'escape_key', externalId: events[1]!.detail.externalId });
    expect(await leftovers(page)).toEqual(before);
  });

  it('counts a backdrop click as a cancellation only with closeOnBackdropClick, and hides the close button on request', async () => {
    await fresh();
    await launchOnPage(page, createOptions({ showCloseButton: false }));
    await waitForEvent(page, 'ready');
    expect(await page.getByRole('button', { name: 'Close identity verification' }).count()).toBe(0);
    // Without its own close button the flow offers a cancel button.
    await flowLocator(page).getByRole('button', { name: 'Cancel verification' }).waitFor();
    await page.mouse.click(5, 5);
    await page.waitForTimeout(300);
    expect(await terminalEvents(page)).toEqual([]);
    await page.evaluate(() => (globalThis as any).__handle.close());
    expect(await terminalEvents(page)).toEqual([{ name: 'cancelled', detail: { reason: 'host_closed', externalId: expect.any(String) } }]);

    await page.evaluate(() => ((globalThis as any).exampleEvents.length = 0));
    await launchOnPage(page, createOptions({ closeOnBackdropClick: true }));
    await waitForEvent(page, 'ready');
    await page.mouse.click(5, 5);
    await waitForEvent(page, 'cancelled');
    expect((await terminalEvents(page))[0]!.detail.reason).toBe('backdrop');
    expect((await leftovers(page)).elements).toBe(0);
  });

  it('ends in onCancelled when the user cancels inside an inline flow; close() afterwards adds no event', async () => {
    await fresh();
    await launchOnPage(page, createOptions({ container: '#inline' }));
    await waitForEvent(page, 'ready');
    expect(await page.locator('#inline iframe[data-step-verification="flow"]').count()).toBe(1);
    await waitForScreen(page, 'intro');
    await flowLocator(page).getByRole('button', { name: 'Cancel verification' }).click();
    await waitForScreen(page, 'cancelled');
    await screenshot(page.locator('iframe[data-step-verification="flow"]'), 'cancelled');
    await page.evaluate(() => (globalThis as any).__handle.close());
    expect(await terminalEvents(page)).toEqual([{ name: 'cancelled', detail: { reason: 'user_cancelled', externalId: expect.any(String) } }]);
    expect((await leftovers(page)).elements).toBe(0);
  });

  it('ends in onError camera_denied when the camera is refused, in the browser language (Spanish)', async () => {
    await fresh({ camera: false, locale: 'es-ES' });
    await launchOnPage(page, createOptions());
    const drive = await driveFlow(page);
    expect(drive.end).toBe('error');
    expect(drive.a11y).toEqual([]);
    expect(await terminalEvents(page)).toEqual([{ name: 'error', detail: expect.objectContaining({ code: 'camera_denied', errorName: 'VerificationError', isError: true }) }]);
    const text = await flowLocator(page).locator('[data-error-code="camera_denied"]').textContent();
    expect(text).toContain('Se ha denegado el acceso a la cámara');
    expect(await page.frameLocator('iframe[data-step-verification="flow"]').locator('html').getAttribute('lang')).toBe('es');
    await screenshot(page.locator('iframe[data-step-verification="flow"]'), 'error-es');
    // The error screen stays until the user closes it; then everything goes.
    await flowLocator(page).getByRole('button', { name: 'Cerrar' }).click();
    await page.waitForSelector('[data-step-verification]', { state: 'detached' });
    expect(await terminalEvents(page)).toHaveLength(1);
  });
});

describe('errors before and around the flow', () => {
  it('refuses a secret key, an unknown option and a missing sat with configuration_invalid, adding nothing to the page', async () => {
    await fresh();
    for (const options of [
      createOptions({ apiKey: ctx.secretKey }),
      createOptions({ colour: 'blue' }),
      { mode: 'token', serviceUrl: ctx.serviceUrl },
    ]) {
      await page.evaluate(() => ((globalThis as any).exampleEvents.length = 0));
      await launchOnPage(page, options);
      await waitForEvent(page, 'error', 5000);
      expect(await hostEvents(page)).toEqual([{ name: 'error', detail: expect.objectContaining({ code: 'configuration_invalid' }) }]);
      expect((await leftovers(page)).elements).toBe(0);
      expect(await page.evaluate(() => (globalThis as any).__handle.state)).toBe('closed');
    }
  });

  it('reports session_expired for an expired sat and configuration_invalid for a public key the service does not know', async () => {
    await fresh();
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '3f1c2a4e-8b0d-4c5e-9a7f-1d2e3f4a5b6c', exp: Math.floor(Date.now() / 1000) - 60 })}.c2lnbmF0dXJl`;
    await launchOnPage(page, { mode: 'token', serviceUrl: ctx.serviceUrl, sat: expired });
    await waitForEvent(page, 'error');
    expect((await terminalEvents(page))[0]!.detail.code).toBe('session_expired');
    await page.evaluate(() => (globalThis as any).__handle.close());

    await page.evaluate(() => ((globalThis as any).exampleEvents.length = 0));
    await launchOnPage(page, createOptions({ apiKey: 'pk_sandbox_UnknownKeyUnknownKeyUnknownKey12' }));
    await waitForEvent(page, 'error');
    expect((await terminalEvents(page))[0]!.detail).toMatchObject({ code: 'configuration_invalid', message: expect.stringContaining('401') });
  });

  it('reports network when the service cannot be reached: after the retries, and when the flow never loads', async () => {
    await fresh();
    await page.route(`${ctx.serviceUrl}/api/v1/sessions`, (route) => route.abort('connectionrefused'));
    await launchOnPage(page, createOptions());
    await waitForEvent(page, 'error', 20_000);
    expect((await terminalEvents(page))[0]!.detail.code).toBe('network');
    await page.evaluate(() => (globalThis as any).__handle.close());

    await page.evaluate(() => ((globalThis as any).exampleEvents.length = 0));
    await launchOnPage(page, createOptions({ serviceUrl: 'http://127.0.0.1:9', handshakeTimeoutMs: 1500 }));
    await waitForEvent(page, 'error', 10_000);
    expect((await hostEvents(page)).map((e) => e.name)).toEqual(['error']);
    expect((await terminalEvents(page))[0]!.detail.code).toBe('network');
    expect((await leftovers(page)).elements).toBe(0);
  });
});

describe('message checks', () => {
  it('ignores forged messages from a foreign origin, from the host page itself and from another frame of the service origin', async () => {
    await fresh();
    const forgedPage = (target: string) => `<!doctype html><script>
      const launch = new URLSearchParams(location.hash.slice(1)).get('launch');
      for (const type of ['completed', 'error', 'close']) {
        parent.postMessage({ protocol: 'step-verification-flow', version: 1, launchId: launch, type,
          payload: { decision: 'Approved', externalId: 'forged', code: 'network', message: 'forged' } }, '${target}');
      }
      document.title = 'sent';
    </script>`;
    await context.route('http://foreign.test/forge.html', (route) => route.fulfill({ contentType: 'text/html', body: forgedPage('*') }));
    await context.route(`${ctx.serviceUrl}/forge.html`, (route) => route.fulfill({ contentType: 'text/html', body: forgedPage('*') }));

    await launchOnPage(page, createOptions());
    await waitForEvent(page, 'ready');
    await waitForScreen(page, 'intro');
    // Act: three forgers that know the launch id (read from the real iframe's address).
    await page.evaluate(
      async ([serviceUrl]) => {
        const g = globalThis as any;
        const src: string = g.document.querySelector('iframe[data-step-verification="flow"]').src;
        const hash = src.slice(src.indexOf('#'));
        const launch = new URLSearchParams(hash.slice(1)).get('launch');
        // the host page itself (same window, host origin)
        g.postMessage({ protocol: 'step-verification-flow', version: 1, launchId: launch, type: 'completed', payload: { decision: 'Approved', externalId: 'forged' } }, '*');
        const load = (url: string) =>
          new Promise((resolve) => {
            const f = g.document.createElement('iframe');
            f.src = url + hash;
            f.onload = resolve;
            g.document.body.appendChild(f);
          });
        await load('http://foreign.test/forge.html');
        await load(`${serviceUrl}/forge.html`);
      },
      [ctx.serviceUrl],
    );
    await page.waitForTimeout(500);

    // Assess: nothing happened; the flow is still on its first screen and a real close still works.
    expect(await terminalEvents(page)).toEqual([]);
    expect(await page.locator('iframe[data-step-verification="flow"]').count()).toBe(1);
    await waitForScreen(page, 'intro');
    await page.getByRole('button', { name: 'Close identity verification' }).click();
    expect(await terminalEvents(page)).toEqual([{ name: 'cancelled', detail: expect.objectContaining({ reason: 'close_button' }) }]);
  });

  it('ends in protocol_mismatch when the flow speaks another version, and removes the flow', async () => {
    await fresh();
    // A flow of a future protocol version: it answers the handshake with version 2.
    await context.route(`${ctx.serviceUrl}/flow/`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><script>
          const p = new URLSearchParams(location.hash.slice(1));
          parent.postMessage({ protocol: 'step-verification-flow', version: 2, launchId: p.get('launch'), type: 'hello', payload: {} }, p.get('origin'));
        </script>`,
      }),
    );
    await launchOnPage(page, createOptions());
    await waitForEvent(page, 'error', 10_000);
    expect(await hostEvents(page)).toEqual([{ name: 'error', detail: expect.objectContaining({ code: 'protocol_mismatch', message: expect.stringContaining('version 2') }) }]);
    expect((await leftovers(page)).elements).toBe(0);
  });

  it('ends in protocol_mismatch when the host page speaks another version to the flow', async () => {
    await fresh();
    await launchOnPage(page, createOptions());
    await waitForEvent(page, 'ready');
    await page.evaluate(() => {
      const g = globalThis as any;
      const frame = g.document.querySelector('iframe[data-step-verification="flow"]');
      const launch = new URLSearchParams(frame.src.slice(frame.src.indexOf('#') + 1)).get('launch');
      frame.contentWindow.postMessage({ protocol: 'step-verification-flow', version: 99, launchId: launch, type: 'init', payload: {} }, new URL(frame.src).origin);
    });
    await waitForEvent(page, 'error', 10_000);
    expect((await terminalEvents(page))[0]!.detail).toMatchObject({ code: 'protocol_mismatch', message: expect.stringContaining('99') });
    expect((await leftovers(page)).elements).toBe(0);
  });
});

describe('retakes', () => {
  it('asks for the photo again when the service refuses the image (400 naming a media field), then uploads the new one', async () => {
    await fresh();
    let calls = 0;
    await page.route(`${ctx.serviceUrl}/api/v1/steps/face-match`, async (route) => {
      calls++;
      if (calls > 1) return route.abort();
      await route.fulfill({
        status: 400,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1', title: 'One or more validation errors occurred.', status: 400, detail: 'The request body is invalid.', errors: { selfieImageBase64: ['is not a decodable image'] }, instance: '/api/v1/steps/face-match' }),
      });
    });
    await launchOnPage(page, createOptions());
    const flow = flowLocator(page);
    await waitForScreen(page, 'intro');
    await flow.locator('[data-action="start"]').click();
    await flow.locator('[data-document="doc_passport"]').click();
    await flow.locator('[data-action="capture"]:not([disabled])').click();
    await flow.getByRole('button', { name: 'Use this photo' }).click();
    await waitForScreen(page, 'selfie');
    await flow.locator('[data-action="capture"]:not([disabled])').click();
    await flow.getByRole('button', { name: 'Use this photo' }).click();

    await waitForScreen(page, 'retake');
    expect(await flow.getByText('The image could not be read. Take the photo again.').count()).toBe(1);
    expect(await terminalEvents(page)).toEqual([]);
    await flow.getByRole('button', { name: 'Retake' }).click();
    await waitForScreen(page, 'selfie');
    await flow.locator('[data-action="capture"]:not([disabled])').click();
    await flow.getByRole('button', { name: 'Use this photo' }).click();
    // The second upload is sent (and cut off here: the network error ends the launch after the retries).
    await waitForEvent(page, 'error', 20_000);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect((await terminalEvents(page))[0]!.detail.code).toBe('network');
  });
});

describe('quality check before upload', () => {
  it('refuses a blurred capture with a plain instruction, and offers to use it anyway after three attempts', async () => {
    const blurred = await launchBrowser(ctx.camera.blurred);
    try {
      const c = await newContext(blurred, ctx, { camera: true });
      const p = await c.newPage();
      let uploads = 0;
      p.on('request', (r) => {
        if (r.url().includes('/api/v1/steps/')) uploads++;
      });
      await openExample(p, ctx);
      await launchOnPage(p, createOptions());
      await waitForScreen(p, 'intro');
      const flow = flowLocator(p);
      await flow.locator('[data-action="start"]').click();
      await flow.locator('[data-document="doc_passport"]').click();
      for (let attempt = 1; attempt <= 3; attempt++) {
        await flow.locator('[data-action="capture"]:not([disabled])').click();
        await waitForScreen(p, 'retake');
        expect(await flow.locator('[data-issues]').getAttribute('data-issues')).toBe('blurry');
        const anyway = await flow.getByRole('button', { name: 'Use it anyway' }).count();
        expect(anyway).toBe(attempt >= 3 ? 1 : 0);
        if (attempt < 3) await flow.getByRole('button', { name: 'Retake' }).click();
      }
      await screenshot(p.locator('iframe[data-step-verification="flow"]'), 'retake');
      expect(await flow.getByText('The photo is blurred').count()).toBe(1);
      expect(uploads).toBe(0);
      await p.getByRole('button', { name: 'Close identity verification' }).click();
      expect(await terminalEvents(p)).toEqual([{ name: 'cancelled', detail: expect.objectContaining({ reason: 'close_button' }) }]);
      await c.close();
    } finally {
      await blurred.close();
    }
  });
});
