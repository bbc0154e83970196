import type { ErrorCode } from '../../src/errors.js';
import { classify, type Problem } from './answers.js';
import type { DocumentTemplateView } from './documents.js';

export { readSatClaims, type Problem } from './answers.js';

/**
 * The flow's client of the service's API. The flow is served from the service's own origin, so these are
 * same-origin requests: no CORS, and the credentials (public key or sat) never pass through the host page.
 * Requests go through XMLHttpRequest so that uploads report progress.
 */

/** Step endpoints and their step codes (SPEC.md 4.6). */
export const STEP_PATHS = {
  step_id_verification: 'id-verification',
  step_face_match: 'face-match',
  step_liveness_check: 'liveness-check',
  step_aml_screening: 'aml-screening',
  step_ip_analysis: 'ip-analysis',
} as const;
/** A step code. */
export type StepCode = keyof typeof STEP_PATHS;

/** `GET /api/v1/sessions/{id}` (README.md "Sessions API"). */
export interface SessionView {
  sessionId: string;
  workflowId: string;
  documentId: string | null;
  state: 'Created' | 'InProgress' | 'Processing';
  decision: 'Approved' | 'Declined' | 'InReview' | null;
  steps: Array<{ stepCode: StepCode; status: string; decision: string | null }>;
  workflowSteps: StepCode[];
  clientData: string | null;
  metadata: string | null;
}

/** `GET /api/v1/document-templates`. */
export interface DocumentTemplatesView {
  workflowId: string;
  selectedDocumentId: string | null;
  templates: DocumentTemplateView[];
}

/** `POST /api/v1/sessions` and `/sessions/token`. */
export interface SessionToken {
  sessionId: string;
  workflowId: string;
  state: 'Created' | 'InProgress' | 'Processing';
  sat: string;
  expiresAt: string;
}

/** The step envelope (SPEC.md 2.3). */
export interface StepEnvelope {
  sessionId: string;
  stepCode: StepCode;
  status: 'Pending' | 'SentToInference' | 'Completed' | 'Failed';
  decision: 'Approved' | 'Declined' | 'InReview' | null;
  statusReason: string | null;
  result: Record<string, unknown> | null;
}

/** An answer that is not a success, classified for the flow. */
export class ApiError extends Error {
  constructor(
    /** The SDK error code it maps to. */
    readonly code: ErrorCode,
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly problem: Problem | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Media fields of the step requests: a 400 naming one of them is fixable by taking the photo again. */
export const MEDIA_FIELDS = ['frontImageBase64', 'backImageBase64', 'selfieImageBase64', 'refImageBase64', 'fileExtension'] as const;

type Credential = { apiKey: string } | { sat: string };

/** Options of one request. */
interface RequestOptions {
  body?: unknown;
  credential: Credential;
  onProgress?: (fraction: number) => void;
}

const RETRY_DELAYS_MS = [800, 2000] as const;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The service's API as the flow uses it. */
export class Api {
  /** `base`: the API root, `<serviceUrl>/api/v1`. */
  constructor(private readonly base: string) {}

  /**
   * One request with JSON in and out. Answers that never arrive (network error, timeout) are retried twice; a step
   * call may be repeated safely because a finished step returns its stored envelope (SPEC.md rule 1).
   * @throws ApiError for a non-2xx answer or after the retries.
   */
  async request<T>(method: 'GET' | 'POST', path: string, opts: RequestOptions): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.once(method, path, opts);
      if (answer.status === 0 && attempt < RETRY_DELAYS_MS.length) {
        await sleep(RETRY_DELAYS_MS[attempt]!);
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) return answer.body as T;
      const problem = answer.body && typeof answer.body === 'object' ? (answer.body as Problem) : null;
      const usingSat = 'sat' in opts.credential;
      const text = answer.status === 0 ? `No answer from ${this.base}${path}.` : `${method} ${path} answered ${answer.status}: ${problem?.detail ?? problem?.title ?? 'no detail'}`;
      throw new ApiError(classify(answer.status, problem, usingSat), text, answer.status, problem);
    }
  }

  private once(method: string, path: string, opts: RequestOptions): Promise<{ status: number; body: unknown }> {
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, `${this.base}${path}`);
      xhr.timeout = 120_000;
      xhr.setRequestHeader('accept', 'application/json, application/problem+json');
      if ('apiKey' in opts.credential) xhr.setRequestHeader('x-api-key', opts.credential.apiKey);
      else xhr.setRequestHeader('authorization', `Bearer ${opts.credential.sat}`);
      const progress = opts.onProgress;
      if (progress) {
        xhr.upload.addEventListener('progress', (e) => {
          if (e.lengthComputable && e.total > 0) progress(e.loaded / e.total);
        });
        // A small body may be sent in one go, without progress events: its end is 100 %.
        xhr.upload.addEventListener('load', () => progress(1));
      }
      xhr.addEventListener('load', () => {
        let body: unknown = null;
        try {
          body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          body = null;
        }
        resolve({ status: xhr.status, body });
      });
      const none = () => resolve({ status: 0, body: null });
      xhr.addEventListener('error', none);
      xhr.addEventListener('timeout', none);
      xhr.addEventListener('abort', none);
      if (opts.body === undefined) xhr.send();
      else {
        xhr.setRequestHeader('content-type', 'application/json');
        xhr.send(JSON.stringify(opts.body));
      }
    });
  }

  /** Creates a session with a public key (create mode). */
  createSession(apiKey: string, body: Record<string, unknown>): Promise<SessionToken> {
    return this.request('POST', '/sessions', { credential: { apiKey }, body });
  }

  /** Reads the sat's session. */
  getSession(sat: string, sessionId: string): Promise<SessionView> {
    return this.request('GET', `/sessions/${encodeURIComponent(sessionId)}`, { credential: { sat } });
  }

  /** The document templates the sat's session accepts (its workflow's enabled ones). */
  documentTemplates(sat: string): Promise<DocumentTemplatesView> {
    return this.request('GET', '/document-templates', { credential: { sat } });
  }

  /** Runs one step on the sat's session. */
  runStep(sat: string, step: StepCode, body: Record<string, unknown>, onProgress?: (fraction: number) => void): Promise<StepEnvelope> {
    return this.request('POST', `/steps/${STEP_PATHS[step]}`, { credential: { sat }, body, ...(onProgress ? { onProgress } : {}) });
  }
}
