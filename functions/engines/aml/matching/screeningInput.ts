/**
 * The screened person's details (any subset of SPEC.md 4.4) and their preparation for matching: name
 * variants tokenised with their blocking keys, date of birth, nationality as alpha-2, gender and identifiers.
 */
import { AML_GENDER, type AmlGender } from '../constants.ts';
import { AmlNameRequiredError } from '../errors.ts';
import { numericToAlpha2, toAlpha2 } from '../reference/countryCodes.ts';
import { parsePartialDates } from '../reference/partialDate.ts';
import { blockingKeys } from '../text/blockingKeys.ts';
import { detectScript } from '../text/detectScript.ts';
import { normalizeIdentifier } from '../text/normalizeIdentifier.ts';
import { phoneticKeys } from '../text/phoneticKeys.ts';
import { tokenizeName } from '../text/tokenizeName.ts';
import type { TokenInfo } from './tokenSimilarity.ts';

/**
 * What can be screened: the fields of SPEC.md 4.4 (nulls allowed). At least one of `fullName`, `firstName`,
 * `lastName` must contain a name ({@link AmlNameRequiredError} otherwise).
 *
 * @example {"firstName":"Ayman","lastName":"al-Zawahiri","dateOfBirth":"1951-06-19","nationality":"EGY","gender":"male"}
 */
export interface AmlScreeningInput {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly fullName?: string | null;
  /** `yyyy-MM-dd`; a partial `yyyy` or `yyyy-MM` is accepted too. */
  readonly dateOfBirth?: string | null;
  /** ISO 3166-1 alpha-3 (alpha-2 and English names are accepted too). */
  readonly nationality?: string | null;
  /** ISO 3166-1 numeric; used only when `nationality` is absent. */
  readonly nationalityCountryId?: string | null;
  /** `male`/`female`/`M`/`F` (case-insensitive); anything else is ignored. */
  readonly gender?: string | null;
  readonly documentNumber?: string | null;
  readonly personalNumber?: string | null;
}

/** A query name part. */
export interface QueryToken extends TokenInfo {
  /** Alignment weight (particles and initials count less). */
  readonly weight: number;
  /** A single letter. */
  readonly initial: boolean;
  /** Blocking keys for candidate retrieval. */
  readonly keys: readonly string[];
}

/** The prepared query. */
export interface PreparedQuery {
  /** Distinct name variants (fullName; "firstName lastName"), each tokenised. Never empty. */
  readonly variants: readonly (readonly QueryToken[])[];
  /** Display form of each variant, for explanations. */
  readonly variantLabels: readonly string[];
  /** Most informative tokens (not particles, not initials) of any variant. */
  readonly informative: number;
  /** Partial ISO date of birth, or null. */
  readonly birthDate: string | null;
  /** Nationality, alpha-2, or null. */
  readonly nationality: string | null;
  readonly gender: AmlGender | null;
  /** Normalised document and personal numbers. */
  readonly identifiers: readonly string[];
}

/** Weight of an initial in alignment: an unmatched middle initial should barely count. */
export const INITIAL_WEIGHT = 0.3;

/** Text of an optional field, trimmed; '' when absent. */
function field(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Tokens of one name with the query-side extras. When every part is a particle or an initial ("Ben", "Abu Ali"
 * has one informative part), particles count as ordinary parts, or nothing would be searched.
 */
function queryTokens(name: string): QueryToken[] {
  const tokens = tokenizeName(name, detectScript(name));
  const onlyParticles = tokens.every((t) => t.weight < 1 || t.initial);
  return tokens.map((t) => {
    const particle = t.weight < 1 && !onlyParticles;
    return {
      text: t.text,
      phonetic: phoneticKeys(t.text),
      particle,
      weight: t.initial ? INITIAL_WEIGHT : particle ? t.weight : 1,
      initial: t.initial,
      keys: t.initial ? [] : blockingKeys(t.text),
    };
  });
}

/**
 * Prepares `input` for screening.
 *
 * @throws AmlNameRequiredError when no name field yields a token.
 */
export function prepareQuery(input: AmlScreeningInput): PreparedQuery {
  const full = field(input.fullName);
  const firstLast = [field(input.firstName), field(input.lastName)].filter((s) => s.length > 0).join(' ');
  const variants: QueryToken[][] = [];
  const labels: string[] = [];
  const signatures = new Set<string>();
  for (const name of [full, firstLast]) {
    if (name.length === 0) continue;
    const tokens = queryTokens(name);
    const signature = tokens.map((t) => t.text).sort().join(' ');
    if (tokens.length === 0 || signatures.has(signature)) continue;
    signatures.add(signature);
    variants.push(tokens);
    labels.push(name);
  }
  if (variants.length === 0) throw new AmlNameRequiredError();
  const informative = Math.max(...variants.map((v) => v.filter((t) => !t.particle && !t.initial).length));
  const g = field(input.gender).toLowerCase();
  const gender = g === 'm' || g === 'male' ? AML_GENDER.Male : g === 'f' || g === 'female' ? AML_GENDER.Female : null;
  let nationality = toAlpha2(field(input.nationality));
  if (nationality === null && /^\d{1,3}$/.test(field(input.nationalityCountryId))) {
    nationality = numericToAlpha2(field(input.nationalityCountryId));
  }
  return {
    variants,
    variantLabels: labels,
    informative,
    birthDate: parsePartialDates(field(input.dateOfBirth))[0] ?? null,
    nationality,
    gender,
    identifiers: [input.documentNumber, input.personalNumber].map(normalizeIdentifier).filter((v): v is string => v !== null),
  };
}
