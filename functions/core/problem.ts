import type { ProblemDetails } from './contract/common.ts';
import type { FieldErrors } from './errors.ts';

/**
 * RFC 9110 section of each status we answer, for the `type` member of problem details (SPEC.md part 7).
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-15
 */
const RFC9110_SECTIONS: Record<number, string> = {
  400: '15.5.1',
  401: '15.5.2',
  402: '15.5.3',
  403: '15.5.4',
  404: '15.5.5',
  405: '15.5.6',
  409: '15.5.10',
  413: '15.5.14',
  415: '15.5.16',
  500: '15.6.1',
  501: '15.6.2',
  503: '15.6.4',
};

/** Media type of problem details (RFC 9457 section 3). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Builds an RFC 9457 problem-details body. `errors` defaults to `{}` so that the member is always present. */
export function problemDetails(input: {
  status: number;
  title: string;
  detail?: string;
  errors?: FieldErrors;
  instance: string;
}): ProblemDetails {
  const section = RFC9110_SECTIONS[input.status] ?? (input.status >= 500 ? '15.6.1' : '15.5.1');
  return {
    type: `https://www.rfc-editor.org/rfc/rfc9110#section-${section}`,
    title: input.title,
    status: input.status,
    ...(input.detail ? { detail: input.detail } : {}),
    errors: input.errors ?? {},
    instance: input.instance,
  };
}
