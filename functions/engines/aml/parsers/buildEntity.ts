/**
 * One constructor for {@link AmlEntity} used by every parser: it trims and de-duplicates names, detects each
 * name's script, de-duplicates dates, countries and identifiers, and refuses entities without a name.
 */
import { AML_NAME_KIND, type AmlEntityType, type AmlGender, type AmlListType, type AmlNameKind } from '../constants.ts';
import { detectScript } from '../text/detectScript.ts';
import type { AmlEntity, AmlIdentifier, AmlName } from '../types.ts';

/** Loose fields a parser collects for one entity. */
export interface EntityDraft {
  sourceId: string;
  nativeId: string;
  entityType: AmlEntityType;
  types: AmlListType[];
  /** Names in order; the first primary one becomes the display name. */
  names: Array<{ value: string | null | undefined; kind: AmlNameKind }>;
  birthDates?: string[];
  nationalities?: string[];
  countries?: string[];
  gender?: AmlGender | undefined;
  identifiers?: AmlIdentifier[];
  programs?: string[];
}

/** Distinct non-empty values, order kept. */
function unique<T>(values: Iterable<T>, key: (v: T) => string = (v) => String(v)): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const v of values) {
    const k = key(v);
    if (k.length === 0 || seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}

/** Collapses whitespace and trims. */
export function cleanText(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The entity, or null when no name is left after trimming. Nationalities are also added to `countries`.
 * A name listed twice keeps its strongest kind (primary over alias over weak).
 */
export function buildEntity(draft: EntityDraft): AmlEntity | null {
  const rank: Record<AmlNameKind, number> = { primary: 0, aka: 1, fka: 2, nka: 1, weak: 3 };
  const byValue = new Map<string, AmlName>();
  for (const n of draft.names) {
    const value = cleanText(n.value);
    if (value.length === 0 || !/[\p{L}\p{N}]/u.test(value)) continue;
    const key = value.toLowerCase();
    const existing = byValue.get(key);
    if (existing === undefined || rank[n.kind] < rank[existing.kind]) {
      byValue.set(key, { value: existing?.value ?? value, kind: n.kind, script: detectScript(value) });
    }
  }
  let names = [...byValue.values()];
  if (names.length === 0) return null;
  if (!names.some((n) => n.kind === AML_NAME_KIND.Primary)) {
    const [first, ...rest] = names as [AmlName, ...AmlName[]];
    names = [{ ...first, kind: AML_NAME_KIND.Primary }, ...rest];
  } else {
    names.sort((a, b) => (a.kind === AML_NAME_KIND.Primary ? 0 : 1) - (b.kind === AML_NAME_KIND.Primary ? 0 : 1));
  }
  const nationalities = unique(draft.nationalities ?? []);
  const entity: AmlEntity = {
    id: `${draft.sourceId}:${draft.nativeId}`,
    sourceId: draft.sourceId,
    nativeId: draft.nativeId,
    entityType: draft.entityType,
    types: unique(draft.types),
    names,
    birthDates: unique(draft.birthDates ?? []).sort(),
    nationalities,
    countries: unique([...nationalities, ...(draft.countries ?? [])]),
    identifiers: unique(
      (draft.identifiers ?? []).filter((i) => cleanText(i.value).length > 0),
      (i) => `${i.type}|${i.value}`,
    ),
    programs: unique((draft.programs ?? []).map(cleanText)),
    ...(draft.gender === undefined ? {} : { gender: draft.gender }),
  };
  return entity;
}

/** `male`/`female` from list spellings (`Male`, `M`, `female`, `F`), else undefined. */
export function parseGender(value: string | null | undefined): AmlGender | undefined {
  const v = cleanText(value).toLowerCase();
  if (v === 'male' || v === 'm') return 'male';
  if (v === 'female' || v === 'f') return 'female';
  return undefined;
}
