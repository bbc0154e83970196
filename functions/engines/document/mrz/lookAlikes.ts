/**
 * OCR-B look-alikes: characters that OCR engines confuse at MRZ sizes (0/O/D/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B, 4/A,
 * and `<` with K, C, E in low resolution). Used as correction candidates that check digits must prove, and to map a
 * character into the class of its position.
 */
export const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '0': 'ODQ', O: '0DQ', D: '0O', Q: '0O',
  '1': 'IL', I: '1L', L: '1I',
  '2': 'Z', Z: '2',
  '5': 'S', S: '5',
  '6': 'G', G: '6',
  '8': 'B', B: '8',
  '4': 'A', A: '4',
  '<': 'KCE', K: '<', C: '<', E: '<',
};
