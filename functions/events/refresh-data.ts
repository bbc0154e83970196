import path from 'node:path';
import { getConfig } from '../core/config.ts';
import { getClients } from '../core/store/clients.ts';
import { amlIndexPath } from '../core/steps/aml-screening.ts';
import { ipEngineOptions } from '../core/steps/ip-analysis.ts';
import { refreshAmlIndex, refreshIpLists } from '../core/data-refresh.ts';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from '../api/http.ts';
import { countWith, Dimension, metrics, MetricName, observability } from '../api/observability.ts';
import { MetricUnit } from '@aws-lambda-powertools/metrics';

/** The index file of an `AML_INDEX_PATH` that names the file or its directory. */
const amlIndexFile = (p: string): string => (p.endsWith('.gz') ? p : path.join(p, 'index.json.gz'));

/**
 * Daily scheduled refresh (lib/: EventBridge schedule): rebuilds the AML index and the IP lists from the official
 * sources into the data bucket `DATA_BUCKET_NAME`. A failure of one part does not stop the other; the handler
 * fails (and the schedule's retry applies) only when both fail.
 */
export const handler = middy<unknown, { aml: unknown; ip: unknown }, Error, Context>()
  .use(observability<unknown, { aml: unknown; ip: unknown }>())
  .handler(() => refreshData());

/** The refresh itself (see {@link handler}). @throws Error when both parts fail, or `DATA_BUCKET_NAME` is unset. */
export async function refreshData(): Promise<{ aml: unknown; ip: unknown }> {
  const config = getConfig();
  const bucket = config.DATA_BUCKET_NAME;
  if (!bucket) throw new Error('DATA_BUCKET_NAME is not set');
  const { s3 } = getClients(config);
  const log = (line: string) => logger.info(line);
  const [aml, ip] = await Promise.allSettled([
    refreshAmlIndex({ s3, bucket, fallbackIndexPath: amlIndexFile(amlIndexPath(config)), timeoutMs: 60_000, log }),
    refreshIpLists({ s3, bucket, currentDir: ipEngineOptions(config).listsDir, workDir: '/tmp/ip-refresh', timeoutMs: 20_000, log }),
  ]);
  const summary = {
    aml: aml.status === 'fulfilled' ? aml.value : { error: (aml.reason as Error).message },
    ip: ip.status === 'fulfilled' ? ip.value : { error: (ip.reason as Error).message },
  };
  logger.info('data refresh', summary);
  metrics.addMetric(MetricName.DataRefreshFailures, MetricUnit.Count, (aml.status === 'rejected' ? 1 : 0) + (ip.status === 'rejected' ? 1 : 0));
  if (aml.status === 'rejected') countWith(MetricName.DataRefreshFailures, { [Dimension.Source]: 'aml' });
  if (ip.status === 'rejected') countWith(MetricName.DataRefreshFailures, { [Dimension.Source]: 'ip' });
  if (aml.status === 'rejected' && ip.status === 'rejected') throw new Error('both the AML and the IP refresh failed');
  return summary;
}
