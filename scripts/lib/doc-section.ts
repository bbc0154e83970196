import { readFile, writeFile } from 'node:fs/promises';

/**
 * Replaces the block between `<!-- MARKER -->` and `<!-- /MARKER -->` in a Markdown file with `markdown`, or appends
 * the block when the file has none. The measuring scripts (`npm run bench`, `npm run eval:*`) write their numbers
 * into docs/ this way, so that hand-written text around them survives each run.
 *
 * @param file - path of the Markdown file; created with `initial` when absent
 * @param marker - e.g. `bench:ip-analysis`, `portrait:document`
 * @param markdown - the block's new content (without the markers)
 * @param initial - the file's text when it does not exist yet
 */
export async function writeMarkedSection(file: string, marker: string, markdown: string, initial = ''): Promise<void> {
  let text = await readFile(file, 'utf8').catch(() => initial);
  const start = `<!-- ${marker} -->`;
  const end = `<!-- /${marker} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  text = from >= 0 && to > from ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  await writeFile(file, text);
}
