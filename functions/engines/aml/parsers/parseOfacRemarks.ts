/**
 * The `Remarks` column of OFAC's legacy sdn.csv holds everything but the name, as `;`-separated phrases:
 * `DOB 14 Jun 1975; POB Leningrad, Russia; nationality Russia; Gender Male; Passport 717637093 (Russia); ...`.
 * Each phrase may start with `alt.` (an alternative value). This module reads the phrases the matcher uses.
 * @see https://ofac.treasury.gov/specially-designated-nationals-list-data-formats-data-schemas
 */
import { parsePartialDates } from '../reference/partialDate.ts';
import { toAlpha2 } from '../reference/countryCodes.ts';
import type { AmlGender, } from '../constants.ts';
import type { AmlIdentifier } from '../types.ts';
import { parseGender } from './buildEntity.ts';

/** What the matcher needs from one Remarks cell. */
export interface OfacRemarks {
  birthDates: string[];
  nationalities: string[];
  /** Countries of birth places (the last comma-separated part of `POB`). */
  birthCountries: string[];
  gender: AmlGender | undefined;
  identifiers: AmlIdentifier[];
  /** Names given as `a.k.a. 'X'` / `f.k.a. 'X'` inside the remarks. */
  akas: string[];
}

/**
 * Identifier phrases that OFAC writes as `<Type> <number> (<Country>)`. Counted from the 2023-12-28 sdn.csv;
 * longest first so "Diplomatic Passport" wins over "Passport".
 */
const IDENTIFIER_TYPES = [
  'Turkish Identification Number', 'National Foreign ID Number', 'Central Registration System Number',
  'Business Registration Number', 'Commercial Registry Number', 'Unified Social Credit Code',
  'Birth Certificate Number', 'Government Gazette Number', 'Economic Register Number', 'Electoral Registry No.',
  'Identification Number', 'Registration Number', 'Matricula Mercantil No', 'Folio Mercantil No.',
  'Diplomatic Passport', 'Legal Entity Number', 'Italian Fiscal Code', 'Personal ID Card', 'Residency Number',
  'UK Company Number', 'Trade License No.', 'Enterprise Number', 'Business Number', 'Company Number',
  'National ID No.', 'Registration ID', "Driver's License No.", 'V.A.T. Number', 'Tax ID No.', 'Cedula No.',
  'C.U.R.P.', 'R.F.C.', 'D.N.I.', 'C.U.I.', 'C.R. No.', 'Credencial', 'Cartilla', 'Passport', 'SSN', 'NIT',
  'RUC',
].sort((a, b) => b.length - a.length);

const IDENTIFIER_PHRASE = new RegExp(
  `^(${IDENTIFIER_TYPES.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\s+(.+)$`,
);

/** Splits `number (Country) issued ...` into number and country. */
function identifierFrom(type: string, rest: string): AmlIdentifier | null {
  const m = /^(.+?)(?:\s*\(([^)]*)\))?(?:\s+(?:issued|expires|expired|valid)\b.*)?$/i.exec(rest.trim());
  if (!m) return null;
  const value = (m[1] as string).trim().replace(/\.$/, '');
  if (value.length === 0 || !/\d/.test(value)) return null;
  const country = m[2] === undefined ? null : toAlpha2(m[2]);
  return { type: type.toLowerCase(), value, ...(country === null ? {} : { country }) };
}

/**
 * Reads one Remarks cell. Phrases the matcher does not use (addresses, sanctions information, links) are
 * ignored.
 *
 * @example parseOfacRemarks('DOB 19 Apr 1947; POB Nahia, Giza, Egypt; nationality Egypt; Gender Male.')
 * // { birthDates: ['1947-04-19'], nationalities: ['EG'], birthCountries: ['EG'], gender: 'male', ... }
 */
export function parseOfacRemarks(remarks: string | null): OfacRemarks {
  const out: OfacRemarks = { birthDates: [], nationalities: [], birthCountries: [], gender: undefined, identifiers: [], akas: [] };
  if (remarks === null) return out;
  for (const raw of remarks.split(';')) {
    const phrase = raw.trim().replace(/\.$/, '').replace(/^alt\.\s+/i, '');
    if (phrase.length === 0) continue;
    let m: RegExpExecArray | null;
    if ((m = /^DOB\s+(.+)$/.exec(phrase))) {
      out.birthDates.push(...parsePartialDates(m[1] as string));
    } else if ((m = /^(?:nationality|citizen)\s+(.+)$/.exec(phrase))) {
      const code = toAlpha2(m[1] as string);
      if (code !== null) out.nationalities.push(code);
    } else if ((m = /^POB\s+(.+)$/.exec(phrase))) {
      const parts = (m[1] as string).split(',');
      const code = toAlpha2((parts[parts.length - 1] as string).trim());
      if (code !== null) out.birthCountries.push(code);
    } else if ((m = /^Gender\s+(\w+)/.exec(phrase))) {
      out.gender = parseGender(m[1]);
    } else if ((m = /^[af]\.k\.a\.,?\s+(.+)$/i.exec(phrase))) {
      for (const q of (m[1] as string).matchAll(/'([^']+)'/g)) out.akas.push(q[1] as string);
    } else if ((m = IDENTIFIER_PHRASE.exec(phrase))) {
      const id = identifierFrom(m[1] as string, m[2] as string);
      if (id !== null) out.identifiers.push(id);
    }
  }
  return out;
}
