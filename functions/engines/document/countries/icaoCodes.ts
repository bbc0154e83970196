/**
 * MRZ state codes of ICAO Doc 9303 Part 3 §5 ("Representation of names of States and other entities", 8th ed.,
 * 2021) that are not ISO 3166-1 alpha-3 country codes, and what they mean as a country.
 *
 * `iso` is the ISO 3166-1 alpha-3 code the result reports for `nationality`/`issuingCountry`, or `null` when the
 * code designates no country (an organisation, a status such as stateless or refugee, or a test code). The raw
 * code is always kept in the reading's `document.mrzNationality` / `document.mrzIssuingState`.
 */
export const ICAO_NON_ISO_CODES: Readonly<Record<string, { readonly iso: string | null; readonly meaning: string }>> = {
  D: { iso: 'DEU', meaning: 'Germany (ICAO keeps the one-letter code D for German documents)' },
  GBD: { iso: 'GBR', meaning: 'British Overseas Territories Citizen' },
  GBN: { iso: 'GBR', meaning: 'British National (Overseas)' },
  GBO: { iso: 'GBR', meaning: 'British Overseas Citizen' },
  GBP: { iso: 'GBR', meaning: 'British Protected Person' },
  GBS: { iso: 'GBR', meaning: 'British Subject' },
  UNO: { iso: null, meaning: 'United Nations Organization or one of its officials' },
  UNA: { iso: null, meaning: 'specialised agency of the United Nations or one of its officials' },
  UNK: { iso: null, meaning: 'resident of Kosovo to whom a travel document was issued by UNMIK' },
  RKS: { iso: null, meaning: 'Kosovo (no ISO 3166-1 code; XKX is user-assigned)' },
  XXA: { iso: null, meaning: 'stateless person (1954 Convention)' },
  XXB: { iso: null, meaning: 'refugee (1951 Convention)' },
  XXC: { iso: null, meaning: 'refugee other than under the 1951 Convention' },
  XXX: { iso: null, meaning: 'unspecified nationality' },
  EUE: { iso: null, meaning: 'European Union' },
  XBA: { iso: null, meaning: 'African Development Bank' },
  XIM: { iso: null, meaning: 'African Export-Import Bank' },
  XCC: { iso: null, meaning: 'Caribbean Community (CARICOM)' },
  XCE: { iso: null, meaning: 'Council of Europe' },
  XCO: { iso: null, meaning: 'Common Market for Eastern and Southern Africa' },
  XEC: { iso: null, meaning: 'Economic Community of West African States' },
  XPO: { iso: null, meaning: 'International Criminal Police Organization (INTERPOL)' },
  XES: { iso: null, meaning: 'Organisation of Eastern Caribbean States' },
  XMP: { iso: null, meaning: 'Inter-Parliamentary Union' },
  XOM: { iso: null, meaning: 'Sovereign Military Order of Malta' },
  XDC: { iso: null, meaning: 'Southern African Development Community' },
  UTO: { iso: null, meaning: 'Utopia, the fictitious state of the ICAO specimens' },
};
