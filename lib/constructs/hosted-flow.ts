import { Duration } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { acknowledgeOn } from '../nag.ts';
import { REPO_ROOT } from '../paths.ts';
import { createServiceFunction } from './service-function.ts';
import type { ServiceFunctionSettings } from './service-function.ts';

/** Handler of the hosted-assets function, relative to the handler root. */
export const HOSTED_ASSETS_ENTRY = 'functions/api/hosted-assets.ts';

/** The API resources it answers: the flow's page, the flow's files and `client-ip`, the SDK bundle. */
export const HOSTED_PATHS = ['/flow', '/flow/{proxy+}', '/sdk/{proxy+}'] as const;

/** Props of {@link HostedFlow}. */
export interface HostedFlowProps {
  /** The REST API whose origin serves the flow (the SDK's `serviceUrl` is the stage URL). */
  readonly api: apigateway.RestApi;
  /** Code location, base environment and logs of the function. */
  readonly functionSettings: ServiceFunctionSettings;
  /**
   * Handler, relative to `functionSettings.handlerRoot`.
   * @default {@link HOSTED_ASSETS_ENTRY}
   */
  readonly entry?: string;
  /**
   * Script that writes the built files into its one argument (`flow/…`, `sdk/…`), run with Node and tsx while
   * the function is bundled.
   * @default scripts/build-hosted-assets.ts of the repository
   */
  readonly buildScript?: string;
}

/**
 * The Web SDK on AWS (issue 7): `GET /flow/` (the hosted capture flow the SDK's iframe loads), `GET /flow/client-ip`
 * and `GET /sdk/sdk.min.js|index.mjs`, from the API's own origin, the one origin the SDK's iframe and every
 * postMessage check are bound to. A small function serves them (functions/api/hosted-assets.ts) with the headers
 * the local service sends (functions/core/hosted/hosted-assets.ts: CSP with `frame-ancestors *`, `nosniff`,
 * `Permissions-Policy: camera=(self)`, CORS on the SDK bundle).
 *
 * The files are built while the function is bundled: esbuild from sdk-web/ (scripts/build-hosted-assets.ts) into
 * `hosted/` of the function's asset, so synth works on a fresh clone without `npm run build:sdk`, Docker or
 * credentials, and the asset hash changes exactly when the built files do. A function rather than S3 + a
 * deployment custom resource: the headers are the local service's own code, and no extra bucket, role or
 * custom resource is needed for three small files.
 */
export class HostedFlow extends Construct {
  /** The function serving the files. */
  public readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: HostedFlowProps) {
    super(scope, id);
    const script = props.buildScript ?? join(REPO_ROOT, 'scripts', 'build-hosted-assets.ts');
    const tsx = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    this.function = createServiceFunction(this, 'Function', {
      entry: props.entry ?? HOSTED_ASSETS_ENTRY,
      description: 'GET /flow/, /sdk/: the hosted capture flow and the Web SDK bundle',
      memorySize: 256,
      timeout: Duration.seconds(5),
      settings: props.functionSettings,
      label: 'HostedFlow',
      commandHooks: {
        beforeBundling: () => [],
        beforeInstall: () => [],
        afterBundling: (_inputDir: string, outputDir: string) => [
          [process.execPath, tsx, script, join(outputDir, 'hosted')].map((a) => JSON.stringify(a)).join(' '),
        ],
      },
    });
    const integration = new apigateway.LambdaIntegration(this.function, { allowTestInvoke: false });
    for (const path of HOSTED_PATHS) {
      const method = props.api.root.resourceForPath(path).addMethod('GET', integration, {
        operationName: `Hosted${path.replace(/[^a-z]/gi, '')}`,
        authorizationType: apigateway.AuthorizationType.NONE,
      });
      acknowledgeOn(
        method,
        {
          id: 'AwsSolutions-APIG4',
          reason:
            'Public by design: static files of the Web SDK and its hosted flow, loaded by any browser before it holds ' +
            'credentials; the flow then calls the API with the key or session token its embedding page gave it.',
        },
        { id: 'AwsSolutions-COG4', reason: 'Public static files (see AwsSolutions-APIG4): there is no user to authorise.' },
      );
    }
  }
}
