import { describe, expect, it } from 'vitest';
import { ctcLogLikelihood } from '../../../../functions/engines/document/ocr/ctc/ctcLogLikelihood.ts';
import { arbitrateStateCodes, unlistedCodeFields } from '../../../../functions/engines/document/reading/arbitrateStateCodes.ts';
import { MRZ_ALPHABET } from '../../../../functions/engines/document/mrz/alphabet.ts';
import { MRZ_CLASSES } from '../../../../functions/engines/document/ocr/ctc/lineProbabilities.ts';
import { ctcFrames } from './fixtures.ts';

/** A line's frames: each character, then a blank (`ctcFrames` path). */
const spaced = (text: string) => `${[...text].join('_')}_`;
/** The frame of position `k` in a {@link spaced} path. */
const at = (k: number) => 2 * k;
const withChar = (line: string, k: number, ch: string) => line.slice(0, k) + ch + line.slice(k + 1);

describe('arbitrateStateCodes', () => {
  const line1 = 'P<ISLAEVARSDOTTIR<<THURIDUR<OESP<<<<<<<<<<<<';
  const line2 = 'A0000000<0ISL6612315F0905264311266<9539<<<32';
  const misread = withChar(line1, 3, 'D'); // IDL: on no list

  it('finds the fields that hold a code on no list', () => {
    expect(unlistedCodeFields('TD3', 0, misread)).toEqual([{ start: 2, end: 5 }]);
    expect(unlistedCodeFields('TD3', 0, line1)).toEqual([]);
    expect(unlistedCodeFields('TD3', 1, withChar(line2, 10, 'Q'))).toEqual([{ start: 10, end: 13 }]);
    // D<< (Germany) and UTO (the ICAO specimens' state) are listed.
    expect(unlistedCodeFields('TD3', 0, 'P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<')).toEqual([]);
    expect(unlistedCodeFields('TD3', 0, 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<')).toEqual([]);
  });

  it('puts in the listed code both recognisers together find likeliest: ISL read as IDL', () => {
    // The first recogniser read the S as D (0.55 against 0.35); the second read S (0.8 against D 0.1).
    const first = ctcFrames(spaced(misread), 0.9, { [at(3)]: ['S', 0.35] });
    const second = ctcFrames(spaced(line1), 0.9, { [at(3)]: ['D', 0.1] });
    const out = arbitrateStateCodes('TD3', [misread, line2], [[first, second], []]);
    expect(out.lines).toEqual([line1, line2]);
    expect(out.changes).toHaveLength(1);
    const joint = (text: string) => ctcLogLikelihood(first, text) + ctcLogLikelihood(second, text);
    expect(out.changes[0]).toMatchObject({ line: 0, start: 2, from: 'IDL', to: 'ISL' });
    // cost: the line as read against the line with ISL (negative: ISL is likelier); lead: over the next listed code.
    expect(out.changes[0]?.cost).toBeCloseTo(joint(misread) - joint(line1), 6);
    expect(out.changes[0]?.cost).toBeLessThan(0);
    expect(out.changes[0]?.lead).toBeGreaterThanOrEqual(Math.log(20));
  });

  it('keeps a code no state has unless the recognisers find a listed one nearly as likely (a specimen’s INP, CMW)', () => {
    const inp = withChar(withChar(line1, 3, 'N'), 4, 'P');
    // Both read INP, P at 0.81 against D at 0.09: of the listed codes IND is likeliest (MNP, one letter away too, has
    // 0.1 / 37 at the I: IND leads by 37^2), but the line as read is 9^2 = 81 times likelier still: above 20.
    const first = ctcFrames(spaced(inp), 0.9, { [at(4)]: ['D', 0.09] });
    const second = ctcFrames(spaced(inp), 0.9, { [at(4)]: ['D', 0.09] });
    const out = arbitrateStateCodes('TD3', [inp, line2], [[first, second], []]);
    expect(out.lines[0]).toBe(inp);
    expect(out.changes).toEqual([]);
    // With one recogniser's bound of 1000 (decodeMrzLine.ts) IND would be taken: the fictional CMW read CNW became CMR so.
    expect(arbitrateStateCodes('TD3', [inp, line2], [[first, second], []], { maxCost: 1000 }).lines[0]?.slice(2, 5)).toBe('IND');
  });

  it('keeps a code no state has that the recognisers read better than its listed neighbour (a specimen’s COU read OOO, not COG)', () => {
    const printed = 'P<COUSAMPLE<<SUSANNA<<<<<<<<<<<<<<<<<<<<<<<<';
    const decoded = withChar(withChar(printed, 2, 'O'), 4, 'O'); // OOO, as a worse decoding of the field read it
    const line2COU = withChar(withChar(withChar(line2, 10, 'C'), 11, 'O'), 12, 'U');
    // Both recognisers see C (O at 0.05) and U with G at `g`: COG is the likeliest listed code, far likelier than OOO.
    const experts = (g: number) => [0, 1].map(() => ctcFrames(spaced(printed), 0.9, { [at(2)]: ['O', 0.05], [at(4)]: ['G', g] }));
    const kept = arbitrateStateCodes('TD3', [decoded, line2COU], [experts(0.08), []]);
    // COU is 0.82 / 0.08 times likelier than COG to each recogniser: (10.25)^2 > 20, so the field stays as read.
    expect(kept.lines[0]).toBe(decoded);
    expect(kept.changes).toEqual([]);
    // Where the recognisers find G nearly as likely as U ((0.5 / 0.4)^2 < 20), COG is taken, its cost against COU.
    const taken = arbitrateStateCodes('TD3', [decoded, line2COU], [experts(0.4), []]);
    expect(taken.lines[0]?.slice(2, 5)).toBe('COG');
    const joint = (text: string) => experts(0.4).reduce((sum, e) => sum + ctcLogLikelihood(e, text), 0);
    expect(taken.changes[0]?.cost).toBeCloseTo(joint(printed) - joint(withChar(printed, 4, 'G')), 6);
  });

  it('keeps the code as read when two listed codes tie (IDL: S or R alike)', () => {
    const first = ctcFrames(spaced(misread), 0.9, { [at(3)]: ['S', 0.3] });
    const second = ctcFrames(spaced(misread), 0.9, { [at(3)]: ['R', 0.3] });
    const tie = ctcFrames(spaced(misread), 0.9, { [at(3)]: ['S', 0.3] });
    // S and R each got 0.3 from one recogniser and the rest (0.1 / 37) from the other: ISL and IRL tie exactly.
    const out = arbitrateStateCodes('TD3', [misread, line2], [[first, second], []]);
    expect(out.lines[0]).toBe(misread);
    expect(out.changes).toEqual([]);
    // With both leaning to S, ISL leads.
    expect(arbitrateStateCodes('TD3', [misread, line2], [[first, tie], []]).lines[0]).toBe(line1);
  });

  it('never changes a listed code, and weighs nothing with fewer than two recognisers', () => {
    // Both recognisers find IRL likelier than the ISL the reading holds: ISL is listed, so it stands.
    const irl = withChar(line1, 3, 'R');
    const first = ctcFrames(spaced(irl), 0.9);
    expect(arbitrateStateCodes('TD3', [line1, line2], [[first, ctcFrames(spaced(irl), 0.9)], []]).lines[0]).toBe(line1);
    const lone = ctcFrames(spaced(line1), 0.9);
    expect(arbitrateStateCodes('TD3', [misread, line2], [[lone], []]).lines[0]).toBe(misread);
  });

  it("takes a passport's issuing state for a nationality the recognisers nearly tie on (CHN read CKN: CHN or CAN)", () => {
    const passport = ['P<CHNLEFEBVRE<<LI<<<<<<<<<<<<<<<<<<<<<<<<<<<', '1527L89<<7CHN2205142F3408087<<<<<<<<<<<<<<04'];
    const read = withChar(passport[1] as string, 11, 'K');
    /** The recogniser's line read as `read`, its frame of position 11 shared out as given (the rest evenly). */
    const split = (shares: Record<string, number>) => {
      const line = ctcFrames(spaced(read), 0.9);
      const row = at(11) * MRZ_CLASSES;
      const given = Object.values(shares).reduce((a, b) => a + b, 0);
      for (let c = 0; c < MRZ_CLASSES; c++) line.probs[row + c] = (1 - given) / (MRZ_CLASSES - Object.keys(shares).length);
      for (const [ch, p] of Object.entries(shares)) line.probs[row + MRZ_ALPHABET.indexOf(ch) + 1] = p;
      return line;
    };
    // Both read K; H and A get nearly the same: CHN leads CAN by e^0.07 only, and CKN is e^0.6 likelier than CHN.
    const experts = [split({ K: 0.4, H: 0.3, A: 0.28 }), split({ K: 0.4, H: 0.29, A: 0.29 })];
    const withIssuer = (code: string, type = 'P<') => `${type}${code}${(passport[0] as string).slice(5)}`;
    const nationality = (first: string, opts = {}) => arbitrateStateCodes('TD3', [first, read], [[], experts], opts).lines[1]?.slice(10, 13);
    expect(nationality(withIssuer('CHN'))).toBe('CHN');
    // The lead must still reach 20: issued by CAN, the prior less the recognisers' lean to CHN falls short of it.
    expect(nationality(withIssuer('CAN'))).toBe('CKN');
    // Without the prior, or on a visa (issued to foreigners), or with an issuer on no list, the code stays as read.
    expect(nationality(withIssuer('CHN'), { issuerPrior: 1 })).toBe('CKN');
    expect(nationality(withIssuer('CHN', 'V<'))).toBe('CKN');
    expect(nationality(withIssuer('CQN'))).toBe('CKN');
    const out = arbitrateStateCodes('TD3', [withIssuer('CHN'), read], [[], experts]);
    expect(out.changes[0]).toMatchObject({ line: 1, start: 10, from: 'CKN', to: 'CHN' });
    // The cost is the recognisers' alone (the line as read against it with CHN); the lead includes the prior.
    const joint = (text: string) => experts.reduce((sum, line) => sum + ctcLogLikelihood(line, text), 0);
    expect(out.changes[0]?.cost).toBeCloseTo(joint(read) - joint(passport[1] as string), 6);
    expect(out.changes[0]?.lead).toBeCloseTo(Math.log(20) + joint(passport[1] as string) - joint(withChar(passport[1] as string, 11, 'A')), 6);
  });

  it("lets a passport's issuing state pay a higher cost than other codes (POL read PGL, synthetic seed 6464 syn-0162)", () => {
    const passport = ['P<POLFISCHER<<ADA<PETER<<<<<<<<<<<<<<<<<<<<<', '7122224152POL0205148M2904076<<<<<<<<<<<<<<<2'];
    const read = withChar(passport[1] as string, 11, 'G');
    /** Both recognisers read G at position 11 with `g`, O with `o`, the rest of that frame evenly. */
    const experts = (g: number, o: number) =>
      [0, 1].map(() => {
        const line = ctcFrames(spaced(read), 0.9);
        const row = at(11) * MRZ_CLASSES;
        for (let c = 0; c < MRZ_CLASSES; c++) line.probs[row + c] = (1 - g - o) / (MRZ_CLASSES - 2);
        line.probs[row + MRZ_ALPHABET.indexOf('G') + 1] = g;
        line.probs[row + MRZ_ALPHABET.indexOf('O') + 1] = o;
        return line;
      });
    const withIssuer = (code: string, type = 'P<') => `${type}${code}${(passport[0] as string).slice(5)}`;
    const run = (first: string, g: number, o: number) => arbitrateStateCodes('TD3', [first, read], [[], experts(g, o)]);
    // G at 0.8 and O at 0.1 to each: PGL is 8^2 = e^4.16 likelier than POL, over maxCost (20 = e^3.0) but within
    // maxCost times the issuer prior (400 = e^5.99). Issued by POL, POL is taken; issued by DEU, or on a visa, not.
    const taken = run(withIssuer('POL'), 0.8, 0.1);
    expect(taken.lines[1]?.slice(10, 13)).toBe('POL');
    expect(taken.changes[0]?.cost).toBeCloseTo(2 * Math.log(8), 2);
    expect(run(withIssuer('DEU'), 0.8, 0.1).lines[1]?.slice(10, 13)).toBe('PGL');
    expect(run(withIssuer('POL', 'V<'), 0.8, 0.1).lines[1]?.slice(10, 13)).toBe('PGL');
    // G at 0.9 and O at 0.04: (22.5)^2 = e^6.2, over 400 as well: the code stays as read.
    expect(run(withIssuer('POL'), 0.9, 0.04).lines[1]?.slice(10, 13)).toBe('PGL');
    // Without the prior the bound is maxCost alone.
    expect(arbitrateStateCodes('TD3', [withIssuer('POL'), read], [[], experts(0.8, 0.1)], { issuerPrior: 1 }).lines[1]?.slice(10, 13)).toBe('PGL');
  });

  it('weighs the nationality on the second line of a TD1 card', () => {
    const td1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
    const read = withChar(td1[1] as string, 15, 'V'); // VTO: on no list
    const first = ctcFrames(spaced(read), 0.9, { [at(15)]: ['U', 0.3] });
    const second = ctcFrames(spaced(td1[1] as string), 0.9);
    const out = arbitrateStateCodes('TD1', [td1[0] as string, read, td1[2] as string], [[], [first, second], []]);
    expect(out.lines).toEqual(td1);
    expect(out.changes[0]).toMatchObject({ line: 1, start: 15, from: 'VTO', to: 'UTO' });
  });
});
