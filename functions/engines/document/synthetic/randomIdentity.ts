import type { Random } from './random.ts';

/** A random holder and document, with the truth every label is derived from. */
export interface SyntheticIdentity {
  /** Surname components (letters only, already in MRZ form). */
  readonly surnames: readonly string[];
  readonly givenNames: readonly string[];
  readonly sex: 'M' | 'F' | 'X' | null;
  /** `yyyy-MM-dd`. */
  readonly dateOfBirth: string;
  /** `yyyy-MM-dd`. */
  readonly dateOfExpiry: string;
  /** 9 characters (letters and digits, at least the last 6 digits). */
  readonly documentNumber: string;
  /** Personal number or optional data (may be empty). */
  readonly personalNumber: string;
  /** MRZ code of the issuing state (ISO alpha-3, or `D` for Germany). */
  readonly issuingCode: string;
  /** MRZ code of the nationality. */
  readonly nationalityCode: string;
  /** ISO alpha-3 of the issuing state as the result should report it. */
  readonly issuingCountry: string;
  /** ISO alpha-3 of the nationality as the result should report it, or null (XXA stateless). */
  readonly nationality: string | null;
}

const SURNAMES = [
  'MULLER', 'GARCIA', 'ROSSI', 'NOWAK', 'JOHANSSON', 'DUBOIS', 'SILVA', 'KOWALSKI', 'PETROV', 'YILMAZ', 'OKAFOR', 'NGUYEN',
  'TANAKA', 'KIM', 'OCONNOR', 'VAN', 'DER', 'BERG', 'HASSAN', 'MENDES', 'LAURENT', 'FISCHER', 'NIELSEN', 'PAPADOPOULOS',
  'SZABO', 'NOVAK', 'HORVAT', 'IVANOVA', 'MARTIN', 'SMITH', 'WILSON', 'OLIVEIRA', 'ALI', 'KHAN', 'CHEN', 'WANG', 'LOPEZ',
] as const;
const GIVEN = [
  'ANNA', 'MARIA', 'JOHN', 'PETER', 'LUCAS', 'SOFIA', 'AHMED', 'FATIMA', 'YUKI', 'MIN', 'OLGA', 'IVAN', 'ELENA', 'JOSE',
  'LUIS', 'EMMA', 'NOAH', 'LIAM', 'MIA', 'ZOE', 'OMAR', 'LEILA', 'KARL', 'INGRID', 'PAULO', 'ANA', 'TOMAS', 'EVA', 'ADA',
] as const;
/** Issuing states used: ISO codes with their MRZ code (Germany prints `D`, ICAO Doc 9303 Part 3 §5). */
const STATES = [
  ['FRA', 'FRA'], ['DEU', 'D'], ['ESP', 'ESP'], ['ITA', 'ITA'], ['NLD', 'NLD'], ['POL', 'POL'], ['SWE', 'SWE'], ['GBR', 'GBR'],
  ['USA', 'USA'], ['CAN', 'CAN'], ['BRA', 'BRA'], ['JPN', 'JPN'], ['IND', 'IND'], ['NGA', 'NGA'], ['TUR', 'TUR'], ['AUS', 'AUS'],
  ['CHE', 'CHE'], ['PRT', 'PRT'], ['GRC', 'GRC'], ['ROU', 'ROU'], ['UKR', 'UKR'], ['MEX', 'MEX'], ['ZAF', 'ZAF'], ['KOR', 'KOR'],
] as const;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Draws a random identity whose MRZ names fit without truncation in a TD1 name field (30 characters), with a birth
 * date 18-90 years before `now` (never in a century the MRZ rule would misplace) and an expiry between 10 years
 * before and 10 years after `now`.
 *
 * @param rng - seeded generator
 * @param now - reference date of the set
 */
export function randomIdentity(rng: Random, now: Date): SyntheticIdentity {
  let surnames: string[];
  let givenNames: string[];
  do {
    surnames = rng.chance(0.25) ? [rng.pick(SURNAMES), rng.pick(SURNAMES)] : [rng.pick(SURNAMES)];
    givenNames = rng.chance(0.4) ? [rng.pick(GIVEN), rng.pick(GIVEN)] : [rng.pick(GIVEN)];
  } while (surnames.join('<').length + 2 + givenNames.join('<').length > 28);
  const [issuingCountry, issuingCode] = rng.pick(STATES);
  const foreign = rng.chance(0.15);
  const stateless = foreign && rng.chance(0.2);
  const [natIso, natCode] = foreign ? rng.pick(STATES) : [issuingCountry, issuingCode];
  const nowYear = now.getUTCFullYear();
  const birthYear = rng.int(nowYear - 90, nowYear - 18);
  const expiry = new Date(now.getTime() + rng.range(-10, 10) * 365.25 * 86_400_000);
  const prefix = rng.chance(0.6) ? LETTERS[rng.int(0, 25)]! + LETTERS[rng.int(0, 25)]! : String(rng.int(10, 99));
  const documentNumber = prefix + String(rng.int(0, 9_999_999)).padStart(7, '0');
  const personalNumber = rng.chance(0.5) ? String(rng.int(0, 99_999_999_999)).padStart(rng.pick([9, 10, 11]), '0') : '';
  return {
    surnames,
    givenNames,
    sex: rng.pick(['M', 'F', 'F', 'M', 'X', null] as const),
    dateOfBirth: iso(birthYear, rng.int(1, 12), rng.int(1, 28)),
    dateOfExpiry: expiry.toISOString().slice(0, 10),
    documentNumber,
    personalNumber,
    issuingCode,
    nationalityCode: stateless ? 'XXA' : natCode,
    issuingCountry,
    nationality: stateless ? null : natIso,
  };
}

function iso(y: number, m: number, d: number): string {
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
