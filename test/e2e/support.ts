import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Frame, type FrameLocator, type Locator, type Page } from 'playwright-core';
import type { E2eContext } from './provided.ts';

/**
 * Helpers of the browser tests: Debian's Chromium driven by playwright-core with a fake camera, the flow's
 * screens found by their `data-screen`, the host page's recorded events, an accessibility audit of each screen and
 * the screenshots of docs/sdk/.
 */

/** Chromium binary (Debian package `chromium`). */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Where screenshots go: docs/sdk/ when UPDATE_SDK_SCREENSHOTS=1, else a scratch folder (still taken, so tested). */
export const SCREENSHOT_DIR =
  process.env['UPDATE_SDK_SCREENSHOTS'] === '1' ? path.resolve(import.meta.dirname, '..', '..', 'docs', 'sdk') : path.join(tmpdir(), 'svs-e2e-screenshots');

/**
 * Launches headless Chromium whose camera plays `cameraFile`. Camera permission is not auto-accepted: each test
 * context grants it to the service's origin, or not (the camera-denied test).
 */
export async function launchBrowser(cameraFile: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraFile}`,
    ],
  });
}

/** A browser context; `camera: true` grants the camera to the service's origin (where the flow runs). */
export async function newContext(
  browser: Browser,
  ctx: E2eContext,
  opts: { camera: boolean; viewport?: { width: number; height: number }; locale?: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1280, height: 860 },
    locale: opts.locale ?? 'en-US',
    deviceScaleFactor: 1,
  });
  // Chromium keys the permission of a delegated iframe (allow="camera") by the top-level origin: grant both.
  if (opts.camera) {
    for (const origin of [ctx.serviceUrl, ctx.exampleUrl]) await context.grantPermissions(['camera'], { origin });
  }
  // Counts live window/document listeners of the kinds the SDK adds, to prove that a closed launch leaves none.
  await context.addInitScript(() => {
    const g = globalThis as any;
    const live: Array<[unknown, string, unknown]> = [];
    const proto = g.EventTarget.prototype;
    const add = proto.addEventListener;
    const remove = proto.removeEventListener;
    proto.addEventListener = function (this: unknown, type: string, listener: unknown, options?: unknown) {
      if ((this === g.window || this === g.document) && (type === 'message' || type === 'keydown')) live.push([this, type, listener]);
      return add.call(this, type, listener, options);
    };
    proto.removeEventListener = function (this: unknown, type: string, listener: unknown, options?: unknown) {
      const i = live.findIndex((e) => e[0] === this && e[1] === type && e[2] === listener);
      if (i >= 0) live.splice(i, 1);
      return remove.call(this, type, listener, options);
    };
    g.__liveListeners = () => live.length;
  });
  return context;
}

/** An event the host page recorded. */
export interface HostEvent {
  name: string;
  detail: any;
}

/** Events recorded by the example page (`window.exampleEvents`). */
export async function hostEvents(page: Page): Promise<HostEvent[]> {
  return page.evaluate(() => ((globalThis as any).exampleEvents ?? []) as HostEvent[]);
}

/** Waits until the host page recorded an event named `name`, and returns it. */
export async function waitForEvent(page: Page, name: string, timeout = 60_000): Promise<HostEvent> {
  await page.waitForFunction((n) => ((globalThis as any).exampleEvents ?? []).some((e: HostEvent) => e.name === n), name, { timeout });
  return (await hostEvents(page)).find((e) => e.name === name)!;
}

/** Names of the terminal events recorded so far. */
export async function terminalEvents(page: Page): Promise<HostEvent[]> {
  return (await hostEvents(page)).filter((e) => e.name === 'completed' || e.name === 'cancelled' || e.name === 'error');
}

/**
 * Launches the SDK on the example page with `options` (JSON) and records every callback in
 * `window.exampleEvents`, like the page's own buttons do; the handle is kept as `window.__handle`.
 */
export async function launchOnPage(page: Page, options: Record<string, unknown>): Promise<void> {
  await page.evaluate((opts) => {
    const g = globalThis as any;
    const events = (g.exampleEvents ??= []);
    const rec = (name: string) => (...args: any[]) =>
      events.push({ name, detail: name === 'error' ? { code: args[0]?.code, message: args[1], errorName: args[0]?.name, isError: args[0] instanceof g.Error } : args[0] });
    g.__handle = g.StepVerification.launch({
      ...opts,
      onReady: rec('ready'),
      onSessionCreated: rec('sessionCreated'),
      onStatusChange: rec('statusChange'),
      onCompleted: rec('completed'),
      onCancelled: rec('cancelled'),
      onError: rec('error'),
    });
  }, options);
}

/** Opens the example page (served by examples/server.mjs on its own origin) and waits for the SDK to load. */
export async function openExample(page: Page, ctx: E2eContext, query = ''): Promise<void> {
  await page.goto(`${ctx.exampleUrl}/${query}`);
  await page.waitForFunction(() => typeof (globalThis as any).StepVerification?.launch === 'function');
}

/** The flow's iframe, as a locator and as a frame. */
export function flowLocator(page: Page): FrameLocator {
  return page.frameLocator('iframe[data-step-verification="flow"]');
}

/** The flow's frame (to evaluate in it). */
export async function flowFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe[data-step-verification="flow"]');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('the flow iframe has no frame');
  return frame;
}

/** The current screen's name (`data-screen` of the flow's `<main>`). */
export async function currentScreen(page: Page): Promise<string | null> {
  const frame = await flowFrame(page);
  return frame.evaluate(() => (globalThis as any).document.querySelector('main')?.dataset?.screen ?? null).catch(() => null);
}

/** Waits for the flow to show screen `name`. */
export async function waitForScreen(page: Page, name: string, timeout = 60_000): Promise<void> {
  await flowLocator(page).locator(`main[data-screen="${name}"]`).waitFor({ timeout });
}

/** Saves a screenshot `name.png` of `target` (the flow's iframe by default). */
export async function screenshot(target: Page | Locator, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await target.screenshot({ path: file, animations: 'disabled' });
  return file;
}

/**
 * Accessibility audit of the flow's current screen (WCAG 2.1 AA, the parts a script can check): the focus is on
 * the screen's heading, every button and input has an accessible name, every image has alternative text, and every
 * visible text meets the contrast ratio (4.5:1, or 3:1 for large text) against its background.
 * @returns the problems found (empty when none).
 */
export async function auditScreen(page: Page): Promise<string[]> {
  const frame = await flowFrame(page);
  return frame.evaluate(() => {
    const g = globalThis as any;
    const doc = g.document;
    const problems: string[] = [];
    const screen = doc.querySelector('main')?.dataset?.screen;
    const active = doc.activeElement;
    // Only meaningful once the frame has the focus (the SDK moves it there when the handshake completes).
    if (doc.hasFocus() && doc.querySelector('main h1') && active?.tagName !== 'H1' && !doc.querySelector('main')?.contains(active)) {
      problems.push(`${screen}: focus is on ${active?.tagName}, not in the screen`);
    }
    const nameOf = (el: any): string => {
      const labelled = el.getAttribute('aria-labelledby');
      if (el.getAttribute('aria-label')) return el.getAttribute('aria-label');
      if (labelled) return labelled.split(' ').map((id: string) => doc.getElementById(id)?.textContent ?? '').join(' ');
      if (el.id && doc.querySelector(`label[for="${el.id}"]`)) return doc.querySelector(`label[for="${el.id}"]`).textContent;
      return el.textContent ?? '';
    };
    for (const el of doc.querySelectorAll('button, input, select, textarea, video, progress')) {
      if (!nameOf(el).trim()) problems.push(`${screen}: <${el.tagName.toLowerCase()}> has no accessible name`);
    }
    for (const img of doc.querySelectorAll('img')) if (!img.getAttribute('alt')) problems.push(`${screen}: <img> without alt`);
    const parse = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, gr, b]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r!) + 0.7152 * f(gr!) + 0.0722 * f(b!);
    };
    const background = (el: any): number[] => {
      for (let e = el; e; e = e.parentElement) {
        const c = parse(g.getComputedStyle(e).backgroundColor);
        if (c.length >= 3 && (c.length < 4 || c[3]! > 0.5)) return c;
      }
      return [255, 255, 255];
    };
    const walker = doc.createTreeWalker(doc.body, 4);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!node.textContent.trim() || !el || el.closest('.sr-only,[aria-hidden="true"],noscript')) continue;
      const style = g.getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.getClientRects().length === 0) continue;
      const fg = parse(style.color);
      const bg = background(el);
      const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      const ratio = (l1! + 0.05) / (l2! + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) problems.push(`${screen}: "${node.textContent.trim().slice(0, 30)}" has contrast ${ratio.toFixed(2)}`);
    }
    return problems;
  });
}

/** What {@link driveFlow} saw. */
export interface DriveResult {
  /** Screens in the order they were first seen. */
  screens: string[];
  /** The terminal screen: result, error or cancelled. */
  end: string;
  /** Accessibility problems found on any screen. */
  a11y: string[];
}

/**
 * Goes through the flow like a user: picks the passport, takes every photo, records the video, types the name,
 * until a terminal screen (result, error, cancelled). Screenshots each screen the first time it is seen when
 * `shots` is given (prefix), and audits its accessibility.
 */
export async function driveFlow(page: Page, opts: { shots?: string; name?: { first: string; last: string }; timeout?: number } = {}): Promise<DriveResult> {
  const flow = flowLocator(page);
  const seen: string[] = [];
  const a11y: string[] = [];
  const deadline = Date.now() + (opts.timeout ?? 90_000);
  const step = async () => (await flowFrame(page)).evaluate(() => (globalThis as any).document.querySelector('main')?.dataset?.step ?? '');
  while (Date.now() < deadline) {
    const screen = await currentScreen(page);
    if (!screen) {
      await page.waitForTimeout(100);
      continue;
    }
    const first = !seen.includes(screen);
    if (first) seen.push(screen);
    const settle = async () => {
      if (!first) return;
      a11y.push(...(await auditScreen(page)));
      if (opts.shots === undefined) return;
      const file = await screenshot(page.locator('iframe[data-step-verification="flow"]'), `${opts.shots}${screen}`);
      // A transient screen may have gone while the picture was taken: keep only a picture of the right screen.
      if ((await currentScreen(page)) !== screen) await rm(file, { force: true });
    };
    const ended = flow.locator('main[data-screen="error"], main[data-screen="cancelled"], main[data-screen="result"]');
    const act = async (target: Locator) => {
      await target.or(ended).first().waitFor({ state: 'visible', timeout: 30_000 });
      if (await ended.count()) return;
      await settle();
      const before = await step();
      await target.click();
      const until = Date.now() + 60_000;
      while (Date.now() < until && (await step()) === before) await page.waitForTimeout(50);
    };
    switch (screen) {
      case 'result':
      case 'error':
      case 'cancelled':
        await settle();
        return { screens: seen, end: screen, a11y };
      case 'intro':
        await act(flow.locator('[data-action="start"]'));
        break;
      case 'document-type':
        await act(flow.locator('[data-document="doc_passport"]'));
        break;
      case 'capture-front':
      case 'capture-back':
      case 'selfie':
        await act(flow.locator('[data-action="capture"]:not([disabled])'));
        break;
      case 'liveness':
        await act(flow.locator('[data-action="record"]:not([disabled])'));
        break;
      case 'review':
        await act(flow.getByRole('button', { name: 'Use this photo' }));
        break;
      case 'retake': {
        const anyway = flow.getByRole('button', { name: 'Use it anyway' });
        await act((await anyway.count()) > 0 ? anyway : flow.getByRole('button', { name: 'Retake' }));
        break;
      }
      case 'details': {
        await flow.getByLabel('First name').waitFor();
        await settle();
        const before = await step();
        await flow.getByLabel('First name').fill(opts.name?.first ?? 'Anna');
        await flow.getByLabel('Last name').fill(opts.name?.last ?? 'Lindqvist');
        await flow.getByRole('button', { name: 'Continue' }).click();
        while ((await step()) === before) await page.waitForTimeout(50);
        break;
      }
      default:
        // loading, uploading, checking: wait for the next screen
        if (first) await settle();
        await page.waitForTimeout(100);
    }
  }
  throw new Error(`the flow did not end within the time limit; screens seen: ${seen.join(' > ')}`);
}
