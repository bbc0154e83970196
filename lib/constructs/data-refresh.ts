import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { AmlIndexLayer } from './aml-index-layer.ts';
import type { IpDataLayer } from './ip-data-layer.ts';
import { createServiceFunction, grantObjects } from './service-function.ts';
import type { ServiceFunctionSettings } from './service-function.ts';

/** Handler of the data refresh function, relative to the handler root. */
export const DATA_REFRESH_ENTRY = 'functions/events/refresh-data.ts';

/**
 * Key prefixes of the data bucket (`DATA_KEYS` of functions/core/data-refresh.ts): the AML index
 * (`aml/index.json.gz`, `aml/SOURCES.md`) and the IP lists (`ip/…`).
 */
export const DATA_PREFIXES = { aml: 'aml/', ip: 'ip/' } as const;

/** Props of {@link DataRefresh}. */
export interface DataRefreshProps {
  /** The bucket the refreshed data is written to (not the media bucket). */
  readonly dataBucket: s3.IBucket;
  /** Code location, base environment and logs of the refresh function. */
  readonly functionSettings: ServiceFunctionSettings;
  /** The AML index layer: the previous index when the bucket has none yet (`AML_INDEX_PATH`). */
  readonly amlIndexLayer: AmlIndexLayer;
  /** The IP data layer: the list snapshot the refresh starts from (`IP_DATA_DIR`). */
  readonly ipDataLayer: IpDataLayer;
  /**
   * When the refresh runs.
   * @default daily at 03:17 UTC (OFAC, UN, OFSI and the IP lists publish during the previous day)
   */
  readonly schedule?: events.Schedule;
  /**
   * Handler of the refresh function, relative to `functionSettings.handlerRoot`.
   * @default {@link DATA_REFRESH_ENTRY}
   */
  readonly entry?: string;
}

/**
 * The scheduled refresh of the engines' data (issue 8): a rule on the default bus invokes the refresh function
 * daily; it downloads the sanctions lists and IP lists from their official URLs, rebuilds the AML index and the IP
 * lists with the project's ingestion code and writes them to the data bucket under `aml/` and `ip/`. The
 * aml-screening and ip-analysis functions prefer the bucket's copies to their layers' at cold start.
 *
 * The function may read `aml/*` (the previous index) and put `aml/*` and `ip/*`; nothing else of the bucket, and
 * no table or media access.
 */
export class DataRefresh extends Construct {
  /** The refresh function. */
  public readonly refreshFunction: NodejsFunction;
  /** The schedule rule. */
  public readonly rule: events.Rule;

  constructor(scope: Construct, id: string, props: DataRefreshProps) {
    super(scope, id);
    this.refreshFunction = createServiceFunction(this, 'Function', {
      entry: props.entry ?? DATA_REFRESH_ENTRY,
      description: 'Scheduled refresh of the AML index and IP lists into the data bucket',
      // Parses the sanctions lists (tens of MB of XML and CSV) in memory; downloads allow 60 s each.
      memorySize: 2048,
      timeout: Duration.minutes(10),
      settings: props.functionSettings,
      environment: { DATA_BUCKET_NAME: props.dataBucket.bucketName },
    });
    props.amlIndexLayer.attachTo(this.refreshFunction);
    props.ipDataLayer.attachTo(this.refreshFunction);
    const why =
      'The refresh reads the previous index (aml/index.json.gz) and writes the new one with its SOURCES.md, and ' +
      'writes the IP list snapshot under ip/, in the data bucket only.';
    grantObjects(this.refreshFunction, props.dataBucket, DATA_PREFIXES.aml, { read: true, put: true }, why);
    grantObjects(this.refreshFunction, props.dataBucket, DATA_PREFIXES.ip, { put: true }, why);

    this.rule = new events.Rule(this, 'Schedule', {
      description: 'Daily refresh of the AML index and IP lists',
      schedule: props.schedule ?? events.Schedule.cron({ minute: '17', hour: '3' }),
    });
    this.rule.addTarget(
      new targets.LambdaFunction(this.refreshFunction, { retryAttempts: 2, maxEventAge: Duration.hours(1) }),
    );
  }

  /** Lets `fn` read the refreshed AML index (`aml/*`) and sets `DATA_BUCKET_NAME`. */
  public static grantReadAml(fn: lambda.Function, dataBucket: s3.IBucket): void {
    grantObjects(
      fn,
      dataBucket,
      DATA_PREFIXES.aml,
      { read: true },
      'The aml-screening function loads the refreshed index (aml/index.json.gz) of the data bucket at cold start.',
    );
    fn.addEnvironment('DATA_BUCKET_NAME', dataBucket.bucketName);
  }

  /**
   * Lets `fn` read the refreshed IP list snapshot (`ip/*`: GetObject, and HeadObject for the ETag re-check) and
   * sets `DATA_BUCKET_NAME`; functions/core/steps/ip-engine-source.ts prefers it to the layer's snapshot.
   */
  public static grantReadIp(fn: lambda.Function, dataBucket: s3.IBucket): void {
    grantObjects(
      fn,
      dataBucket,
      DATA_PREFIXES.ip,
      { read: true },
      'The ip-analysis function loads the refreshed IP list snapshot (ip/manifest.json, ip/index.json, ip/lists.bin) ' +
        'of the data bucket at cold start and re-checks its ETag.',
    );
    fn.addEnvironment('DATA_BUCKET_NAME', dataBucket.bucketName);
  }
}
