import { AssetHashType, RemovalPolicy } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { assembleIpLayer, IP_LAYER_LAYOUT } from '../ip-data/assemble-ip-layer.ts';
import type { IpDataSources } from '../ip-data/assemble-ip-layer.ts';
import { REPO_ROOT } from '../paths.ts';

/** Props of {@link IpDataLayer}: where the data comes from. */
export interface IpDataLayerProps extends IpDataSources {
  /**
   * Repository root, against which the default sources (`node_modules`, `data/ip`) are resolved.
   * @default the repository this file belongs to
   */
  readonly projectRoot?: string;
  /**
   * Largest layer accepted, in bytes; synth fails above it because the function would not deploy.
   * @default LAMBDA_UNZIPPED_LIMIT_BYTES - FUNCTION_CODE_RESERVE_BYTES (about 220 MiB)
   */
  readonly maxBytes?: number;
}

/** Mount point of a layer's content in the Lambda execution environment. */
const LAYER_MOUNT = '/opt';

/**
 * A Lambda layer with the data the IP analysis engine reads at run time: the DB-IP city databases, the ASN CSVs
 * (both from npm packages) and the IP lists of `data/ip`, plus a `manifest.json` of versions and checksums.
 *
 * Why a layer: the data is about 180 MB. In the function's own zip it would be re-uploaded with every code
 * change and would not fit Lambda's 50 MB direct-upload limit; as a layer it is uploaded only when the data
 * changes (the asset hash is the hash of the assembled content).
 *
 * How it is built: a CDK asset with local bundling. At synth, {@link assembleIpLayer} copies the inputs into
 * the asset's output directory. No Docker is involved: `tryBundle` either assembles the layer or throws an
 * error naming the missing input, so CDK never falls back to the bundling image. When bundling is skipped
 * (context `aws:cdk:bundling-stacks`, used by the tests and by `cdk deploy` for stacks it does not deploy),
 * nothing is copied.
 *
 * Attach it with {@link IpDataLayer.attachTo}, which adds the layer and the environment variables that
 * point `functions/core/config.ts` at it.
 *
 * @see https://docs.aws.amazon.com/lambda/latest/dg/chapter-layers.html
 * @see https://docs.aws.amazon.com/cdk/api/v2/docs/aws-cdk-lib.ILocalBundling.html
 */
export class IpDataLayer extends lambda.LayerVersion {
  /**
   * Environment that tells the function where the data is: `IP_DATA_DIR` (lists), `IP_CITY_DB_DIR` (mmdb)
   * and `IP_ASN_DIR` (CSV), all under `/opt/ip-data`.
   */
  public readonly environment: Readonly<Record<string, string>>;

  constructor(scope: Construct, id: string, props: IpDataLayerProps = {}) {
    const projectRoot = props.projectRoot ?? REPO_ROOT;
    const sources: IpDataSources = {
      ...(props.cityDbDir !== undefined && { cityDbDir: props.cityDbDir }),
      ...(props.asnDir !== undefined && { asnDir: props.asnDir }),
      ...(props.listsDir !== undefined && { listsDir: props.listsDir }),
    };
    super(scope, id, {
      description: 'IP analysis data: DB-IP city mmdb, ASN CSVs and IP lists (see ip-data/manifest.json)',
      // The files are data, not native code: any architecture can read them.
      compatibleArchitectures: [lambda.Architecture.ARM_64, lambda.Architecture.X86_64],
      compatibleRuntimes: [lambda.Runtime.NODEJS_22_X],
      license: 'CC-BY-4.0 (DB-IP, RouteViews, NRO); IP lists: see ip-data/lists/*/SOURCE.md',
      // Each data change publishes a new version of about 180 MB; deleting the replaced one (after the
      // functions have moved to the new version) keeps the account's 75 GB code storage from filling up.
      removalPolicy: RemovalPolicy.DESTROY,
      // The asset's source is the directory of its recipe. CDK only reads it when bundling is skipped, and the
      // CLI bundles every stack it deploys, so this directory is never what gets uploaded.
      code: lambda.Code.fromAsset(fileURLToPath(new URL('../ip-data', import.meta.url)), {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          image: lambda.Runtime.NODEJS_22_X.bundlingImage,
          local: {
            tryBundle(outputDir: string): boolean {
              assembleIpLayer(outputDir, {
                projectRoot,
                ...sources,
                ...(props.maxBytes !== undefined && { maxBytes: props.maxBytes }),
              });
              return true;
            },
          },
        },
      }),
    });
    this.environment = {
      IP_DATA_DIR: `${LAYER_MOUNT}/${IP_LAYER_LAYOUT.lists}`,
      IP_CITY_DB_DIR: `${LAYER_MOUNT}/${IP_LAYER_LAYOUT.cityDb}`,
      IP_ASN_DIR: `${LAYER_MOUNT}/${IP_LAYER_LAYOUT.asn}`,
    };
  }

  /** Adds this layer to `fn` and sets the environment variables that locate the data. */
  public attachTo(fn: lambda.Function): void {
    fn.addLayers(this);
    for (const [name, value] of Object.entries(this.environment)) fn.addEnvironment(name, value);
  }
}
