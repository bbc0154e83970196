import path from 'node:path';

/** Repository root (test/unit/engines/document -> ../../../..). */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
/** The shared real-document set (never copied into the repository). */
export const sharedDocuments = path.resolve(repoRoot, '..', 'shared', 'data', 'documents');

/** ICAO Doc 9303 specimen MRZs ("Utopia"): Part 4 Appendix (TD3), Part 6 (TD2), Part 5 (TD1). */
export const UTOPIA = {
  TD3: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
  TD2: ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'],
  TD1: ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'],
} as const;

/** Replaces one character of one line. */
export function mutate(lines: readonly string[], line: number, index: number, ch: string): string[] {
  return lines.map((l, i) => (i === line ? l.slice(0, index) + ch + l.slice(index + 1) : l));
}
