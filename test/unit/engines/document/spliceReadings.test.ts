import { describe, expect, it } from 'vitest';
import { verifyChecks } from '../../../../functions/engines/document/mrz/verifyChecks.ts';
import { spliceReadings, type SpliceSource } from '../../../../functions/engines/document/reading/spliceReadings.ts';

// ICAO Doc 9303 Part 4's TD3 specimen and Part 5's TD1 specimen, every check digit verifying as printed.
const td3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const td1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const withChars = (line: string, k: number, chars: string) => line.slice(0, k) + chars + line.slice(k + chars.length);
const source = (lines: string[]): SpliceSource => ({ lines, corrected: [] });
const line2 = (lines: string[], k: number, chars: string) => [lines[0] as string, withChars(lines[1] as string, k, chars), ...lines.slice(2)];

describe('spliceReadings', () => {
  // Blind photo seed 56 `0010` in miniature: the first reading lost the birth date under a light spot, the second read
  // the personal number's fillers as digits; each verifies the fields the other fails.
  it('takes each field that fails in the first reading from the second where it verifies there, and the composite then verifies', () => {
    const first = line2(td3, 13, '<4<812');
    const second = line2(td3, 37, '42');
    expect(verifyChecks('TD3', first)).toMatchObject({ birthDate: false, personalNumber: true, composite: false });
    expect(verifyChecks('TD3', second)).toMatchObject({ birthDate: true, personalNumber: false, composite: false });
    const out = spliceReadings('TD3', source(first), source(second));
    expect(out?.lines).toEqual(td3);
    expect(out?.taken).toEqual(['birthDate']);
    expect(out?.from[1]?.slice(13, 20)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(out?.from[1]?.[37]).toBe(0);
  });

  it('returns nothing unless every check digit of the splice verifies', () => {
    // The second reading's birth date verifies, but its expiry is as wrong as the first's: the composite still fails.
    const first = line2(line2(td3, 13, '<4<812'), 21, '9');
    const second = line2(td3, 21, '9');
    expect(verifyChecks('TD3', second).expiryDate).toBe(false);
    expect(spliceReadings('TD3', source(first), source(second))).toBeNull();
    // Nothing to take: the second fails where the first does.
    expect(spliceReadings('TD3', source(line2(td3, 13, '<4<812')), source(line2(td3, 13, '<<<<<<')))).toBeNull();
    // Different lengths (another format's reading): nothing.
    expect(spliceReadings('TD3', source(td3.map((l) => l.slice(0, 36))), source(td3))).toBeNull();
  });

  it('takes the optional data only the composite protects from the second reading where that makes the composite verify', () => {
    // TD1: line 2's optional data (positions 18-28) carries no digit of its own; the first read a character there
    // wrong and the birth date wrong, the second the birth date right and the document number wrong.
    const first = line2(line2(td1, 20, 'B'), 0, '7408132');
    const second = [withChars(td1[0] as string, 5, 'D23145890'.replace('3', '8')), td1[1] as string, td1[2] as string];
    expect(verifyChecks('TD1', first)).toMatchObject({ documentNumber: true, birthDate: false, composite: false });
    expect(verifyChecks('TD1', second)).toMatchObject({ documentNumber: false, birthDate: true });
    const out = spliceReadings('TD1', source(first), source(second));
    expect(out?.lines).toEqual(td1);
    expect(out?.taken).toEqual(['birthDate', 'composite']);
  });

  it('returns the groups taken as corrections of the first source, keeping its own corrections elsewhere', () => {
    const firstLines = line2(td3, 13, '<4<812');
    const first: SpliceSource = { lines: firstLines, corrected: [{ field: 'documentNumber', from: 'L8989O2C36', to: 'L898902C36' }] };
    const second: SpliceSource = { lines: line2(td3, 37, '42'), corrected: [{ field: 'birthDate', from: '7108122', to: '7408122' }, { field: 'expiryDate', from: 'x', to: 'y' }] };
    const out = spliceReadings('TD3', first, second);
    expect(out?.corrected).toEqual([
      { field: 'documentNumber', from: 'L8989O2C36', to: 'L898902C36' },
      { field: 'birthDate', from: '<4<8122', to: '7408122' },
    ]);
  });
});
