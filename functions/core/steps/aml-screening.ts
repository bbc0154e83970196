import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { DATA_KEYS, downloadIfPresent } from '../store/data-bucket.ts';
import { getClients } from '../store/clients.ts';
import { Decision, StepCode, StepStatus } from '../constants.ts';
import { AmlScreeningRequestSchema, type AmlScreeningRequest } from '../contract/steps.ts';
import { ProviderError, ValidationError } from '../errors.ts';
import type { Config } from '../config.ts';
import type { Service } from '../service.ts';
import type { StepDefinition } from './runner.ts';
import {
  AML_DEFAULT_THRESHOLDS,
  AmlNameRequiredError,
  checkIndexFreshness,
  loadAmlIndex,
  screen,
  type AmlIndex,
  type AmlScreeningOutcome,
  type AmlThresholds,
} from '../../engines/aml/index.ts';

/**
 * The AML screening step (SPEC.md 4.4, result 2.7). The engine's `matchStatus` is the decision:
 * `clear` -> `Approved`, `potential_match` -> `InReview`, `true_match` -> `Declined`; a whitelisted match is still
 * reported but does not drive the status. The index missing, corrupt, older than `AML_INDEX_MAX_AGE_DAYS`, or
 * failing gives `Declined` with no result and a `statusReason` (SPEC.md 3.4 rule 4).
 */

/** Decision of each `matchStatus` (docs/aml-screening.md "Decisions"). */
export const AML_DECISIONS = {
  clear: Decision.Approved,
  potential_match: Decision.InReview,
  true_match: Decision.Declined,
} as const;

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
let indexPromise: Promise<AmlIndex> | undefined;

/** Where the index is read: `AML_INDEX_PATH`, else the shipped `data/aml`. */
export function amlIndexPath(config: Config): string {
  return config.AML_INDEX_PATH ?? path.join(REPO_ROOT, 'data', 'aml');
}

/**
 * Loads the AML index once per process (a failed load is retried on the next call).
 * @throws ProviderError when the index is missing, corrupt or stale.
 */
export async function getAmlIndex(config: Config): Promise<AmlIndex> {
  indexPromise ??= locateAmlIndex(config)
    .then((where) => loadAmlIndex(where, { maxAgeDays: config.AML_INDEX_MAX_AGE_DAYS }))
    .catch((err: unknown) => {
      indexPromise = undefined;
      throw new ProviderError((err as Error).message, { cause: err });
    });
  return indexPromise;
}

/**
 * Where the index is loaded from: the scheduled refresh's copy in the data bucket (`DATA_BUCKET_NAME`,
 * downloaded once per container to the temporary directory) when there is one, else {@link amlIndexPath}.
 */
async function locateAmlIndex(config: Config): Promise<string> {
  if (!config.DATA_BUCKET_NAME) return amlIndexPath(config);
  const bytes = await downloadIfPresent(getClients(config).s3, config.DATA_BUCKET_NAME, DATA_KEYS.amlIndex).catch(() => null);
  if (!bytes) return amlIndexPath(config);
  const file = path.join(tmpdir(), 'aml-index.json.gz');
  await writeFile(file, bytes);
  return file;
}

/**
 * The key under which an application whitelists a list entity for one screened person: SHA-256 (first 32 hex
 * digits) of the person's name tokens (Unicode NFKD, marks removed, lower case, sorted) and date of birth. The same
 * person screened again with the names in another order or other accents gets the same key.
 */
export function amlSubjectKey(input: { fullName?: string | null; firstName?: string | null; lastName?: string | null; dateOfBirth?: string | null }): string {
  const name = input.fullName?.trim() ? input.fullName : `${input.firstName ?? ''} ${input.lastName ?? ''}`;
  const tokens = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort();
  return createHash('sha256').update(`${tokens.join(' ')}|${input.dateOfBirth ?? ''}`).digest('hex').slice(0, 32);
}

/** POST /aml-screening. */
export const amlScreeningStep: StepDefinition<AmlScreeningRequest, AmlScreeningRequest, AmlIndex> = {
  stepCode: StepCode.AmlScreening,
  schema: AmlScreeningRequestSchema,
  prepare: async (req: AmlScreeningRequest) => ({ input: req }),
  engine: (service: Service) => getAmlIndex(service.config),
  run: async (index, req, ctx) => {
    const { config, repo } = ctx.service;
    if (config.AML_INDEX_MAX_AGE_DAYS !== undefined) {
      try {
        checkIndexFreshness(index, config.AML_INDEX_MAX_AGE_DAYS, new Date(), amlIndexPath(config));
      } catch (err) {
        throw new ProviderError((err as Error).message, { cause: err });
      }
    }
    const subject = amlSubjectKey(req);
    const whitelist = await repo.listWhitelist(ctx.owner.app.appId, subject);
    const thresholds: AmlThresholds = {
      ...AML_DEFAULT_THRESHOLDS,
      ...(ctx.workflow.thresholds?.[StepCode.AmlScreening] ?? {}),
    };
    let outcome: AmlScreeningOutcome;
    try {
      outcome = screen(index, req, { whitelist: new Set(whitelist.map((w) => w.entityId)), thresholds });
    } catch (err) {
      if (err instanceof AmlNameRequiredError) {
        throw new ValidationError('No usable name to screen.', { fullName: [err.message] });
      }
      throw new ProviderError(`AML screening failed: ${(err as Error).message}`, { cause: err });
    }
    const { result } = outcome;
    const decision = AML_DECISIONS[result.matchStatus];
    const statusReason =
      result.matchStatus === 'clear'
        ? null
        : `${result.totalHits} list match(es) at or above ${outcome.thresholds.match}; status ${result.matchStatus}.`;
    return {
      status: StepStatus.Completed,
      decision,
      statusReason,
      result,
      provenance: {
        engine: 'aml',
        subjectKey: subject,
        whitelisted: whitelist.map((w) => w.entityId),
        thresholds: outcome.thresholds,
        explanations: outcome.explanations,
        index: outcome.index,
      },
    };
  },
  providerFailure: {
    decision: Decision.Declined,
    statusReason: 'The AML screening provider failed (index missing, stale or unreadable); declined per SPEC.md rule 4.',
  },
};
