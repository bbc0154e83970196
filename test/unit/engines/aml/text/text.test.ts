import { describe, expect, it } from 'vitest';
import { blockingKeys } from '../../../../../functions/engines/aml/text/blockingKeys.ts';
import { detectScript } from '../../../../../functions/engines/aml/text/detectScript.ts';
import { foldToAscii } from '../../../../../functions/engines/aml/text/foldToAscii.ts';
import { isLegalForm } from '../../../../../functions/engines/aml/text/isLegalForm.ts';
import { normalizeIdentifier } from '../../../../../functions/engines/aml/text/normalizeIdentifier.ts';
import { phoneticKeys } from '../../../../../functions/engines/aml/text/phoneticKeys.ts';
import { joinLetterRuns, tokenizeName } from '../../../../../functions/engines/aml/text/tokenizeName.ts';

const texts = (name: string) => tokenizeName(name, detectScript(name)).map((t) => t.text);

describe('foldToAscii', () => {
  it('transliterates scripts and removes diacritics, apostrophes and punctuation', () => {
    expect(foldToAscii('Мария АЛЕКСАНДРОВНА')).toBe('mariya aleksandrovna');
    expect(foldToAscii("Mu'ammar al-Qadhafi")).toBe('muammar al qadhafi');
    expect(foldToAscii('José Ñúñez Łódź')).toBe('jose nunez lodz');
    expect(foldToAscii('ＡＢＣ')).toBe('abc');
  });
  it('joins dotted abbreviations', () => {
    expect(foldToAscii('GENI S.A.')).toBe('geni sa');
  });
  it('splits CamelCased CJK syllables only when asked', () => {
    expect(foldToAscii('習近平')).toBe('xijinping');
    expect(foldToAscii('習近平', true)).toBe('xi jin ping');
  });
});

describe('tokenizeName', () => {
  it('removes honorifics and legal forms, keeps particles with a low weight', () => {
    expect(texts('AL ZAWAHIRI, Dr. Ayman')).toEqual(['al', 'zawahiri', 'ayman']);
    expect(tokenizeName('al-Zawahiri Ayman').map((t) => t.weight)).toEqual([0.25, 1, 1]);
    expect(texts('VTB BANK PUBLIC JOINT STOCK COMPANY')).toEqual(['vtb', 'bank']);
  });
  it('keeps a title or legal form when removing it would leave too little', () => {
    expect(texts('Major Adams')).toEqual(['major', 'adams']);
    expect(texts('Holding')).toEqual(['holding']);
  });
  it('recognises misspelt legal forms and lettered forms', () => {
    expect(texts('RUTARGET LYMYTED')).toEqual(['rutarget']);
    expect(texts('estetica car wash S A DE C V')).toEqual(['estetica', 'car', 'wash', 'de']);
  });
  it('keeps the Han family name apart and flags initials', () => {
    expect(texts('習近平')).toEqual(['xi', 'jinping']);
    expect(tokenizeName('Jennifer L. McClellan').map((t) => t.initial)).toEqual([false, true, false]);
  });
  it('joins runs of single letters only', () => {
    expect(joinLetterRuns(['j', 'r', 'r', 'tolkien'])).toEqual(['jrr', 'tolkien']);
    expect(joinLetterRuns(['john', 'f', 'kennedy'])).toEqual(['john', 'f', 'kennedy']);
  });
});

describe('isLegalForm', () => {
  it('accepts exact, one-edit and same-consonant spellings of long forms only', () => {
    expect(isLegalForm('ltd')).toBe(true);
    expect(isLegalForm('limitd')).toBe(true);
    expect(isLegalForm('compani')).toBe(true);
    expect(isLegalForm('ltdd')).toBe(false);
    expect(isLegalForm('limassol')).toBe(false);
  });
});

describe('phonetic and blocking keys', () => {
  it('gives transliteration variants the same metaphone code', () => {
    expect(phoneticKeys('mohammed')).toEqual(['MHMT']);
    expect(phoneticKeys('muhammad')).toEqual(['MHMT']);
    expect(phoneticKeys('schmidt')).toEqual(['XMT', 'SMT']);
  });
  it('keys a part by sound, prefix, suffix and sorted letters', () => {
    expect(blockingKeys('zawahiri')).toEqual(['mSHR', 'pzaw', 'siri', 'aaahiirwz']);
    expect(blockingKeys('ali')).toEqual(['mAL', 'wali', 'pali']);
    expect(blockingKeys('batlic')).toContain([...'baltic'].sort().join('').replace(/^/, 'a'));
  });
});

describe('normalizeIdentifier', () => {
  it('keeps letters and digits and rejects short or digit-free values', () => {
    expect(normalizeIdentifier('717 637-093')).toBe('717637093');
    expect(normalizeIdentifier('A-12')).toBeNull();
    expect(normalizeIdentifier('ABCDEF')).toBeNull();
  });
});
