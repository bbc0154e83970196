import type {
  Decision,
  KeyEnvironment,
  KeyKind,
  OrgStatus,
  SessionState,
  StepCode,
  StepStatus,
  SubscriptionStatus,
} from '../constants.ts';

/**
 * Items of the single table (DESIGN.md "Table"). Keys: `PK`/`SK` strings; every item also carries `type`.
 * ISO 8601 timestamps; `expiresAt` is epoch seconds for DynamoDB TTL.
 */

/** Key builders, so that no key string is spelt twice. */
export const Keys = {
  org: (orgId: string) => ({ PK: `ORG#${orgId}`, SK: 'ORG' }),
  orgApp: (orgId: string, appId: string) => ({ PK: `ORG#${orgId}`, SK: `APP#${appId}` }),
  app: (appId: string) => ({ PK: `APP#${appId}`, SK: 'APP' }),
  appKey: (appId: string, keyHash: string) => ({ PK: `APP#${appId}`, SK: `KEY#${keyHash}` }),
  key: (keyHash: string) => ({ PK: `KEY#${keyHash}`, SK: 'KEY' }),
  workflow: (appId: string, workflowId: string) => ({ PK: `APP#${appId}`, SK: `WF#${workflowId}` }),
  session: (sessionId: string) => ({ PK: `SESSION#${sessionId}`, SK: 'SESSION' }),
  step: (sessionId: string, stepCode: string) => ({ PK: `SESSION#${sessionId}`, SK: `STEP#${stepCode}` }),
  whitelist: (appId: string, subjectKey: string, entityId: string) => ({ PK: `APP#${appId}`, SK: `WL#${subjectKey}#${entityId}` }),
  /** Document templates of the deployment (functions/core/store/templates.ts), one partition. */
  template: (templateId: string) => ({ PK: 'DOCTEMPLATE', SK: `DOC#${templateId}` }),
} as const;

/** An organisation: the billing and suspension unit. */
export interface Org {
  orgId: string;
  name: string;
  status: OrgStatus;
  subscription: SubscriptionStatus;
  /** Step codes enabled on the plan; a step not listed answers 403. */
  features: StepCode[];
  createdAt: string;
}

/** An application of an organisation; sessions belong to one application. */
export interface App {
  appId: string;
  orgId: string;
  name: string;
  status: OrgStatus;
  /** Id of the workflow created with the application. */
  defaultWorkflowId: string;
  /** HMAC-SHA256 key of webhook signatures (`whsec_…`); shown to the operator by the admin CLI. */
  webhookSecret?: string;
  /** Default webhook address for sessions without their own `callbackUrl`. */
  webhookUrl?: string;
  createdAt: string;
}

/** A stored API key: only its SHA-256 is kept. */
export interface ApiKeyRecord {
  keyHash: string;
  appId: string;
  orgId: string;
  kind: KeyKind;
  environment: KeyEnvironment;
  /** Non-secret label (`sk_sandbox_…abcd`). */
  label: string;
  createdAt: string;
  revokedAt?: string;
}

/** A workflow: the steps a session runs and the decision thresholds applied to them. */
export interface Workflow {
  workflowId: string;
  appId: string;
  name: string;
  steps: StepCode[];
  /** Per-step threshold overrides (merged over each engine's documented defaults). */
  thresholds?: Record<string, Record<string, number>>;
  /**
   * Document templates (`doc_<id>`) the workflow accepts for ID verification; absent means every enabled template.
   */
  documentIds?: string[];
  createdAt: string;
}

/** Summary of one step kept on its session, for the session decision. */
export interface StepSummary {
  status: StepStatus;
  decision: Decision | null;
}

/** A verification session. */
export interface Session {
  sessionId: string;
  appId: string;
  orgId: string;
  workflowId: string;
  documentId?: string;
  environment: KeyEnvironment;
  state: SessionState;
  decision: Decision | null;
  /** Integrator's end-user id, metadata and webhook address (SPEC.md 2.9); echoed on webhooks. */
  clientData?: string;
  metadata?: string;
  callbackUrl?: string;
  /** Identity hints compared with the document (ID verification's `isMismatch`). */
  expectedDetails?: Record<string, string>;
  steps: Partial<Record<StepCode, StepSummary>>;
  createdAt: string;
  updatedAt: string;
  /** When the session reached its decision. */
  decidedAt?: string;
  /** Epoch seconds; DynamoDB TTL deletes the session after it. */
  expiresAt: number;
}

/** A step of a session: its claim, its outcome and the provenance of its decision. */
export interface StepRecord {
  sessionId: string;
  stepCode: StepCode;
  status: StepStatus;
  decision: Decision | null;
  statusReason: string | null;
  result: unknown;
  /** Random token of the run holding the claim; a finishing write must present it. */
  claimToken: string;
  /** Epoch milliseconds after which an unfinished claim may be taken over (DESIGN.md request path 4). */
  leaseExpiresAt: number;
  attempt: number;
  startedAt: string;
  completedAt?: string;
  /** Engine, data sources and thresholds behind the decision; for operators (admin CLI), never in the envelope. */
  provenance?: unknown;
  expiresAt: number;
}

/**
 * An AML false positive cleared by an application: the list entity `entityId` is not the screened person
 * `subjectKey` (see `amlSubjectKey` in functions/core/steps/aml-screening.ts). Still reported, never decisive.
 */
export interface WhitelistEntry {
  appId: string;
  subjectKey: string;
  entityId: string;
  /** Who cleared it and why, for the audit trail. */
  reason: string;
  createdAt: string;
}
