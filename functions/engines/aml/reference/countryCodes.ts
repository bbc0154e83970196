/**
 * Country codes: list entries name countries in many ways ("Korea, North", "Iran (Islamic Republic of)",
 * "RUSSIA", "ru", "RUS"); the index stores ISO 3166-1 alpha-2 and the API adds ISO 3166-1 numeric
 * (`countryIds`, our documented meaning of SPEC.md's *CountryId fields). Names resolve through the English
 * names of npm `i18n-iso-countries` (CLDR-based), plus the aliases below for list spellings it lacks.
 */
import countries from 'i18n-iso-countries/index.js';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(en);

/**
 * List spellings that CLDR English names do not cover, found in the OFAC, UN, OFSI and EU files
 * (lower-case, punctuation-free key -> alpha-2). `XK` (Kosovo) is a user-assigned code used by the EU and
 * OpenSanctions; it has no numeric code.
 */
const ALIASES: Readonly<Record<string, string>> = {
  syria: 'SY', 'syrian arab republic': 'SY', burma: 'MM', 'korea north': 'KP', 'north korea': 'KP',
  'democratic peoples republic of korea': 'KP', dprk: 'KP', 'korea south': 'KR', 'south korea': 'KR',
  'republic of korea': 'KR', palestinian: 'PS', palestine: 'PS', 'occupied palestinian territory': 'PS',
  'gaza': 'PS', 'west bank': 'PS', 'region gaza': 'PS', moldova: 'MD', 'cabo verde': 'CV', 'viet nam': 'VN',
  vietnam: 'VN', 'british virgin islands': 'VG', 'hong kong': 'HK', macau: 'MO', macao: 'MO',
  'china hong kong special administrative region': 'HK', iran: 'IR', 'iran islamic republic of': 'IR',
  russia: 'RU', 'russian federation': 'RU', 'united kingdom of great britain and northern ireland': 'GB',
  uk: 'GB', 'great britain': 'GB', 'congo democratic republic of the': 'CD', 'democratic republic of the congo': 'CD',
  'congo republic of the': 'CG', 'republic of the congo': 'CG', 'north macedonia the republic of': 'MK',
  macedonia: 'MK', 'north macedonia': 'MK', kosovo: 'XK', 'czech republic': 'CZ', czechia: 'CZ',
  turkey: 'TR', turkiye: 'TR', 'ivory coast': 'CI', 'cote d ivoire': 'CI', laos: 'LA', 'lao peoples democratic republic': 'LA',
  tanzania: 'TZ', 'united republic of tanzania': 'TZ', bolivia: 'BO', venezuela: 'VE', 'bosnia herzegovina': 'BA',
  'bosnia and herzegovina': 'BA', swaziland: 'SZ', eswatini: 'SZ', 'the gambia': 'GM', gambia: 'GM',
  'the bahamas': 'BS', bahamas: 'BS', 'united states of america': 'US', usa: 'US', 'united states': 'US',
  'st kitts and nevis': 'KN', 'st lucia': 'LC', 'st vincent and the grenadines': 'VC', 'east timor': 'TL',
  'timor leste': 'TL', 'brunei darussalam': 'BN', brunei: 'BN', 'micronesia federated states of': 'FM',
  'netherlands antilles': 'CW', curacao: 'CW', 'sint maarten': 'SX', 'vatican city': 'VA', 'holy see': 'VA',
  'south sudan': 'SS', 'sudan': 'SD', 'yemen': 'YE', 'libya': 'LY', 'libyan arab jamahiriya': 'LY',
  'ussr': 'RU', 'soviet union': 'RU', 'former soviet union': 'RU', 'yugoslavia': 'RS', 'serbia and montenegro': 'RS',
  'crimea': 'UA', 'region crimea': 'UA', 'taiwan': 'TW', 'taiwan province of china': 'TW',
};

/** Demonyms that appear in nationality fields instead of country names. */
const DEMONYMS: Readonly<Record<string, string>> = {
  afghan: 'AF', iraqi: 'IQ', iranian: 'IR', syrian: 'SY', russian: 'RU', british: 'GB', american: 'US',
  egyptian: 'EG', saudi: 'SA', 'saudi arabian': 'SA', yemeni: 'YE', libyan: 'LY', somali: 'SO', sudanese: 'SD',
  pakistani: 'PK', indian: 'IN', chinese: 'CN', lebanese: 'LB', jordanian: 'JO', kuwaiti: 'KW', qatari: 'QA',
  emirati: 'AE', turkish: 'TR', ukrainian: 'UA', belarusian: 'BY', german: 'DE', french: 'FR', italian: 'IT',
  spanish: 'ES', algerian: 'DZ', tunisian: 'TN', moroccan: 'MA', nigerian: 'NG', kenyan: 'KE', malian: 'ML',
  mauritanian: 'MR', congolese: 'CD', rwandan: 'RW', ugandan: 'UG', colombian: 'CO', mexican: 'MX',
  venezuelan: 'VE', cuban: 'CU', 'north korean': 'KP', korean: 'KR', belgian: 'BE', dutch: 'NL', swiss: 'CH',
};

/** Lower-case, accents and punctuation removed, single spaces: the lookup key of a country spelling. */
function countryKey(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/^(possibly|probably|reportedly|allegedly)\s+/, '')
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * ISO 3166-1 alpha-2 code of a country written as an alpha-2 or alpha-3 code, an English name (several
 * spellings), or a demonym; null when it is not a country ("UNKNOWN", "Region: Crimea" resolve only through
 * the alias table above).
 *
 * @example toAlpha2('Korea, North') // 'KP'
 * @example toAlpha2('RUS') // 'RU'
 */
export function toAlpha2(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed.length === 0) return null;
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const upper = trimmed.toUpperCase();
    return countries.isValid(upper) || upper === 'XK' ? upper : null;
  }
  if (/^[A-Za-z]{3}$/.test(trimmed) && countries.isValid(trimmed.toUpperCase())) {
    return countries.alpha3ToAlpha2(trimmed.toUpperCase()) ?? null;
  }
  const key = countryKey(trimmed);
  if (key.length === 0) return null;
  const direct = ALIASES[key] ?? DEMONYMS[key] ?? countries.getAlpha2Code(trimmed, 'en');
  if (direct !== undefined) return direct;
  const withoutParen = trimmed.replace(/\([^)]*\)/g, '').trim();
  if (withoutParen !== trimmed && withoutParen.length > 0) return toAlpha2(withoutParen);
  const comma = trimmed.split(',').map((s) => s.trim());
  if (comma.length === 2) {
    const swapped = `${comma[1]} ${comma[0]}`;
    return ALIASES[countryKey(swapped)] ?? countries.getAlpha2Code(swapped, 'en') ?? null;
  }
  return null;
}

/**
 * Alpha-2 codes of every country mentioned in a multi-valued cell such as OFSI's "(1) Germany. (2) Morocco"
 * or "LB; PY". Unresolvable parts are dropped.
 *
 * @example countriesInText('(1) Germany. (2) Morocco') // ['DE', 'MA']
 */
export function countriesInText(text: string | null | undefined): string[] {
  if (text === null || text === undefined || text.trim().length === 0) return [];
  const whole = toAlpha2(text);
  if (whole !== null) return [whole];
  const parts = text.split(/\(\d+\)|;|\||\/|\.\s/).map((p) => p.replace(/\.$/, '').trim()).filter((p) => p.length > 0);
  const out: string[] = [];
  for (const part of parts) {
    const code = toAlpha2(part);
    if (code !== null && !out.includes(code)) out.push(code);
  }
  return out;
}

/**
 * ISO 3166-1 numeric code (3 digits, zero-padded string) of an alpha-2 code, or null. User-assigned codes
 * (900-999, e.g. the 983 some tables give Kosovo `XK`) are not ISO codes and give null.
 *
 * @example alpha2ToNumeric('DE') // '276'
 */
export function alpha2ToNumeric(alpha2: string): string | null {
  const numeric = countries.alpha2ToNumeric(alpha2);
  return numeric === undefined || Number(numeric) >= 900 ? null : numeric;
}

/**
 * Alpha-2 code of an ISO 3166-1 numeric code (leading zeros optional), or null.
 *
 * @example numericToAlpha2('276') // 'DE'
 */
export function numericToAlpha2(numeric: string): string | null {
  return countries.numericToAlpha2(numeric.padStart(3, '0')) ?? null;
}
