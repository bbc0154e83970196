import { describe, expect, it } from 'vitest';
import { computeCheckDigit } from '../../../../functions/engines/document/mrz/computeCheckDigit.ts';
import type { PositionAlternatives } from '../../../../functions/engines/document/mrz/correctMrz.ts';
import { padOptionalData } from '../../../../functions/engines/document/mrz/padOptionalData.ts';

const LINE2 = '9608214F3402177BRA<<<<<<<<<<<1';
const LINE3 = 'SILVA<<MARIA<<<<<<<<<<<<<<<<<<';

/** Alternatives giving the filler probability `p` at `(line, index)`, and none elsewhere. */
function fillerAt(line: number, index: number, p: number): PositionAlternatives {
  const alts = [0, 1, 2].map(() => Array.from({ length: 30 }, () => [] as Array<{ char: string; p: number }>));
  (alts[line] as Array<Array<{ char: string; p: number }>>)[index] = [
    { char: 'K', p: 1 - p },
    { char: '<', p },
  ];
  return alts;
}

describe('padding of optional data', () => {
  it('K and the filler weigh the same under every ICAO check-digit weight', () => {
    // Why no check digit can refuse the stray K: its value 20 adds 0 (mod 10) at weights 7, 3 and 1.
    expect(computeCheckDigit('80190470349<<K<')).toBe(computeCheckDigit('80190470349<<<<'));
    expect(computeCheckDigit('K')).toBe(computeCheckDigit('<'));
  });
  it('reads a lone K in the padding as the filler it was printed as', () => {
    const lines = ['I<BRA376560568280190470349<<K<', LINE2, LINE3];
    expect(padOptionalData('TD1', lines, fillerAt(0, 28, 0.41))[0]).toBe('I<BRA376560568280190470349<<<<');
    // Directly after the data, followed by fillers only.
    const close = ['IRFRADC3131968684063975024<K<<', LINE2, LINE3];
    expect(padOptionalData('TD1', close, fillerAt(0, 27, 0.4))[0]).toBe('IRFRADC3131968684063975024<<<<');
  });
  it('keeps a K the recogniser was sure of, a K inside the data and other letters', () => {
    const sure = ['I<BRA376560568280190470349<<K<', LINE2, LINE3];
    expect(padOptionalData('TD1', sure, fillerAt(0, 28, 0.05))[0]).toBe(sure[0]);
    const inData = ['I<BRA37656056828019047K349<<<<', LINE2, LINE3];
    expect(padOptionalData('TD1', inData, fillerAt(0, 22, 0.4))[0]).toBe(inData[0]);
    const other = ['I<BRA376560568280190470349<<C<', LINE2, LINE3];
    expect(padOptionalData('TD1', other, fillerAt(0, 28, 0.4))[0]).toBe(other[0]);
  });
  it('never touches names or fields outside optional data, nor text readings without alternatives', () => {
    const name = ['I<BRA376560568280190470349<<<<', LINE2, 'SILVA<<MARIA<<<<<<<<<<<<<<<K<<'];
    expect(padOptionalData('TD1', name, fillerAt(2, 27, 0.4))[2]).toBe(name[2]);
    const text = ['I<BRA376560568280190470349<<K<', LINE2, LINE3];
    expect(padOptionalData('TD1', text, [])[0]).toBe(text[0]);
  });
  it('pads the TD3 personal number, whose own check digit cannot see the K either', () => {
    const line2 = 'L898902C36UTO7408122F1204159ZE184226B<<K<<10';
    expect(padOptionalData('TD3', ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', line2], fillerAt(1, 39, 0.3))[1]).toBe(
      'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
    );
  });
});
