import { describe, expect, it } from 'vitest';
import { witnessNames, WITNESS_MIN_WORD } from '../../../../functions/engines/document/reading/witnessNames.ts';

/** A TD3 names line: `P<` + issuing state + the name region padded to 44. */
const td3 = (names: string) => `P<ITA${names}`.padEnd(44, '<');
/** `text` with the character at `k` replaced. */
const at = (text: string, k: number, ch: string) => text.slice(0, k) + ch + text.slice(k + 1);
const MIN = Math.log(5);

describe('witnessNames', () => {
  const chosen = td3('GARCSA<<INGRID<MIN');
  const right = td3('GARCIA<<INGRID<MIN');
  // The S of GARCSA (position 9): the recognisers preferred I by e^4.4, but a bound kept it out.
  const rivals = [
    { text: right, lead: -4.4 },
    { text: at(chosen, 9, 'B'), lead: 3.1 },
    { text: at(chosen, 13, 'E'), lead: 9.5 }, // INGRID against INGRIE: not in doubt
  ];

  it('takes the one spelling of a doubtful word that the visual zone prints', () => {
    const w = witnessNames('TD3', 0, chosen, rivals, new Set(['SURNAME', 'GARCIA', 'NGIDM', 'PASSPORT']), MIN);
    expect(w).toEqual({ line: 0, from: chosen.slice(5), to: right.slice(5), text: right });
  });

  it('confirms the chosen spelling when the visual zone prints it and no rival', () => {
    const w = witnessNames('TD3', 0, right, [{ text: chosen, lead: 0.4 }], new Set(['GARCIA', 'INGRID']), MIN);
    expect(w).toEqual({ line: 0, from: right.slice(5), to: right.slice(5), text: right });
  });

  it('settles nothing when the visual zone prints two spellings, or none', () => {
    expect(witnessNames('TD3', 0, chosen, rivals, new Set(['GARCIA', 'GARCSA']), MIN)).toBeNull();
    expect(witnessNames('TD3', 0, chosen, rivals, new Set(['PASSPORT', 'INGRID']), MIN)).toBeNull();
    expect(witnessNames('TD3', 0, chosen, rivals, new Set(), MIN)).toBeNull();
  });

  it('weighs only rivals led by less than the margin: names not in doubt are not witnessed', () => {
    expect(witnessNames('TD3', 0, chosen, rivals.map((r) => ({ ...r, lead: 6 })), new Set(['GARCIA']), MIN)).toBeNull();
    // INGRIE leads by 9.5: the visual zone printing INGRIE changes nothing.
    expect(witnessNames('TD3', 0, chosen, rivals, new Set(['GARCIA', 'INGRIE']), MIN)?.to).toBe(right.slice(5));
  });

  it('ignores rivals that are not one name character away from the line given (a later step changed it)', () => {
    expect(witnessNames('TD3', 0, chosen, [{ text: td3('GARCIA<<INGRIX<MIN'), lead: 0 }], new Set(['GARCIA']), MIN)).toBeNull();
    // Nor a rival in the document code or state (positions 0-4).
    expect(witnessNames('TD3', 0, chosen, [{ text: at(chosen, 2, 'X'), lead: 0 }], new Set(['GARCIA']), MIN)).toBeNull();
  });

  it('weighs every spelling of a word with two doubtful letters', () => {
    const twice = td3('GAPCSA<<INGRID');
    const both = [{ text: at(twice, 7, 'R'), lead: 1 }, { text: at(twice, 9, 'I'), lead: 0.5 }];
    expect(witnessNames('TD3', 0, twice, both, new Set(['GARCIA']), MIN)?.to).toBe(td3('GARCIA<<INGRID').slice(5));
    // Two spellings printed: nothing is settled.
    expect(witnessNames('TD3', 0, twice, both, new Set(['GAPCIA', 'GARCIA']), MIN)).toBeNull();
  });

  it('settles each doubtful word on its own, and all or nothing', () => {
    const two = td3('GARCSA<<INGNID');
    const doubts = [{ text: at(two, 9, 'I'), lead: 0.5 }, { text: at(two, 16, 'R'), lead: 1.2 }];
    expect(witnessNames('TD3', 0, two, doubts, new Set(['GARCIA', 'INGRID']), MIN)?.to).toBe(td3('GARCIA<<INGRID').slice(5));
    expect(witnessNames('TD3', 0, two, doubts, new Set(['GARCIA']), MIN)).toBeNull();
  });

  it('weighs a filler next to a word as a letter that lengthens it', () => {
    const short = td3('KHAN<<OMAR');
    const doubts = [{ text: at(short, 15, 'E'), lead: 0.3 }];
    expect(witnessNames('TD3', 0, short, doubts, new Set(['OMAR', 'KHAN']), MIN)?.to).toBe(short.slice(5));
    expect(witnessNames('TD3', 0, short, doubts, new Set(['OMARE', 'KHAN']), MIN)?.to).toBe(td3('KHAN<<OMARE').slice(5));
  });

  it('takes a printed word that a full name region cuts short as witness of its start', () => {
    // 39 name characters without a filler at the end: CHRISTOPHERSON cut to CHRISTOPHERSO, read CHRISTOPHEPSO.
    const cut = `P<GBR${'MONTGOMERYWORTHINGTONSMY'}<<CHRISTOPHEPSO`;
    expect(cut).toHaveLength(44);
    const doubts = [{ text: at(cut, 41, 'R'), lead: 0.2 }];
    const printed = new Set(['MONTGOMERYWORTHINGTONSMY', 'CHRISTOPHERSON']);
    expect(witnessNames('TD3', 0, cut, doubts, printed, MIN)?.text).toBe(at(cut, 41, 'R'));
    // A region that ends with a filler is not cut: the word must be printed whole.
    const open = td3('SMITH<<CHRISTOPHEPSO');
    const k = open.indexOf('PSO');
    expect(witnessNames('TD3', 0, open, [{ text: at(open, k, 'R'), lead: 0.2 }], new Set(['CHRISTOPHERSON']), MIN)).toBeNull();
    // A cut run shorter than four letters is begun by too many words of a page's paragraphs: no witness.
    const short = `P<GBR${'MONTGOMERYWORTHINGTONSMYTHEBAKERSON'}<<MN`;
    expect(short).toHaveLength(44);
    const shortDoubts = [{ text: at(short, 43, 'A'), lead: 0.2 }];
    expect(witnessNames('TD3', 0, short, shortDoubts, new Set(['MONTGOMERYWORTHINGTONSMYTHEBAKERSON', 'MACHINE']), MIN)).toBeNull();
    expect(witnessNames('TD3', 0, short, shortDoubts, new Set(['MONTGOMERYWORTHINGTONSMYTHEBAKERSON', 'MA']), MIN)?.text).toBe(at(short, 43, 'A'));
  });

  it('finds a word the visual zone printed joined to its neighbours (the space read as nothing)', () => {
    const two = td3('MARTIN<<MIA<JOHM');
    const doubts = [{ text: at(two, 20, 'N'), lead: 0.8 }];
    expect(witnessNames('TD3', 0, two, doubts, new Set(['MARTIN', 'MIAJOHN']), MIN)?.to).toBe(td3('MARTIN<<MIA<JOHN').slice(5));
    // Joined to a word the MRZ does not hold, it is no witness.
    expect(witnessNames('TD3', 0, two, doubts, new Set(['MARTIN', 'MIAJOHNSON']), MIN)).toBeNull();
  });

  it(`never witnesses a word shorter than ${WITNESS_MIN_WORD} letters`, () => {
    const initial = td3('SMITH<<J');
    expect(witnessNames('TD3', 0, initial, [{ text: at(initial, 12, 'I'), lead: 0.1 }], new Set(['SMITH', 'J', 'I']), MIN)).toBeNull();
  });

  it('witnesses the names line of a TD1 card (its third line)', () => {
    const line = 'GARCSA<<INGRID'.padEnd(30, '<');
    const w = witnessNames('TD1', 2, line, [{ text: at(line, 4, 'I'), lead: -1 }], new Set(['GARCIA']), MIN);
    expect(w?.to).toBe('GARCIA<<INGRID'.padEnd(30, '<'));
    expect(witnessNames('TD1', 0, line, [], new Set(['GARCIA']), MIN)).toBeNull();
  });
});
