import { ErrorCode } from '../../src/errors.js';
import { FlowMessageType, FlowUrlParam, HostMessageType, PROTOCOL_VERSION, isProtocolMessage, message } from '../../src/protocol.js';
import type { ExpectedDetails, FlowConfig } from '../../src/types.js';
import { Api, ApiError, MEDIA_FIELDS, readSatClaims, type SessionView, type StepCode, type StepEnvelope } from './api.js';
import { CARD_ASPECT, documentType, type DocumentType } from './documents.js';
import { CameraError, captureFrame, guideToVideoRect, recordLiveness, startCamera, stopCamera, videoReady, type Capture, type Facing, type LivenessMedia } from './camera.js';
import { pickLanguage, translator, type Lang, type TextKey } from './i18n.js';
import { instructionFor, isFixableCategory } from './instructions.js';
import type { CaptureKind } from './quality.js';
import { actions, announce, buildShell, button, choose, h, show, type Shell } from './ui.js';

/**
 * The hosted capture flow: runs inside the SDK's iframe on the service's origin. It completes the handshake with
 * its parent, creates or resumes the session, captures and uploads what the session's workflow needs, and reports
 * the session's decision. Steps already finished on the session (a resumed token-mode session) are skipped, and so
 * are steps that are not in the workflow.
 */

/** Length of the liveness recording, in milliseconds (the issue asks for 2-3 s). */
export const LIVENESS_DURATION_MS = 3000;
/** After this many captures that fail the quality check, the user may send the photo anyway. */
export const ATTEMPTS_BEFORE_USE_ANYWAY = 3;
/** How long the flow waits for the session's decision after the last step. */
const DECISION_WAIT_MS = 30_000;

const params = new URLSearchParams(location.hash.slice(1));
const launchId = params.get(FlowUrlParam.Launch) ?? '';
const hostOrigin = (() => {
  const value = params.get(FlowUrlParam.Origin) ?? '';
  try {
    return new URL(value).origin === value ? value : null;
  } catch {
    return null;
  }
})();
const api = new Api(new URL('../api/v1', location.href).href.replace(/\/$/, ''));

let lang: Lang = pickLanguage(null, navigator.languages ?? [navigator.language]);
let t = translator(lang);
let shell: Shell;
let terminal = false;
let stream: { facing: Facing; media: MediaStream } | null = null;

/** Thrown to unwind the flow once a terminal message was sent (e.g. the user cancelled during an upload). */
class Stop extends Error {}

/** A fatal error: reported to the host as the terminal `error` message. */
class FlowFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

function post(type: string, payload: unknown): void {
  if (hostOrigin) window.parent.postMessage(message(launchId, type, payload), hostOrigin);
}

function releaseCamera(): void {
  stopCamera(stream?.media ?? null);
  stream = null;
}

function guard(): void {
  if (terminal) throw new Stop();
}

// --- terminal screens ---------------------------------------------------------------------------------------------

function fail(err: FlowFailure): void {
  if (terminal) return;
  terminal = true;
  releaseCamera();
  post(FlowMessageType.Error, { code: err.code, message: err.message, ...(err.status ? { status: err.status } : {}) });
  show(
    shell,
    'error',
    h('h1', {}, t('errorHeading')),
    h('p', { class: 'lead', 'data-error-code': err.code }, t(`err_${err.code}` as TextKey)),
    actions(button(t('close'), () => post(FlowMessageType.Close, {}))),
  );
}

function cancel(): void {
  if (terminal) return;
  terminal = true;
  releaseCamera();
  post(FlowMessageType.Cancelled, { reason: 'user_cancelled' });
  show(shell, 'cancelled', h('h1', {}, t('cancelledHeading')), h('p', { class: 'lead' }, t('cancelledLead')), actions(button(t('close'), () => post(FlowMessageType.Close, {}))));
}

function complete(view: SessionView, notes: string[]): void {
  if (terminal || !view.decision) return;
  terminal = true;
  releaseCamera();
  post(FlowMessageType.Completed, { decision: view.decision, externalId: view.sessionId, clientData: view.clientData, metadata: view.metadata });
  const [heading, lead] = ({
    Approved: ['resultApproved', 'resultApprovedLead'],
    InReview: ['resultInReview', 'resultInReviewLead'],
    Declined: ['resultDeclined', 'resultDeclinedLead'],
  } as const)[view.decision];
  show(
    shell,
    'result',
    h('div', { class: `badge badge-${view.decision.toLowerCase()}`, 'aria-hidden': 'true' }, view.decision === 'Approved' ? '\u2713' : view.decision === 'Declined' ? '\u2715' : '\u2026'),
    h('h1', { 'data-decision': view.decision }, t(heading)),
    h('p', { class: 'lead' }, t(lead)),
    view.decision !== 'Approved' && notes.length > 0 ? h('ul', { class: 'notes' }, ...notes.map((n) => h('li', {}, n))) : null,
    actions(button(t('done'), () => post(FlowMessageType.Close, {}))),
  );
}

// --- capture screens ----------------------------------------------------------------------------------------------

async function camera(facing: Facing): Promise<MediaStream> {
  if (stream?.facing === facing && stream.media.getVideoTracks().some((tr) => tr.readyState === 'live')) return stream.media;
  releaseCamera();
  const media = await startCamera(facing);
  guard();
  stream = { facing, media };
  return media;
}

function videoElement(media: MediaStream, mirrored: boolean): HTMLVideoElement {
  const video = h('video', { class: mirrored ? 'mirrored' : '', autoplay: true, muted: true, playsinline: true, 'aria-label': t('cameraView') });
  video.muted = true;
  video.srcObject = media;
  void video.play().catch(() => undefined);
  return video;
}

interface CameraScreen {
  name: string;
  kind: CaptureKind;
  facing: Facing;
  heading: string;
  hint: string;
  /** Width / height of the framing guide; null for the selfie oval. */
  aspect: number | null;
}

/** Shows the camera with its framing guide and resolves with the capture when the user takes the photo. */
async function takePhoto(s: CameraScreen): Promise<Capture> {
  show(shell, s.name, h('h1', {}, s.heading), h('p', { class: 'lead' }, t('cameraStarting')));
  const media = await camera(s.facing);
  const video = videoElement(media, s.facing === 'user');
  const guide = h('div', { class: s.aspect ? 'guide guide-document' : 'guide guide-face', 'aria-hidden': 'true' });
  if (s.aspect) guide.style.aspectRatio = String(s.aspect);
  const shoot = button(t('takePhoto'), () => undefined, 'primary', { disabled: true, 'data-action': 'capture' });
  show(shell, s.name, h('h1', {}, s.heading), h('p', { class: 'hint' }, s.hint), h('div', { class: 'viewport' }, video, guide), actions(shoot));
  await videoReady(video);
  guard();
  shoot.disabled = false;
  await new Promise<void>((resolve) => shoot.addEventListener('click', () => resolve(), { once: true }));
  guard();
  shoot.disabled = true;
  return captureFrame(video, s.kind, s.aspect ? guideToVideoRect(video, guide) : undefined);
}

/** Capture with the quality check, the review and retakes. */
async function capture(s: CameraScreen): Promise<Capture> {
  for (let attempt = 1; ; attempt++) {
    const shot = await takePhoto(s);
    guard();
    const image = h('img', { class: 'preview', src: shot.url, alt: t('reviewImage') });
    if (shot.issues.length > 0) {
      const choice = await choose<'retake' | 'use'>((pick) =>
        show(
          shell,
          'retake',
          h('h1', {}, t('retakeHeading')),
          image,
          h('ul', { class: 'issues', 'data-issues': shot.issues.join(' ') }, ...shot.issues.map((i) => h('li', {}, t(i)))),
          actions(
            button(t('retake'), () => pick('retake')),
            attempt >= ATTEMPTS_BEFORE_USE_ANYWAY ? button(t('useAnyway'), () => pick('use'), 'secondary') : null,
          ),
        ),
      );
      guard();
      if (choice === 'retake') {
        URL.revokeObjectURL(shot.url);
        continue;
      }
      return shot;
    }
    const choice = await choose<'retake' | 'use'>((pick) =>
      show(
        shell,
        'review',
        h('h1', {}, t('reviewHeading')),
        h('p', { class: 'lead' }, t('reviewLead')),
        image,
        actions(button(t('usePhoto'), () => pick('use')), button(t('retake'), () => pick('retake'), 'secondary')),
      ),
    );
    guard();
    if (choice === 'use') return shot;
    URL.revokeObjectURL(shot.url);
  }
}

/** A screen asking to retake after the service refused the media (a 400 naming a media field). */
async function retakeAfterRefusal(text: string): Promise<void> {
  await choose<void>((pick) =>
    show(shell, 'retake', h('h1', {}, t('retakeHeading')), h('p', { class: 'lead' }, text), actions(button(t('retake'), () => pick()))),
  );
  guard();
}

// --- uploads ------------------------------------------------------------------------------------------------------

function uploading(label: TextKey): (fraction: number) => void {
  const bar = h('progress', { max: 100, value: 0, 'aria-label': t('uploadProgress') });
  const pct = h('p', { class: 'pct', 'aria-hidden': 'true' }, '0 %');
  show(shell, 'uploading', h('h1', {}, t(label)), bar, pct);
  let lastAnnounced = -1;
  return (fraction) => {
    const value = Math.round(fraction * 100);
    bar.value = value;
    pct.textContent = `${value} %`;
    if (value - lastAnnounced >= 25 || value === 100) {
      lastAnnounced = value;
      announce(shell, `${t(label)}: ${value} %`);
    }
  };
}

function checking(): void {
  show(shell, 'checking', h('div', { class: 'spinner', 'aria-hidden': 'true' }), h('h1', {}, t('checking')), h('p', { class: 'lead' }, t('checkingLead')));
  shell.main.setAttribute('aria-busy', 'true');
}

interface Context {
  sat: string;
  sessionId: string;
  view: SessionView;
  notes: string[];
}

function finished(view: SessionView, code: StepCode): boolean {
  return view.steps.some((s) => s.stepCode === code && (s.status === 'Completed' || s.status === 'Failed'));
}

function pending(view: SessionView, code: StepCode): boolean {
  return view.workflowSteps.includes(code) && !finished(view, code);
}

let lastState: string | null = null;
function emitStatus(view: SessionView): void {
  if (view.state === lastState) return;
  lastState = view.state;
  post(FlowMessageType.Status, { state: view.state, clientData: view.clientData, metadata: view.metadata });
}

async function refresh(ctx: Context): Promise<void> {
  ctx.view = await api.getSession(ctx.sat, ctx.sessionId);
  guard();
  emitStatus(ctx.view);
}

/**
 * Runs one step. A 409 (the step is running elsewhere, SPEC.md rule 2) waits until it finishes and then reads its
 * stored envelope (rule 1). A 400 naming a media field returns `retake` with the instruction to show.
 */
async function runStep(ctx: Context, code: StepCode, body: Record<string, unknown>, label?: TextKey): Promise<StepEnvelope | { retake: string }> {
  for (let waited = 0; ; ) {
    try {
      const progress = label ? uploading(label) : undefined;
      if (!label) checking();
      const envelope = await api.runStep(ctx.sat, code, body, progress);
      guard();
      const category = envelope.result?.['errorCategory'];
      if (typeof category === 'string') ctx.notes.push(instructionFor(category, t));
      else if (envelope.status === 'Failed' && envelope.statusReason) {
        const cat = /^([a-z_]+):/.exec(envelope.statusReason)?.[1];
        if (cat && isFixableCategory(cat)) ctx.notes.push(instructionFor(cat, t));
      }
      await refresh(ctx);
      return envelope;
    } catch (err) {
      if (err instanceof Stop) throw err;
      if (!(err instanceof ApiError)) throw err;
      const fields = Object.keys(err.problem?.errors ?? {});
      if (err.status === 400 && fields.some((f) => (MEDIA_FIELDS as readonly string[]).includes(f))) {
        const messages = Object.values(err.problem?.errors ?? {}).flat().join(' ');
        return { retake: instructionFor(/unsupported|extension|kind/i.test(messages) ? 'unsupported_media' : 'invalid_image', t) };
      }
      if (err.status === 409 && waited < 60_000) {
        checking();
        await new Promise((r) => setTimeout(r, 2000));
        waited += 2000;
        await refresh(ctx);
        continue;
      }
      throw new FlowFailure(err.code, err.message, err.status);
    }
  }
}

// --- the flow -----------------------------------------------------------------------------------------------------

/**
 * The document type: the session's when it has one, else the user's choice among the templates the session's
 * workflow accepts (GET /api/v1/document-templates); a single template is taken without asking.
 * @throws FlowFailure `configuration_invalid` when the workflow accepts no template
 */
async function chooseDocument(ctx: Context): Promise<DocumentType> {
  const answer = await api.documentTemplates(ctx.sat);
  guard();
  const types = answer.templates.map(documentType);
  const chosen = ctx.view.documentId ?? answer.selectedDocumentId;
  if (chosen) return types.find((d) => d.documentId === chosen) ?? { documentId: chosen, label: 'docIdCard', name: chosen, country: null, sides: 2, aspect: CARD_ASPECT };
  if (types.length === 0) throw new FlowFailure(ErrorCode.ConfigurationInvalid, 'The workflow accepts no document template.');
  if (types.length === 1) return types[0]!;
  const text = (d: DocumentType) => (d.country ? `${t(d.label)} (${d.country})` : t(d.label));
  return choose<DocumentType>((pick) =>
    show(
      shell,
      'document-type',
      h('h1', {}, t('docTypeHeading')),
      h('p', { class: 'lead', id: 'doc-type-lead' }, t('docTypeLead')),
      h('ul', { class: 'choices', 'aria-labelledby': 'doc-type-lead' }, ...types.map((d) => h('li', {}, button(text(d), () => pick(d), 'secondary', { 'data-document': d.documentId })))),
    ),
  );
}

function detailsFromResult(result: Record<string, unknown> | null | undefined): ExpectedDetails | null {
  if (!result) return null;
  const pickStr = (k: string) => (typeof result[k] === 'string' && (result[k] as string).length > 0 ? (result[k] as string) : undefined);
  const out: ExpectedDetails = {};
  for (const k of ['firstName', 'lastName', 'fullName', 'dateOfBirth', 'nationality', 'documentNumber', 'personalNumber'] as const) {
    const v = pickStr(k);
    if (v) out[k] = v;
  }
  return out.firstName || out.lastName || out.fullName ? out : null;
}

async function askDetails(prefill: ExpectedDetails | null): Promise<ExpectedDetails> {
  return choose<ExpectedDetails>((pick) => {
    const field = (id: string, label: TextKey, type: string, value: string | undefined, autocomplete: string) =>
      h('div', { class: 'field' }, h('label', { for: id }, t(label)), h('input', { id, name: id, type, value: value ?? '', autocomplete, 'aria-describedby': 'details-error' }));
    const error = h('p', { id: 'details-error', class: 'error', role: 'alert' });
    const form = h(
      'form',
      { class: 'details', novalidate: true },
      field('firstName', 'firstName', 'text', prefill?.firstName, 'given-name'),
      field('lastName', 'lastName', 'text', prefill?.lastName, 'family-name'),
      field('dateOfBirth', 'dateOfBirth', 'date', prefill?.dateOfBirth, 'bday'),
      error,
      actions(h('button', { type: 'submit', class: 'btn btn-primary' }, t('continue'))),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const value = (n: string) => ((form.elements.namedItem(n) as HTMLInputElement).value ?? '').trim();
      const firstName = value('firstName');
      const lastName = value('lastName');
      const dateOfBirth = value('dateOfBirth');
      if (!firstName && !lastName) {
        error.textContent = t('nameRequired');
        (form.elements.namedItem('firstName') as HTMLInputElement).setAttribute('aria-invalid', 'true');
        (form.elements.namedItem('firstName') as HTMLInputElement).focus();
        return;
      }
      if (dateOfBirth && !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) {
        error.textContent = t('dateInvalid');
        (form.elements.namedItem('dateOfBirth') as HTMLInputElement).focus();
        return;
      }
      pick({ ...(firstName ? { firstName } : {}), ...(lastName ? { lastName } : {}), ...(dateOfBirth ? { dateOfBirth } : {}) });
    });
    show(shell, 'details', h('h1', {}, t('detailsHeading')), h('p', { class: 'lead' }, t('detailsLead')), form);
  });
}

async function recordVideo(): Promise<LivenessMedia> {
  show(shell, 'liveness', h('h1', {}, t('livenessHeading')), h('p', { class: 'lead' }, t('cameraStarting')));
  const media = await camera('user');
  const video = videoElement(media, true);
  const status = h('p', { class: 'countdown', 'aria-hidden': 'true' });
  const start = button(t('livenessStart'), () => undefined, 'primary', { disabled: true, 'data-action': 'record' });
  show(
    shell,
    'liveness',
    h('h1', {}, t('livenessHeading')),
    h('p', { class: 'hint' }, t('livenessLead')),
    h('div', { class: 'viewport' }, video, h('div', { class: 'guide guide-face', 'aria-hidden': 'true' }), status),
    actions(start),
  );
  await videoReady(video);
  guard();
  start.disabled = false;
  await new Promise<void>((resolve) => start.addEventListener('click', () => resolve(), { once: true }));
  start.disabled = true;
  for (let n = 3; n > 0; n--) {
    status.textContent = String(n);
    announce(shell, t('livenessCountdown', { n }));
    await new Promise((r) => setTimeout(r, 700));
    guard();
  }
  status.textContent = '\u25cf';
  status.classList.add('recording');
  announce(shell, t('livenessRecording'));
  const recorded = await recordLiveness(media, video, LIVENESS_DURATION_MS);
  guard();
  announce(shell, t('livenessDone'));
  return recorded;
}

async function clientIp(): Promise<string> {
  try {
    const res = await fetch(new URL('client-ip', location.href).href, { cache: 'no-store' });
    const body = (await res.json()) as { ipAddress?: unknown };
    if (res.ok && typeof body.ipAddress === 'string') return body.ipAddress;
  } catch {
    // reported below
  }
  throw new FlowFailure(ErrorCode.ServiceError, 'The flow could not learn the client IP address for IP analysis (GET /flow/client-ip).');
}

function intro(view: SessionView, needs: { document: boolean; selfie: boolean; video: boolean; details: boolean }): Promise<void> {
  return choose<void>((pick) =>
    show(
      shell,
      'intro',
      h('h1', {}, t('introHeading')),
      h('p', { class: 'lead' }, t('introLead')),
      h(
        'ul',
        { class: 'needs' },
        needs.document ? h('li', {}, t('introDocument')) : null,
        needs.selfie ? h('li', {}, t('introSelfie')) : null,
        needs.video ? h('li', {}, t('introVideo')) : null,
        needs.details ? h('li', {}, t('introDetails')) : null,
      ),
      h('p', { class: 'small' }, t('introPrivacy')),
      actions(button(t('start'), () => pick(), 'primary', { 'data-action': 'start', 'data-workflow': view.workflowId })),
    ),
  );
}

async function run(cfg: FlowConfig): Promise<void> {
  // 1. The session.
  let sat: string;
  let sessionId: string;
  if (cfg.mode === 'create') {
    const body: Record<string, unknown> = {};
    if (cfg.workflowId) body['workflowId'] = cfg.workflowId;
    if (cfg.clientData !== null) body['clientData'] = cfg.clientData;
    if (cfg.metadata !== null) body['metadata'] = cfg.metadata;
    if (cfg.callbackUrl !== null) body['callbackUrl'] = cfg.callbackUrl;
    if (cfg.expectedDetails) body['expectedDetails'] = cfg.expectedDetails;
    const token = await api.createSession(cfg.apiKey ?? '', body);
    sat = token.sat;
    sessionId = token.sessionId;
  } else {
    const claims = readSatClaims(cfg.sat ?? '');
    if (!claims) throw new FlowFailure(ErrorCode.ConfigurationInvalid, 'The sat is not a session access token of this service.');
    if (claims.expiresAt <= Date.now()) throw new FlowFailure(ErrorCode.SessionExpired, `The sat expired at ${new Date(claims.expiresAt).toISOString()}.`);
    sat = cfg.sat ?? '';
    sessionId = claims.sessionId;
  }
  guard();
  const ctx: Context = { sat, sessionId, view: await api.getSession(sat, sessionId), notes: [] };
  guard();
  post(FlowMessageType.SessionCreated, { externalId: sessionId, workflowId: ctx.view.workflowId, clientData: ctx.view.clientData, metadata: ctx.view.metadata });
  emitStatus(ctx.view);
  if (ctx.view.decision) return complete(ctx.view, ctx.notes);

  // 2. What this session still needs.
  const v = ctx.view;
  const idPending = pending(v, 'step_id_verification');
  const facePending = pending(v, 'step_face_match');
  const livenessPending = pending(v, 'step_liveness_check');
  const amlPending = pending(v, 'step_aml_screening');
  let details: ExpectedDetails | null = cfg.expectedDetails && (cfg.expectedDetails.firstName || cfg.expectedDetails.lastName || cfg.expectedDetails.fullName) ? cfg.expectedDetails : null;
  await intro(v, { document: idPending || facePending, selfie: facePending, video: livenessPending, details: amlPending && !details && !idPending });
  guard();

  // 3. Document: type, front (and back), ID verification.
  let front: Capture | null = null;
  if (idPending || facePending) {
    const doc = await chooseDocument(ctx);
    guard();
    for (;;) {
      front = await capture({
        name: 'capture-front',
        kind: 'document',
        facing: 'environment',
        heading: t(doc.sides === 1 ? 'captureFrontPassport' : 'captureFront'),
        hint: t('captureDocumentHint'),
        aspect: doc.aspect,
      });
      const back =
        idPending && doc.sides === 2
          ? await capture({ name: 'capture-back', kind: 'document', facing: 'environment', heading: t('captureBack'), hint: t('captureDocumentHint'), aspect: doc.aspect })
          : null;
      if (!idPending) break;
      releaseCamera();
      const answer = await runStep(
        ctx,
        'step_id_verification',
        {
          ...(ctx.view.documentId ? {} : { documentId: doc.documentId }),
          frontImageBase64: front.base64,
          fileExtension: 'jpg',
          ...(back ? { backImageBase64: back.base64 } : {}),
        },
        'uploadingDocument',
      );
      if ('retake' in answer) {
        await retakeAfterRefusal(answer.retake);
        continue;
      }
      details = detailsFromResult(answer.result) ?? details;
      break;
    }
  }

  // 4. Selfie and face match (the reference is the document's front).
  if (facePending && front) {
    for (;;) {
      const selfie = await capture({ name: 'selfie', kind: 'selfie', facing: 'user', heading: t('captureSelfie'), hint: t('captureSelfieHint'), aspect: null });
      releaseCamera();
      const answer = await runStep(ctx, 'step_face_match', { selfieImageBase64: selfie.base64, refImageBase64: front.base64, fileExtension: 'jpg' }, 'uploadingSelfie');
      if ('retake' in answer) {
        await retakeAfterRefusal(answer.retake);
        continue;
      }
      break;
    }
  }

  // 5. Liveness video (MP4, or the sharpest still frame where MP4 cannot be recorded).
  if (livenessPending) {
    for (;;) {
      const media = await recordVideo();
      releaseCamera();
      const answer = await runStep(ctx, 'step_liveness_check', { selfieImageBase64: media.base64, fileExtension: media.fileExtension }, 'uploadingVideo');
      if ('retake' in answer) {
        await retakeAfterRefusal(answer.retake);
        continue;
      }
      break;
    }
  }
  releaseCamera();

  // 6. AML screening: the document's names, else the integrator's expected details, else ask.
  if (amlPending) {
    if (!details) details = await askDetails(cfg.expectedDetails);
    guard();
    const body: Record<string, unknown> = {};
    for (const k of ['firstName', 'lastName', 'fullName', 'dateOfBirth', 'nationality', 'documentNumber', 'personalNumber', 'gender'] as const) {
      if (details[k]) body[k] = details[k];
    }
    await runStep(ctx, 'step_aml_screening', body);
  }

  // 7. IP analysis of the address the service sees.
  if (pending(ctx.view, 'step_ip_analysis')) {
    checking();
    await runStep(ctx, 'step_ip_analysis', { ipAddress: await clientIp() });
  }

  // 8. The decision.
  checking();
  const deadline = Date.now() + DECISION_WAIT_MS;
  while (!ctx.view.decision && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    await refresh(ctx);
  }
  if (!ctx.view.decision) throw new FlowFailure(ErrorCode.ServiceError, `Session ${sessionId} has no decision ${DECISION_WAIT_MS / 1000} s after its last step.`);
  complete(ctx.view, ctx.notes);
}

// --- handshake ----------------------------------------------------------------------------------------------------

function setLanguage(l: Lang): void {
  lang = l;
  t = translator(l);
  document.documentElement.lang = l;
  document.title = t('title');
}

function start(): void {
  setLanguage(lang);
  shell = buildShell(document.getElementById('app') ?? document.body, t('title'));
  if (!hostOrigin || !launchId || window.parent === window) {
    show(shell, 'standalone', h('h1', {}, t('title')), h('p', { class: 'lead' }, t('standalone')));
    return;
  }
  show(shell, 'loading', h('div', { class: 'spinner', 'aria-hidden': 'true' }), h('h1', {}, t('loading')));
  let configured = false;
  window.addEventListener('message', (e: MessageEvent) => {
    // Only the parent window, only from the host origin named in our URL, only this launch.
    if (e.source !== window.parent || e.origin !== hostOrigin) return;
    if (!isProtocolMessage(e.data) || e.data.launchId !== launchId) return;
    if (e.data.version !== PROTOCOL_VERSION) {
      fail(new FlowFailure(ErrorCode.ProtocolMismatch, `The SDK speaks protocol version ${e.data.version}; this flow speaks ${PROTOCOL_VERSION}.`));
      return;
    }
    if (e.data.type !== HostMessageType.Init || configured) return;
    configured = true;
    const cfg = e.data.payload as FlowConfig;
    setLanguage(pickLanguage(cfg.language, navigator.languages ?? [navigator.language]));
    shell = buildShell(document.getElementById('app') ?? document.body, t('title'));
    if (cfg.hostCloseButton) shell.bar.classList.add('host-close');
    else shell.bar.append(button(t('cancel'), cancel, 'link', { 'data-action': 'cancel' }));
    post(FlowMessageType.Ready, {});
    show(shell, 'loading', h('div', { class: 'spinner', 'aria-hidden': 'true' }), h('h1', {}, t('loading')));
    run(cfg).catch((err: unknown) => {
      if (err instanceof Stop) return;
      if (err instanceof FlowFailure) fail(err);
      else if (err instanceof ApiError) fail(new FlowFailure(err.code, err.message, err.status));
      else if (err instanceof CameraError) fail(new FlowFailure(err.code, err.message));
      else fail(new FlowFailure(ErrorCode.ServiceError, `The flow failed: ${(err as Error)?.message ?? String(err)}`));
    });
  });
  // When the SDK moves the focus into the frame, it lands on the current screen's heading.
  window.addEventListener('focus', () => {
    if (document.activeElement === document.body) shell.main.querySelector('h1')?.focus();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') post(FlowMessageType.Close, { reason: 'escape_key' });
  });
  const declared = Number(params.get(FlowUrlParam.Version));
  if (params.has(FlowUrlParam.Version) && declared !== PROTOCOL_VERSION) {
    post(FlowMessageType.Hello, {});
    fail(new FlowFailure(ErrorCode.ProtocolMismatch, `The SDK speaks protocol version ${declared}; this flow speaks ${PROTOCOL_VERSION}.`));
    return;
  }
  post(FlowMessageType.Hello, {});
}

start();
