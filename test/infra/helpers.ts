import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { routes } from '../../functions/routes.ts';
import { DATA_REFRESH_ENTRY } from '../../lib/constructs/data-refresh.ts';
import { HOSTED_ASSETS_ENTRY } from '../../lib/constructs/hosted-flow.ts';
import { WEBHOOK_DELIVERY_ENTRY } from '../../lib/constructs/session-events.ts';
import { REPO_ROOT } from '../../lib/paths.ts';
import { VerificationStack } from '../../lib/verification-stack.ts';
import type { VerificationStackProps } from '../../lib/verification-stack.ts';

/**
 * The functions that are not routes of functions/routes.ts: the name their stub answers with, their handler entry, and the logical
 * id prefixes of the function, its role and its log group.
 */
export const EVENT_FUNCTIONS = {
  delivery: {
    name: 'WebhookDelivery',
    handler: WEBHOOK_DELIVERY_ENTRY,
    id: 'EventsDelivery',
    role: 'EventsDeliveryRole',
    logs: 'EventsDeliveryLogs',
  },
  refresh: {
    name: 'DataRefresh',
    handler: DATA_REFRESH_ENTRY,
    id: 'DataRefreshFunction',
    role: 'DataRefreshFunctionRole',
    logs: 'DataRefreshFunctionLogs',
  },
  hosted: {
    name: 'HostedFlow',
    handler: HOSTED_ASSETS_ENTRY,
    id: 'HostedFlowFunction',
    role: 'HostedFlowFunctionRole',
    logs: 'HostedFlowFunctionLogs',
  },
} as const;

/**
 * A stub for every handler of functions/routes.ts, and for the webhook delivery and data refresh handlers, under
 * a fresh temporary directory, so that the infra tests depend on the route table and the stack's entry constants
 * only, not on the handlers' code (NodejsFunction requires the entry file to exist even when bundling is
 * skipped). The stub answers with `typeof require`, which lets the bundling test prove that the ESM banner
 * defines `require`.
 *
 * @returns the directory to pass as `handlerRoot`, and a function that removes it.
 */
export function writeStubHandlers(): { handlerRoot: string; cleanup: () => void } {
  const handlerRoot = mkdtempSync(join(tmpdir(), 'infra-handlers-'));
  for (const route of [...routes, ...Object.values(EVENT_FUNCTIONS)]) {
    const file = join(handlerRoot, route.handler);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      `export const handler = async (): Promise<{ statusCode: number; body: string }> => ` +
        `({ statusCode: 200, body: JSON.stringify({ route: ${JSON.stringify(route.name)}, require: typeof require }) });\n`,
    );
  }
  // The inference function's image asset needs its Dockerfile in the build context (nothing is built at synth).
  mkdirSync(join(handlerRoot, 'functions', 'inference'), { recursive: true });
  writeFileSync(join(handlerRoot, 'functions', 'inference', 'Dockerfile'), 'FROM public.ecr.aws/lambda/nodejs:22\n');
  // NodejsFunction wants the lock file and tsconfig under the same root as the entries, and runs
  // `npx --no-install esbuild` there: the repository's node_modules provides it.
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(handlerRoot, 'node_modules'), 'dir');
  writeFileSync(
    join(handlerRoot, 'package-lock.json'),
    JSON.stringify({ name: 'infra-stubs', lockfileVersion: 3, requires: true, packages: {} }),
  );
  writeFileSync(join(handlerRoot, 'tsconfig.json'), readFileSync(join(REPO_ROOT, 'tsconfig.json')));
  return { handlerRoot, cleanup: () => rmSync(handlerRoot, { recursive: true, force: true }) };
}

/** The context of cdk.json and cdk.context.json, as `cdk synth` passes it to bin/app.ts. */
export function projectContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  const recorded = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.context.json'), 'utf8')) as Record<string, unknown>;
  return { ...cdkJson.context, ...recorded };
}

/** Options of {@link synthStack}. */
export interface SynthOptions extends Partial<VerificationStackProps> {
  /** Directory of the stub handlers (from {@link writeStubHandlers}). */
  readonly handlerRoot: string;
  /** Run esbuild and the IP layer assembly. @default false: bundling is skipped for speed */
  readonly bundle?: boolean;
  /** Cloud assembly directory. @default a new `cdk.out-*` under `handlerRoot`, removed with the stubs */
  readonly outdir?: string;
}

/**
 * Builds the stack in a fresh app with the project's context. Unless `bundle` is set, the context
 * `aws:cdk:bundling-stacks` is `[]`: CDK then skips every asset's bundling (esbuild for each function, the IP
 * data layer's assembly) and stages the sources as they are.
 */
export function synthStack(options: SynthOptions): { app: App; stack: VerificationStack; template: Template } {
  const { bundle = false, outdir, ...props } = options;
  const app = new App({
    context: { ...projectContext(), ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) },
    outdir: outdir ?? mkdtempSync(join(options.handlerRoot, 'cdk.out-')),
  });
  const stack = new VerificationStack(app, 'TestStack', { stage: 'sandbox', ...props });
  return { app, stack, template: Template.fromStack(stack) };
}

/** An IAM policy statement as it appears in the template. */
export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  [key: string]: unknown;
}

/** The statements of the policies attached to the role whose logical id starts with `rolePrefix`. */
export function roleStatements(template: Template, rolePrefix: string): Statement[] {
  const policies = template.findResources('AWS::IAM::Policy');
  return Object.values(policies)
    .filter((policy) =>
      (policy.Properties.Roles as { Ref: string }[]).some((role) => new RegExp(`^${rolePrefix}[0-9A-F]{8}$`).test(role.Ref)),
    )
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

/** All actions the role whose logical id starts with `rolePrefix` is allowed. */
export function allowedActions(template: Template, rolePrefix: string): string[] {
  return roleStatements(template, rolePrefix).flatMap((s) => s.Action);
}

/** The logical id of the one resource of `type` named `<name>` plus CDK's 8-hex suffix. */
export function logicalId(template: Template, type: string, name: string): string {
  const ids = Object.keys(template.findResources(type)).filter((id) => new RegExp(`^${name}[0-9A-F]{8}$`).test(id));
  if (ids.length !== 1) throw new Error(`expected one ${type} named ${name}, found ${ids.length}: ${ids.join(', ')}`);
  return ids[0] as string;
}
