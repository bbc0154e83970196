import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { driveFlow, hostEvents, launchBrowser, launchOnPage, newContext, openExample, screenshot, terminalEvents, waitForEvent, waitForScreen, type HostEvent } from './support.ts';

/**
 * The whole flow in real headless Chromium with a fake camera, against the local service, as a new integrator
 * runs it: the example page on its own origin, the SDK from the service, the flow in the service's iframe. Each
 * launch must end in exactly one terminal event, and a completed one must carry the session's decision as the
 * service reports it to the integrator's server.
 */

const ctx = inject('e2e');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(ctx.camera.good);
});
afterAll(async () => {
  await browser?.close();
});

/** The session as the integrator's server reads it (secret key, no browser involved). */
async function serverSession(sessionId: string): Promise<{ decision: string | null; state: string; documentId: string | null; clientData: string | null; steps: Array<{ stepCode: string }> }> {
  const res = await fetch(`${ctx.serviceUrl}/api/v1/sessions/${sessionId}`, { headers: { 'x-api-key': ctx.secretKey } });
  expect(res.status).toBe(200);
  return (await res.json()) as any;
}

/** Asserts the order rules of SPEC.md part 6: ready once and first, exactly one terminal event, nothing after it. */
function assertEventOrder(events: HostEvent[]): void {
  const names = events.map((e) => e.name).filter((n) => n !== 'tokenMinted' && n !== 'serverDecision');
  expect(names[0]).toBe('ready');
  expect(names.filter((n) => n === 'ready')).toHaveLength(1);
  const terminal = names.filter((n) => n === 'completed' || n === 'cancelled' || n === 'error');
  expect(terminal).toHaveLength(1);
  expect(names[names.length - 1]).toBe(terminal[0]);
}

describe('the hosted flow, end to end', () => {
  it('create mode in a modal: the user types the name with the keyboard and the launch completes with the session decision', async () => {
    // Prepare: a workflow without camera steps (IP analysis, AML screening), on a desktop screen.
    const context = await newContext(browser, ctx, { camera: true });
    const page = await context.newPage();
    await openExample(page, ctx, `?workflow=${ctx.workflows.background}`);

    // Act: the page's own button, then the keyboard only.
    await page.getByRole('button', { name: 'Verify (create mode, modal)' }).click();
    await waitForEvent(page, 'ready');
    await waitForScreen(page, 'intro');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await waitForScreen(page, 'details');
    await screenshot(page, 'desktop-modal');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Anna');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lindqvist');
    await page.keyboard.press('Enter');
    const completed = await waitForEvent(page, 'completed');

    // Assess: the decision is the one the service gives the integrator's server; clientData and metadata echoed.
    const events = await hostEvents(page);
    assertEventOrder(events);
    const created = events.find((e) => e.name === 'sessionCreated')!;
    expect(created.detail).toMatchObject({ workflowId: ctx.workflows.background, clientData: 'user-42', metadata: 'example-page' });
    const session = await serverSession(created.detail.externalId);
    expect(session.decision).not.toBeNull();
    expect(completed.detail).toEqual({ decision: session.decision, externalId: created.detail.externalId, clientData: 'user-42', metadata: 'example-page' });
    expect(events.filter((e) => e.name === 'statusChange').map((e) => e.detail.state)).toEqual(['Created', 'InProgress', 'Processing']);
    expect(session.steps.map((s) => s.stepCode).sort()).toEqual(['step_aml_screening', 'step_ip_analysis']);
    await waitForScreen(page, 'result');

    // The final screen's button closes the modal; no event follows the terminal one.
    await page.frameLocator('iframe[data-step-verification="flow"]').getByRole('button', { name: 'Done' }).click();
    await page.waitForSelector('[data-step-verification]', { state: 'detached' });
    expect(await terminalEvents(page)).toHaveLength(1);
    // Focus is back on the button that opened the flow, and the page scrolls again.
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.id)).toBe('create');
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.style.overflow)).toBe('');
    await context.close();
  });

  it('token mode inline on a phone-sized screen: document, selfie, liveness video and details, completed with the session decision', async () => {
    // Prepare: the example server mints the sat with the secret key; its workflow has face match, liveness,
    // AML screening and IP analysis. The first session read and the IP step are slowed so that their screens can be
    // photographed.
    const context = await newContext(browser, ctx, { camera: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    let firstRead = true;
    await page.route(new RegExp(`^${ctx.serviceUrl}/api/v1/sessions/[0-9a-f-]{36}$`), async (route) => {
      if (firstRead) await new Promise((r) => setTimeout(r, 1200));
      firstRead = false;
      await route.continue();
    });
    // IP analysis answers in milliseconds: hold it back so that the waiting screen can be photographed. (Uploads are
    // not intercepted: Chromium reports no upload progress for an intercepted request.)
    await page.route(`${ctx.serviceUrl}/api/v1/steps/ip-analysis`, async (route) => {
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, 1200));
      await route.fulfill({ response });
    });
    const stepAnswers: Record<string, number> = {};
    let liveness: { request: any; answer: any } = { request: null, answer: null };
    page.on('response', async (r) => {
      const m = /\/api\/v1\/steps\/([a-z-]+)$/.exec(r.url());
      if (!m) return;
      stepAnswers[m[1]!] = r.status();
      if (m[1] === 'liveness-check') liveness = { request: r.request().postDataJSON(), answer: await r.json() };
    });
    await openExample(page, ctx);

    // Act
    await page.getByRole('button', { name: 'Verify (token mode, inline)' }).click();
    await waitForEvent(page, 'ready');
    const drive = await driveFlow(page, { shots: '', name: { first: 'Aaron', last: 'Peirsol' } });

    // Assess: every screen of a camera workflow was shown, accessibly, and the launch completed.
    expect(drive.end, JSON.stringify(await hostEvents(page))).toBe('result');
    expect(drive.screens).toEqual(expect.arrayContaining(['intro', 'document-type', 'capture-front', 'review', 'selfie', 'uploading', 'liveness', 'details', 'checking', 'result']));
    expect(drive.a11y).toEqual([]);
    expect(stepAnswers).toEqual({ 'face-match': 200, 'liveness-check': 200, 'aml-screening': 200, 'ip-analysis': 200 });
    // The liveness video went as an MP4 recorded by MediaRecorder, and the service fused its frames.
    expect(liveness.request.fileExtension).toBe('mp4');
    expect(Buffer.from(liveness.request.selfieImageBase64, 'base64').subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(liveness.answer.result?.livenessType).toBe('passive_multi_frame_fusion');
    const completed = await waitForEvent(page, 'completed');
    const confirmed = await waitForEvent(page, 'serverDecision');
    const events = await hostEvents(page);
    assertEventOrder(events);
    const minted = events.find((e) => e.name === 'tokenMinted')!;
    const session = await serverSession(minted.detail.sessionId);
    expect(completed.detail).toMatchObject({ decision: session.decision, externalId: minted.detail.sessionId, clientData: 'user-42', metadata: 'example-server' });
    expect(confirmed.detail).toEqual({ decision: session.decision, state: 'Processing' });
    expect(session.steps.map((s) => s.stepCode).sort()).toEqual(['step_aml_screening', 'step_face_match', 'step_ip_analysis', 'step_liveness_check']);
    await context.close();
  });

  it('a workflow with ID verification runs the document step and ends in onCompleted with the session decision', async () => {
    // Prepare: the sandbox default workflow (all five steps); the fake camera shows a face, not a document.
    const context = await newContext(browser, ctx, { camera: true });
    const page = await context.newPage();
    await openExample(page, ctx);
    const idAnswer = page.waitForResponse((r) => r.url().endsWith('/api/v1/steps/id-verification'), { timeout: 90_000 });

    // Act
    await launchOnPage(page, { mode: 'create', serviceUrl: ctx.serviceUrl, apiKey: ctx.publicKey, workflowExternalId: ctx.workflows.all, clientData: 'user-7' });
    const drive = await driveFlow(page);
    const id = await idAnswer;

    // Assess: no MRZ in a face picture, so the step is Failed with mrz_not_found and the session is Declined.
    expect(id.status()).toBe(200);
    expect(await id.json()).toMatchObject({ stepCode: 'step_id_verification', status: 'Failed', decision: 'Declined', result: null });
    const [terminal] = await terminalEvents(page);
    expect(drive.end).toBe('result');
    const session = await serverSession(terminal!.detail.externalId);
    expect(session.decision).toBe('Declined');
    expect(session.documentId).toBe('doc_passport');
    expect(terminal).toMatchObject({ name: 'completed', detail: { decision: session.decision } });
    assertEventOrder(await hostEvents(page));
    await context.close();
  });
});


