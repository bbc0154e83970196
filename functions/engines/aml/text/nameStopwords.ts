/**
 * Word lists used by name normalisation. Each is a closed, reviewed list (lower-case ASCII, after
 * transliteration) rather than a guess at run time; docs/aml-screening.md reproduces them.
 */

/**
 * Honorifics, titles, ranks and generational suffixes ("Jr.", "III") removed from names before matching (they are not identity: "Dr. Ayman
 * al-Zawahiri" and "Ayman al-Zawahiri" are the same person). Sources: the titles that occur in the OFAC, UN and
 * OFSI lists (`Title` columns and name prefixes) plus common English/French/German/Spanish forms of address.
 */
export const HONORIFICS: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'doctor', 'prof', 'professor', 'sir', 'dame', 'lord', 'lady',
  'rev', 'reverend', 'fr', 'father', 'hon', 'honorable', 'honourable', 'excellency', 'his', 'her',
  'herr', 'frau', 'monsieur', 'madame', 'mme', 'mlle', 'senor', 'senora', 'sr', 'sra', 'don', 'dona',
  'haji', 'hajji', 'alhaji', 'hajj', 'mullah', 'mulla', 'maulavi', 'maulvi', 'mawlawi', 'maulana', 'qari',
  'imam', 'ayatollah', 'hojatoleslam', 'sayyid', 'sayed', 'syed', 'eng', 'engineer', 'ing',
  'gen', 'general', 'col', 'colonel', 'maj', 'major', 'capt', 'captain', 'lt', 'lieutenant', 'brig',
  'brigadier', 'adm', 'admiral', 'cmdr', 'commander', 'sgt', 'sergeant', 'marshal',
  'jr', 'jnr', 'junior', 'snr', 'senior', 'ii', 'iii', 'iv',
]);

/**
 * Legal-form and company-type words removed from names (both sides), so "VTB BANK PUBLIC JOINT STOCK COMPANY"
 * and "VTB Bank PJSC" compare on "vtb bank". Sources: the legal forms that occur in the OFAC, UN and OFSI
 * entity names, and ISO 20275 abbreviations common in those lists.
 */
export const LEGAL_FORMS: ReadonlySet<string> = new Set([
  'ltd', 'limited', 'llc', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'plc',
  'gmbh', 'ag', 'kg', 'sa', 'sarl', 'srl', 'spa', 'sas', 'sac', 'bv', 'nv', 'oy', 'ab', 'asa', 'aps',
  'oao', 'ooo', 'zao', 'pao', 'ao', 'tov', 'jsc', 'ojsc', 'cjsc', 'pjsc', 'ojs', 'llp', 'lp', 'kft', 'sro',
  'doo', 'pte', 'pty', 'bhd', 'sdn', 'fze', 'fzco', 'fzc', 'fz', 'dmcc', 'ltda', 'cia', 'lda', 'sl', 'se',
  'joint', 'stock', 'jointstock', 'public', 'closed', 'open', 'private', 'holding', 'holdings', 'group', 'trading',
  'obshchestvo', 'ogranichennoy', 'ogranichennoi', 'otvetstvennostyu', 'aktsionernoe', 'publichnoe',
  'zakrytoe', 'otkrytoe', 'tovarystvo', 'sirket', 'sti', 'as', 'anonim', 'limitada', 'sociedad', 'anonima',
  'cv', 'rl', 'sapi', 'sab', 'spr', 'srl', 'scs', 'eirl', 'eireli', 'me', 'epp',
]);

/**
 * Name particles: kept (they are part of the name) but weighted low, because "al", "bin" or "van" carry little
 * identity and are often dropped or glued on ("al-Zawahiri", "Alzawahiri", "Zawahiri").
 */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'al', 'el', 'bin', 'ben', 'ibn', 'bint', 'binti', 'bte', 'abd', 'abdul', 'abdel', 'abu', 'abou', 'umm',
  'de', 'da', 'di', 'du', 'del', 'della', 'der', 'den', 'des', 'van', 'von', 'la', 'le', 'los', 'las',
  'dos', 'das', 'y', 'e', 'ul', 'ud', 'ad', 'ou', 'oglu', 'ogly', 'kyzy', 'uulu',
]);
