/**
 * OpenSanctions topics (FollowTheMoney `topics` property, Senzing `RISKS[].TOPIC`) mapped to the list types
 * of SPEC.md 2.7. Unmapped topics (e.g. `export.control`, `mare.detained`) do not make an entity a target.
 * @see https://www.opensanctions.org/docs/topics/
 */
import { AML_LIST_TYPE, type AmlListType } from '../constants.ts';

/** Topic prefix -> list type; a topic maps through its longest matching prefix. */
const TOPIC_TYPES: ReadonlyArray<readonly [string, AmlListType]> = [
  ['sanction', AML_LIST_TYPE.Sanction],
  ['role.pep', AML_LIST_TYPE.Pep],
  ['role.rca', AML_LIST_TYPE.Pep],
  ['gov', AML_LIST_TYPE.Pep],
  ['crime', AML_LIST_TYPE.Warning],
  ['wanted', AML_LIST_TYPE.Warning],
  ['debarment', AML_LIST_TYPE.Warning],
  ['corp.disqual', AML_LIST_TYPE.Warning],
  ['reg.warn', AML_LIST_TYPE.Warning],
  ['reg.action', AML_LIST_TYPE.Warning],
  ['poi', AML_LIST_TYPE.Warning],
  ['asset.frozen', AML_LIST_TYPE.Sanction],
];

/**
 * Distinct list types of `topics`, in the order sanction, pep, warning.
 *
 * @example listTypesOfTopics(['role.pep', 'sanction.linked']) // ['sanction', 'pep']
 */
export function listTypesOfTopics(topics: readonly string[]): AmlListType[] {
  const found = new Set<AmlListType>();
  for (const topic of topics) {
    for (const [prefix, type] of TOPIC_TYPES) {
      if (topic === prefix || topic.startsWith(`${prefix}.`)) found.add(type);
    }
  }
  return [AML_LIST_TYPE.Sanction, AML_LIST_TYPE.Pep, AML_LIST_TYPE.Warning].filter((t) => found.has(t));
}
