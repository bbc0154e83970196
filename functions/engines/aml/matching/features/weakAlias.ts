import { AML_NAME_KIND } from '../../constants.ts';
import type { FeatureContext, FeatureResult } from './featureTypes.ts';

/**
 * Contradicting evidence, mild: the best-matching name is a publisher-marked weak (low-quality) alias, such as a
 * nickname or a single common name, which the publishers themselves say may match innocent people.
 */
export function weakAlias(ctx: FeatureContext): FeatureResult {
  return ctx.name.kind === AML_NAME_KIND.Weak
    ? { score: 1, detail: `"${ctx.name.value}" is a weak alias` }
    : { score: 0, detail: `"${ctx.name.value}" is a ${ctx.name.kind} name` };
}
