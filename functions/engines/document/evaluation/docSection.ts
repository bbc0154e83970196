/**
 * Replaces the `## heading` section of a Markdown document (up to the next `## ` heading) with `body`, or appends
 * it when absent; other sections are kept as they are.
 * @param doc - the whole document
 * @param heading - the heading text without `## `
 * @param body - the new section content, without its heading
 */
export function replaceSection(doc: string, heading: string, body: string): string {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  const block = [`## ${heading}`, '', body.trim(), ''];
  if (start === -1) return `${doc.trimEnd()}\n\n${block.join('\n')}`;
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end === -1) end = lines.length;
  return [...lines.slice(0, start), ...block, ...lines.slice(end)].join('\n');
}

/**
 * Replaces the content between `<!-- name -->` and `<!-- /name -->`, or appends the marked block.
 * @param doc - the whole document
 * @param name - marker name, e.g. `bench:document`
 * @param body - new content
 */
export function replaceMarkedBlock(doc: string, name: string, body: string): string {
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const block = `${open}\n${body.trim()}\n${close}`;
  const a = doc.indexOf(open);
  const b = doc.indexOf(close);
  if (a === -1 || b === -1 || b < a) return `${doc.trimEnd()}\n\n${block}\n`;
  return doc.slice(0, a) + block + doc.slice(b + close.length);
}

/** A Markdown table. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}
