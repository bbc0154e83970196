/**
 * Tokenises every listed name once, into a shared vocabulary. The index builder stores the result in the index
 * file (`matching` section), so that loading an index in a Lambda cold start skips transliteration and
 * phonetic coding; the loader recomputes it when the file was built by another tokenizer version.
 */
import type { AmlEntity } from '../types.ts';
import { phoneticKeys } from '../text/phoneticKeys.ts';
import { tokenizeName } from '../text/tokenizeName.ts';

/**
 * Version of name normalisation (text/foldToAscii.ts, text/tokenizeName.ts, text/nameStopwords.ts, text/isLegalForm.ts,
 * text/phoneticKeys.ts). Bump it whenever any of them changes, so stored tokens are not mixed with new ones.
 */
export const TOKENIZER_VERSION = '6';

/** Tokens of all names, entity by entity, name by name. */
export interface TokenizedNames {
  readonly tokenizer: string;
  /** Distinct name parts. */
  readonly vocabulary: string[];
  /** Double-metaphone codes of each part, space-separated ('' when none). */
  readonly phonetic: string[];
  /** For every name of every entity in order: vocabulary ids of its tokens (empty when nothing is left). */
  readonly names: number[][];
}

/** Tokenises the names of `entities`. */
export function tokenizeEntityNames(entities: readonly AmlEntity[]): TokenizedNames {
  const ids = new Map<string, number>();
  const vocabulary: string[] = [];
  const phonetic: string[] = [];
  const names: number[][] = [];
  for (const entity of entities) {
    for (const name of entity.names) {
      names.push(
        tokenizeName(name.value, name.script).map((t) => {
          let id = ids.get(t.text);
          if (id === undefined) {
            id = vocabulary.length;
            ids.set(t.text, id);
            vocabulary.push(t.text);
            phonetic.push(phoneticKeys(t.text).join(' '));
          }
          return id;
        }),
      );
    }
  }
  return { tokenizer: TOKENIZER_VERSION, vocabulary, phonetic, names };
}
