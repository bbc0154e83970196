import { describe, expect, it } from 'vitest';
import { mrzProvenance } from '../../../../functions/core/steps/id-verification.ts';

describe('mrzProvenance', () => {
  it('keeps the format and the positions changed, never the MRZ characters', () => {
    const kept = mrzProvenance({
      format: 'TD3',
      lines: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
      corrected: [{ field: 'documentNumber', from: 'L8989O2C36', to: 'L898902C36' }],
      namesArbitrated: [{ line: 0, from: 'ERIKSSDN<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', to: 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', gain: 2.34567 }],
      namesMargin: 0.123456,
      namesWitnessed: { line: 0, from: 'GARCSA<<BAODI<<<<<<<<<<<<<<<<<<<<<<<<<<', to: 'GARCIA<<BAODI<<<<<<<<<<<<<<<<<<<<<<<<<<', text: 'P<ESPGARCIA<<BAODI<<<<<<<<<<<<<<<<<<<<<<<<<<' },
      characterPitch: 7.654321,
      statesArbitrated: [{ line: 1, start: 10, from: 'VTO', to: 'UTO', lead: 7.123456, cost: -3.21 }],
      documentCodeArbitrated: { from: 'V', to: 'P', lead: 9.87654 },
      spliced: ['birthDate'],
      competitor: { substitutions: [{ line: 1, index: 1, from: '8', to: 'S' }], ratio: 0.1234567, groups: ['documentNumber', 'composite'], margin: 4.56789, resolution: 'kept', byGlyphs: false, byArbiter: false, failedGroups: [] },
      lookAlikesRestored: [{ field: 'documentNumber', line: 1, index: 5, from: '0', to: 'O', p: 0.99912 }, { field: 'expiryDate', line: 1, index: 26, from: '9', to: '6', p: 0.99987, thirdP: 0.97654 }],
      correctionsWeighed: [
        {
          field: 'documentNumber',
          from: 'WX50991636',
          to: 'WX50991836',
          changes: [{ line: 1, index: 7, from: '6', to: '8', p: 0.25812, rival: { char: '0', p: 0.34321 } }],
          refutedBy: 'rivals',
        },
        {
          field: 'composite',
          from: 'O7408122F12041593',
          to: '07408122F12041593',
          changes: [{ line: 1, index: 28, from: 'O', to: '0', p: 0.4567, rival: null, glyphs: { read: 0.91234, corrected: null } }],
          refutedBy: null,
        },
      ],
    });
    expect(kept).toEqual({
      format: 'TD3',
      corrected: [{ field: 'documentNumber', positions: [5] }],
      namesArbitrated: [{ line: 0, positions: [6], gain: 2.346 }],
      namesMargin: 0.123,
      namesWitnessed: { line: 0, positions: [4] },
      characterPitch: 7.654,
      statesArbitrated: [{ line: 1, index: 10, lead: 7.123, cost: -3.21 }],
      documentCodeArbitrated: { lead: 9.877 },
      spliced: ['birthDate'],
      competitor: { groups: ['documentNumber', 'composite'], positions: [{ line: 1, index: 1 }], ratio: 0.123, margin: 4.568, resolution: 'kept', byGlyphs: false, byArbiter: false, failedGroups: [] },
      lookAlikesRestored: [{ field: 'documentNumber', line: 1, index: 5, p: 0.999 }, { field: 'expiryDate', line: 1, index: 26, p: 1, thirdP: 0.977 }],
      correctionsWeighed: [
        { field: 'documentNumber', changes: [{ line: 1, index: 7, p: 0.258, rivalP: 0.343 }], refutedBy: 'rivals' },
        { field: 'composite', changes: [{ line: 1, index: 28, p: 0.457, rivalP: null, glyphs: { read: 0.912, corrected: null } }], refutedBy: null },
      ],
    });
    expect(JSON.stringify(kept)).not.toMatch(/ERIKSS|L898|WX5|"S"|"6"|"8"|"0"|UTO|VTO/);
  });
});
