import { describe, expect, it } from 'vitest';
import { compareWords, decimalToWords, nextAddress, previousAddress, wordsToText } from '../../../../../functions/engines/ip/address/words.ts';

describe('address words', () => {
  it('parses a 128-bit decimal without BigInt', () => {
    // Prepare: 2001:4860:4860::8888 as an unsigned integer
    const decimal = '42541956123769884636017138956568135816';

    // Act
    const words = decimalToWords(decimal, 4);

    // Assess
    expect(words).toEqual([0x20014860, 0x48600000, 0, 0x8888]);
  });

  it('rejects a decimal that overflows its width', () => {
    // Act and Assess
    expect(decimalToWords('4294967296', 1)).toBeNull();
    expect(decimalToWords('4294967295', 1)).toEqual([0xffffffff]);
    expect(decimalToWords('12a', 1)).toBeNull();
  });

  it('steps over word boundaries and stops at the ends of the space', () => {
    // Act and Assess
    expect(nextAddress([0, 0xffffffff, 0xffffffff, 0xffffffff])).toEqual([1, 0, 0, 0]);
    expect(previousAddress([1, 0, 0, 0])).toEqual([0, 0xffffffff, 0xffffffff, 0xffffffff]);
    expect(nextAddress([0xffffffff])).toBeNull();
    expect(previousAddress([0])).toBeNull();
  });

  it('renders RFC 5952 text', () => {
    // Act and Assess
    expect(wordsToText([0x08080808])).toBe('8.8.8.8');
    expect(wordsToText([0x20010db8, 0, 0, 1])).toBe('2001:db8::1');
    expect(wordsToText([0x20010db8, 0x00000001, 0, 1])).toBe('2001:db8:0:1::1');
    expect(wordsToText([0, 0, 0, 0])).toBe('::');
    expect(wordsToText([0x20010db8, 0x00010001, 0x00010001, 0x00010001])).toBe('2001:db8:1:1:1:1:1:1');
  });

  it('orders addresses word by word', () => {
    // Act and Assess
    expect(compareWords([1, 0, 0, 0], [0, 0xffffffff, 0xffffffff, 0xffffffff])).toBeGreaterThan(0);
    expect(compareWords([5], [5])).toBe(0);
  });
});
