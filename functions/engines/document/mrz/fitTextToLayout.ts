import { LOOK_ALIKES } from './lookAlikes.ts';

/**
 * Fits a line of OCR text of any length to an MRZ line of exactly `allowed.length` characters, for recognisers that
 * return plain text (Tesseract): characters outside the MRZ alphabet are dropped (`«` and `‹` count as `<`),
 * surplus or missing characters are taken from or added to the longest filler run (where OCR miscounts most),
 * and a character a position does not allow is replaced by its look-alike that it does allow (`O` -> `0` in a
 * date). Whatever still does not fit is left for the check digits to refuse.
 *
 * @param text - the OCR text of one line
 * @param allowed - allowed characters per position (from the layout)
 * @returns a line of exactly `allowed.length` MRZ characters
 * @example fitTextToLayout('P<UTOERIKSSON<<ANNA<MARIA<<<<<<', td3Line1Classes) // padded with `<` to 44
 */
export function fitTextToLayout(text: string, allowed: readonly string[]): string {
  const n = allowed.length;
  let s = text
    .toUpperCase()
    .replace(/[«‹]/g, '<')
    .replace(/[^0-9A-Z<]/g, '');
  while (s.length > n) {
    const run = longestRun(s);
    s = run ? s.slice(0, run.start) + s.slice(run.start + 1) : s.slice(0, n);
  }
  while (s.length < n) {
    const run = longestRun(s);
    s = run ? s.slice(0, run.start) + '<' + s.slice(run.start) : s + '<';
  }
  let out = '';
  for (let i = 0; i < n; i++) {
    const ch = s[i] as string;
    const ok = allowed[i] as string;
    if (ok.includes(ch)) out += ch;
    else out += [...(LOOK_ALIKES[ch] ?? '')].find((c) => ok.includes(c)) ?? ch;
  }
  return out;
}

function longestRun(s: string): { start: number; length: number } | null {
  let best: { start: number; length: number } | null = null;
  for (let i = 0; i < s.length; ) {
    if (s[i] !== '<') {
      i++;
      continue;
    }
    let j = i;
    while (s[j] === '<') j++;
    if (!best || j - i >= best.length) best = { start: i, length: j - i };
    i = j;
  }
  return best;
}
