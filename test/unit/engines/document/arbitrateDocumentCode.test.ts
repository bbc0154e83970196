import { describe, expect, it } from 'vitest';
import { arbitrateDocumentCode, VISA_CHECK_ODDS } from '../../../../functions/engines/document/reading/arbitrateDocumentCode.ts';
import { ctcFrames, UTOPIA } from './fixtures.ts';

/** A line's frames: each character, then a blank (`ctcFrames` path). */
const spaced = (text: string) => `${[...text].join('_')}_`;
const asVisa = (line: string) => `V${line.slice(1)}`;

describe('arbitrateDocumentCode', () => {
  const passport = UTOPIA.TD3[0];
  const read = asVisa(passport);

  it("puts back a passport's P that one recogniser read as V by a hair and the other as P clearly", () => {
    // The first reads V at 0.46 against P 0.44; the second reads P at 0.895 against V 0.005: P leads by about e^5.1.
    const first = ctcFrames(spaced(read), 0.9, { 0: ['P', 0.44] });
    const second = ctcFrames(spaced(passport), 0.9, { 0: ['V', 0.005] });
    const { line, change } = arbitrateDocumentCode('TD3', read, [first, second]);
    expect(line).toBe(passport);
    expect(change?.from).toBe('V');
    expect(change?.to).toBe('P');
    expect(change?.lead).toBeGreaterThan(Math.log(20));
  });

  it('keeps a V both recognisers read, and one the letters lead by less than the bound', () => {
    const clear = ctcFrames(spaced(read), 0.9, { 0: ['P', 0.01] });
    expect(arbitrateDocumentCode('TD3', read, [clear, clear]).change).toBeNull();
    // P leads by about e^0.65 only (0.44/0.46 and 0.6/0.3).
    const first = ctcFrames(spaced(read), 0.9, { 0: ['P', 0.44] });
    const second = ctcFrames(spaced(passport), 0.9, { 0: ['V', 0.3] });
    expect(arbitrateDocumentCode('TD3', read, [first, second])).toEqual({ line: read, change: null });
  });

  it("lets the check digits a visa lacks decide where the recognisers cannot tell P from V", () => {
    // Both recognisers give V 0.46 and P 0.44: a tie (a 600-px page under heavy noise).
    const tie = ctcFrames(spaced(read), 0.9, { 0: ['P', 0.44] });
    expect(arbitrateDocumentCode('TD3', read, [tie, tie]).change).toBeNull();
    expect(arbitrateDocumentCode('TD3', read, [tie, tie], { checksVisasLack: 1 }).change).toBeNull();
    const both = arbitrateDocumentCode('TD3', read, [tie, tie], { checksVisasLack: 2 });
    expect(both.line).toBe(passport);
    expect(both.change?.lead).toBeCloseTo(2 * Math.log(VISA_CHECK_ODDS) + 2 * Math.log(0.44 / 0.46), 1);
  });

  it('weighs only a V, and only with two recognisers', () => {
    const second = ctcFrames(spaced(passport), 0.9, { 0: ['V', 0.005] });
    expect(arbitrateDocumentCode('TD3', passport, [second, second]).change).toBeNull();
    expect(arbitrateDocumentCode('TD3', read, [second]).change).toBeNull();
  });

  it("chooses among a TD2's letters: a card's I read as V", () => {
    const card = UTOPIA.TD2[0];
    const first = ctcFrames(spaced(asVisa(card)), 0.9, { 0: ['I', 0.4] });
    const second = ctcFrames(spaced(card), 0.9, { 0: ['V', 0.02] });
    expect(arbitrateDocumentCode('TD2', asVisa(card), [first, second])).toMatchObject({ line: card, change: { from: 'V', to: 'I' } });
  });
});
