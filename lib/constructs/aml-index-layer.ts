import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, RemovalPolicy } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { REPO_ROOT } from '../paths.ts';

/** Props of {@link AmlIndexLayer}. */
export interface AmlIndexLayerProps {
  /**
   * Directory holding `index.json.gz` (and its `SOURCES.md`), as written by `npm run aml:ingest`.
   * @default `data/aml` of the repository
   */
  readonly indexDir?: string;
}

/** Where the layer puts the index, relative to the layer mount `/opt`. */
export const AML_LAYER_PATH = 'aml/index.json.gz';

/**
 * A Lambda layer holding the AML screening index (`data/aml/index.json.gz`, about 1.5 MB gzipped), so that the
 * index is uploaded once per data change rather than with every code change, and the aml-screening function reads
 * it from `/opt/aml/index.json.gz` at cold start (load and compile time: `npm run bench`, docs/performance.md).
 * Built by local bundling (a copy, no Docker); synth fails, naming the file, when the index is missing.
 *
 * @see https://docs.aws.amazon.com/lambda/latest/dg/chapter-layers.html
 */
export class AmlIndexLayer extends lambda.LayerVersion {
  /** `AML_INDEX_PATH`, pointing functions/core/config.ts at the layer's index. */
  public readonly environment: Readonly<Record<string, string>>;

  constructor(scope: Construct, id: string, props: AmlIndexLayerProps = {}) {
    const indexDir = props.indexDir ?? join(REPO_ROOT, 'data', 'aml');
    super(scope, id, {
      description: 'AML screening index: OFAC, UN and UK lists (see aml/SOURCES.md)',
      compatibleArchitectures: [lambda.Architecture.ARM_64, lambda.Architecture.X86_64],
      compatibleRuntimes: [lambda.Runtime.NODEJS_22_X],
      license: 'US government works (OFAC), UN terms of use, Open Government Licence v3.0 (OFSI)',
      removalPolicy: RemovalPolicy.DESTROY,
      code: lambda.Code.fromAsset(fileURLToPath(new URL('.', import.meta.url)), {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          image: lambda.Runtime.NODEJS_22_X.bundlingImage,
          local: {
            tryBundle(outputDir: string): boolean {
              const index = join(indexDir, 'index.json.gz');
              if (!existsSync(index)) {
                throw new Error(`AML index layer: ${index} is missing; build it with \`npm run aml:ingest\`.`);
              }
              mkdirSync(join(outputDir, 'aml'), { recursive: true });
              copyFileSync(index, join(outputDir, AML_LAYER_PATH));
              const sources = join(indexDir, 'SOURCES.md');
              if (existsSync(sources)) copyFileSync(sources, join(outputDir, 'aml', 'SOURCES.md'));
              return true;
            },
          },
        },
      }),
    });
    this.environment = { AML_INDEX_PATH: `/opt/${AML_LAYER_PATH}` };
  }

  /** Adds this layer to `fn` and sets `AML_INDEX_PATH`. */
  public attachTo(fn: lambda.Function): void {
    fn.addLayers(this);
    for (const [name, value] of Object.entries(this.environment)) fn.addEnvironment(name, value);
  }
}
