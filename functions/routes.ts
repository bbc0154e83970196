/**
 * The route table: the one list that the CDK stack (lib/) and the local server (bin/local.ts) share.
 *
 * Each route names the handler module (relative to the repository root, exporting `handler`) and the
 * kind of runtime it needs on AWS:
 * - `node`: a plain NodejsFunction (esbuild bundle, nodejs22.x).
 * - `inference`: a step whose engine needs ONNX models; on AWS it still enters through a NodejsFunction,
 *   which hands the media to the container-image inference function.
 *
 * @example
 * { "method": "POST", "path": "/api/v1/steps/ip-analysis", "handler": "functions/api/ip-analysis.ts",
 *   "name": "IpAnalysis", "runtime": "node", "stepCode": "step_ip_analysis" }
 */
export interface Route {
  /** HTTP method, upper case. */
  readonly method: 'GET' | 'POST';
  /** Full request path as API Gateway exposes it, beginning with `/api/v1/`; `{name}` marks a path parameter. */
  readonly path: string;
  /** Handler module path relative to the repository root; it exports `handler`. */
  readonly handler: string;
  /** PascalCase name used for the Lambda construct id. */
  readonly name: string;
  /** Runtime kind on AWS. */
  readonly runtime: 'node' | 'inference';
  /** Step code for the five step routes (SPEC.md 4.6); absent for other routes. */
  readonly stepCode?: string;
  /** Data the handler needs at run time besides its bundle (see docs/deploy.md). */
  readonly needs?: readonly ('ip-data' | 'aml-index' | 'models')[];
}

/** Base path of the step endpoints (SPEC.md 1, versioned per SPEC.md 9). */
export const STEPS_BASE_PATH = '/api/v1/steps';

export const routes: readonly Route[] = [
  {
    method: 'POST',
    path: `${STEPS_BASE_PATH}/id-verification`,
    handler: 'functions/api/id-verification.ts',
    name: 'IdVerification',
    runtime: 'inference',
    stepCode: 'step_id_verification',
    needs: ['models'],
  },
  {
    method: 'POST',
    path: `${STEPS_BASE_PATH}/face-match`,
    handler: 'functions/api/face-match.ts',
    name: 'FaceMatch',
    runtime: 'inference',
    stepCode: 'step_face_match',
    needs: ['models'],
  },
  {
    method: 'POST',
    path: `${STEPS_BASE_PATH}/liveness-check`,
    handler: 'functions/api/liveness-check.ts',
    name: 'LivenessCheck',
    runtime: 'inference',
    stepCode: 'step_liveness_check',
    needs: ['models'],
  },
  {
    method: 'POST',
    path: `${STEPS_BASE_PATH}/aml-screening`,
    handler: 'functions/api/aml-screening.ts',
    name: 'AmlScreening',
    runtime: 'node',
    stepCode: 'step_aml_screening',
    needs: ['aml-index'],
  },
  {
    method: 'POST',
    path: `${STEPS_BASE_PATH}/ip-analysis`,
    handler: 'functions/api/ip-analysis.ts',
    name: 'IpAnalysis',
    runtime: 'node',
    stepCode: 'step_ip_analysis',
    needs: ['ip-data'],
  },
  {
    method: 'POST',
    path: '/api/v1/sessions',
    handler: 'functions/api/sessions-create.ts',
    name: 'CreateSession',
    runtime: 'node',
  },
  {
    method: 'POST',
    path: '/api/v1/sessions/token',
    handler: 'functions/api/sessions-token.ts',
    name: 'MintSessionToken',
    runtime: 'node',
  },
  {
    method: 'GET',
    path: '/api/v1/sessions/{sessionId}',
    handler: 'functions/api/sessions-get.ts',
    name: 'GetSession',
    runtime: 'node',
  },
  {
    method: 'GET',
    path: '/api/v1/document-templates',
    handler: 'functions/api/document-templates.ts',
    name: 'DocumentTemplates',
    runtime: 'node',
  },
  {
    method: 'GET',
    path: '/api/v1/openapi.json',
    handler: 'functions/api/openapi.ts',
    name: 'OpenApi',
    runtime: 'node',
  },
];
