import { describe, expect, it } from 'vitest';
import { LONE_LINE_MIN_VERIFIED, loneDataLine } from '../../../../functions/engines/document/reading/loneDataLine.ts';

// Lines of the ICAO Doc 9303 specimens (Part 4 Appendix A: TD3; Part 5: TD1; Part 6: TD2).
const TD3_DATA = 'L898902C36UTO7408122F1204159ZE184226B<<<<<10';
const TD2_DATA = 'D231458907UTO7408122F1204159<<<<<<<6';
const TD1_LINE1 = 'I<UTOD231458907<<<<<<<<<<<<<<<';
const TD1_LINE2 = '7408122F1204159UTO<<<<<<<<<<<6';

describe('loneDataLine', () => {
  it('takes the data lines of TD3 and TD2 and a TD1 second line by their own check digits', () => {
    expect(loneDataLine(TD3_DATA)).toEqual({ format: 'TD3', line: 1, verified: 5 });
    expect(loneDataLine(TD2_DATA)).toEqual({ format: 'TD2', line: 1, verified: 4 });
    // Birth date and expiry; the composite spans lines 1 and 2 and is not computed on one line.
    expect(loneDataLine(TD1_LINE2)).toEqual({ format: 'TD1', line: 1, verified: 2 });
  });

  it('refuses lines with fewer than two check digits of their own: a TD1 first line, names lines', () => {
    expect(LONE_LINE_MIN_VERIFIED).toBe(2);
    expect(loneDataLine(TD1_LINE1)).toBeNull();
    expect(loneDataLine('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<')).toBeNull();
    expect(loneDataLine('ERIKSSON<<ANNA<MARIA<<<<<<<<<<')).toBeNull();
  });

  it('does not count a check over fillers only', () => {
    // A TD3 data line with an empty personal number whose check digit is printed `<`, and every other digit broken:
    // only the personal number's check would verify, and it does not count.
    const broken = 'L898902C31UTO7408121F1204158<<<<<<<<<<<<<<<1';
    expect(loneDataLine(broken)).toBeNull();
  });

  it('needs two verifying check digits: one misread digit is enough to lose a TD1 second line', () => {
    expect(loneDataLine('7408122F1204158UTO<<<<<<<<<<<6')).toBeNull();
    // A TD3 data line with its birth-date check digit misread still has three: that digit and the composite, which
    // covers it, fail.
    expect(loneDataLine('L898902C36UTO7408121F1204159ZE184226B<<<<<10')?.verified).toBe(3);
  });

  it('needs a line length of an MRZ and MRZ characters only', () => {
    expect(loneDataLine(TD3_DATA.slice(0, 43))).toBeNull();
    expect(loneDataLine(`${TD2_DATA} `)).toBeNull();
    expect(loneDataLine(TD2_DATA.toLowerCase())).toBeNull();
  });
});
