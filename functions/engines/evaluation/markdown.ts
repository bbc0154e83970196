/**
 * Markdown writing shared by the evaluation and bench scripts of every engine (`npm run eval:*`, `npm run bench*`):
 * they write their tables into docs/ by replacing one section or one marked block, so that hand-written text and
 * other scripts' sections survive each run.
 */
import { readFile, writeFile } from 'node:fs/promises';

/**
 * Replaces (or appends) the section that starts with the line `heading` (e.g. `## Face match`) and runs to the next
 * heading of the same or a higher level, leaving every other section untouched. Used by the evaluation scripts to
 * write their tables into docs/accuracy.md, which other engines' scripts also write to.
 *
 * @param doc - the whole document
 * @param heading - the section's heading line, `#` marks included
 * @param body - the new section content, without the heading line
 */
export function replaceSection(doc: string, heading: string, body: string): string {
  const level = /^#+/.exec(heading)?.[0].length ?? 2;
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading.trim());
  const section = [heading, '', body.trim(), ''];
  if (start < 0) {
    const trimmed = doc.replace(/\s*$/, '');
    return `${trimmed}${trimmed ? '\n\n' : ''}${section.join('\n')}`;
  }
  let end = lines.length;
  for (let i = start + 1; i < lines.length; i++) {
    const m = /^(#+)\s/.exec(lines[i]!);
    if (m && m[1]!.length <= level) {
      end = i;
      break;
    }
  }
  return [...lines.slice(0, start), ...section, ...lines.slice(end)].join('\n').replace(/\n{3,}/g, '\n\n');
}

/**
 * Replaces (or appends) the block between `<!-- NAME -->` and `<!-- /NAME -->` markers.
 * @param doc - the whole document
 * @param name - marker name, e.g. `bench:face`
 * @param body - new content between the markers
 */
export function replaceMarkedBlock(doc: string, name: string, body: string): string {
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const block = `${open}\n${body.trim()}\n${close}`;
  const a = doc.indexOf(open);
  const b = doc.indexOf(close);
  if (a >= 0 && b > a) return doc.slice(0, a) + block + doc.slice(b + close.length);
  const trimmed = doc.replace(/\s*$/, '');
  return `${trimmed}${trimmed ? '\n\n' : ''}${block}\n`;
}

/**
 * Reads a document (empty when absent), applies `edit`, writes it back.
 * @param file - path of the markdown file
 * @param title - first line written when the file is created
 * @param edit - transformation of the whole text
 */
export async function editDocument(file: string, title: string, edit: (doc: string) => string): Promise<void> {
  let doc: string;
  try {
    doc = await readFile(file, 'utf8');
  } catch {
    doc = `${title}\n`;
  }
  await writeFile(file, `${edit(doc).replace(/\s*$/, '')}\n`);
}

/**
 * Formats a markdown table.
 * @param header - column titles
 * @param rows - cells, already formatted
 */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/**
 * Writes `markdown` between `<!-- marker -->` and `<!-- /marker -->` of a Markdown file (appending the block when
 * absent, creating the file with `title` when missing).
 * @param file - path of the Markdown file
 * @param marker - e.g. `bench:ip-analysis`, `portrait:document`
 * @param markdown - the block's new content (without the markers)
 * @param title - first lines written when the file is created
 */
export async function writeMarkedSection(file: string, marker: string, markdown: string, title = ''): Promise<void> {
  await editDocument(file, title, (doc) => replaceMarkedBlock(doc, marker, markdown));
}
