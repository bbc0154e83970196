import { describe, expect, it } from 'vitest';
import { lineFieldsOf } from '../../../../functions/engines/document/reading/decodeMrzLine.ts';
import { nameExtension } from '../../../../functions/engines/document/reading/nameExtension.ts';

const td3 = (line: number) => lineFieldsOf('TD3', line).names;
const td1 = (line: number) => lineFieldsOf('TD1', line).names;
const LINE2 = '5487051578JPN4109174M350108153020146978<<<74';

describe('nameExtension', () => {
  const olga = ['P<JPNYILMAZ<SILVA<<OLGA<<<<<<<<<<<<<<<<<<<<<', LINE2];
  const olg = ['P<JPNYILMAZ<SILVA<<OLG<<<<<<<<<<<<<<<<<<<<<<', LINE2];
  it('prefers the reading that keeps a letter where the other has a filler after the name', () => {
    // Synthetic seed 70707 syn-0149: the windowed reading dropped the A where two windows meet.
    expect(nameExtension(olga, olg, td3)).toBe(1);
    expect(nameExtension(olg, olga, td3)).toBe(-1);
    // TD1: names on line 3; several letters kept, in the surname and the given name.
    const card = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6'];
    expect(nameExtension([...card, 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'], [...card, 'ERIKSSO<<<ANNA<MARI<<<<<<<<<<<'], td1)).toBe(1);
  });
  it('says nothing when the readings are the same or differ otherwise', () => {
    expect(nameExtension(olga, olga, td3)).toBe(0);
    // A letter changed, not dropped.
    expect(nameExtension(olga, ['P<JPNYILMAZ<SILVA<<OLGS<<<<<<<<<<<<<<<<<<<<<', LINE2], td3)).toBe(0);
    // A filler read as a letter at the start of a name part (after a filler): not an extension.
    expect(nameExtension(['P<JPNYILMAZ<SILVA<<OLGA<C<<<<<<<<<<<<<<<<<<<', LINE2], olga, td3)).toBe(0);
    // Each keeps a letter the other lost.
    expect(nameExtension(['P<JPNYILMAZ<SILV<<<OLGA<<<<<<<<<<<<<<<<<<<<<', LINE2], ['P<JPNYILMAZ<SILVA<<OLG<<<<<<<<<<<<<<<<<<<<<<', LINE2], td3)).toBe(0);
    // A K or C against a filler: the recogniser reads fillers so (AAMVA enhanced licence specimen turned by 35°).
    expect(nameExtension(['P<JPNYILMAZ<SILVA<<OLGAK<<<<<<<<<<<<<<<<<<<<', LINE2], olga, td3)).toBe(0);
    expect(nameExtension(olga, ['P<JPNYILMAZ<SILVA<<OLGAC<<<<<<<<<<<<<<<<<<<<', LINE2], td3)).toBe(0);
    // Outside the names (the data line) the readings must agree.
    expect(nameExtension(olga, [olg[0] as string, LINE2.replace('JPN', 'JPM')], td3)).toBe(0);
  });
});
