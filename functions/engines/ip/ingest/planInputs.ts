/**
 * Decides, for each catalogue source, where its parts are read from in this run, from the `--from` values.
 *
 * `--from` accepts:
 * - a directory laid out like shared/data/ip: each part is looked up at its catalogue `path` inside it;
 * - `<source>=<file-or-url>` or `<source>/<part>=<file-or-url>`: binds one input explicitly (any format);
 * - a bare file or URL: its format is recognised from the content and it is bound to the one catalogue part of that
 *   format (AWS, Google, Azure, Oracle, Fastly JSON, monosans JSON, Onionoo CSV, TorDNSEL).
 * With no `--from` at all, every part is fetched from its official URL.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { IpIngestError } from '../errors.ts';
import { SOURCE_CATALOGUE, type PartDefinition, type SourceDefinition } from './catalogue.ts';
import { sniffFormat } from './formats.ts';
import { isUrl, type InputRead, type InputReader } from './readInput.ts';
import type { PartLocation } from './readSource.ts';

/** What to do with one source in this run. */
export interface SourcePlan {
  /** The source. */
  readonly source: SourceDefinition;
  /** Where to read each part that has an input this run. */
  readonly parts: readonly PartLocation[];
  /** Required parts with no input (the source cannot be refreshed when non-empty and `parts` is non-empty). */
  readonly missing: readonly PartDefinition[];
  /** The `--from` directory the parts were found in, if any (to read its SOURCE.md). */
  readonly dir: string | null;
}

/** The run plan. */
export interface IngestPlan {
  /** One entry per source considered this run, in catalogue order. */
  readonly sources: readonly SourcePlan[];
  /** Inputs read while recognising bare `--from` files, by location (not read twice). */
  readonly preRead: ReadonlyMap<string, InputRead>;
  /** The `--from` directories. */
  readonly dirs: readonly string[];
}

const BINDING = /^([a-z0-9-]+)(?:\/([a-z0-9-]+))?=(.+)$/;

/**
 * Builds the plan.
 * @param from - the `--from` values, in order
 * @param includeOptional - whether `tier: 'optional'` sources are considered without an explicit binding
 * @param read - input reader (used to recognise bare files and URLs)
 * @param catalogue - the sources @default SOURCE_CATALOGUE
 * @throws {IpIngestError} when a binding names an unknown source or part, or a bare input's format is not recognised
 */
export async function planInputs(
  from: readonly string[],
  includeOptional: boolean,
  read: InputReader,
  catalogue: readonly SourceDefinition[] = SOURCE_CATALOGUE,
): Promise<IngestPlan> {
  const dirs: string[] = [];
  const bound = new Map<PartDefinition, PartLocation>();
  const preRead = new Map<string, InputRead>();
  const bind = (source: SourceDefinition, partName: string | undefined, location: string, value: string): void => {
    const part = partName === undefined ? (source.parts.length === 1 ? source.parts[0] : undefined) : source.parts.find((p) => p.part === partName);
    if (part === undefined) {
      const names = source.parts.map((p) => p.part).join(', ');
      const reason =
        partName === undefined
          ? `source ${source.id} has several parts; write ${source.id}/<part>=… with one of: ${names}`
          : `source ${source.id} has no part ${partName}; parts: ${names}`;
      throw new IpIngestError(value, reason);
    }
    bound.set(part, { part, location, recordAs: location });
  };

  for (const value of from) {
    const binding = BINDING.exec(value);
    if (binding !== null && !isUrl(value)) {
      const [, id = '', partName, location = ''] = binding;
      const source = catalogue.find((s) => s.id === id);
      if (source === undefined) throw new IpIngestError(value, `unknown source ${id}; known: ${catalogue.map((s) => s.id).join(', ')}`);
      bind(source, partName, location, value);
      continue;
    }
    if (!isUrl(value) && (await isDirectory(value))) {
      dirs.push(value);
      continue;
    }
    const input = await read(value);
    preRead.set(value, input);
    const format = sniffFormat(input.bytes.toString('utf8'));
    const candidates = catalogue.flatMap((source) => source.parts.filter((part) => part.format === format).map((part) => ({ source, part })));
    if (format === null || candidates.length !== 1) {
      throw new IpIngestError(value, `cannot tell which source this is${format === null ? '' : ` (format ${format})`}; write <source>=${value} or <source>/<part>=${value}`);
    }
    const [{ source, part }] = candidates as [{ source: SourceDefinition; part: PartDefinition }];
    bind(source, part.part, value, value);
  }

  const plans: SourcePlan[] = [];
  for (const source of catalogue) {
    const explicit = source.parts.some((part) => bound.has(part));
    if (source.tier === 'optional' && !includeOptional && !explicit) continue;
    const parts: PartLocation[] = [];
    const missing: PartDefinition[] = [];
    let foundIn: string | null = null;
    for (const part of source.parts) {
      const binding = bound.get(part);
      if (binding !== undefined) {
        parts.push(binding);
        continue;
      }
      if (from.length === 0) {
        if (part.url !== null) parts.push({ part, location: part.url, recordAs: part.url });
        else if (part.optional !== true) missing.push(part);
        continue;
      }
      let found = false;
      for (const dir of dirs) {
        const location = join(dir, part.path);
        if (await isFile(location)) {
          parts.push({ part, location, recordAs: part.path });
          foundIn ??= dir;
          found = true;
          break;
        }
      }
      if (!found && part.optional !== true) missing.push(part);
    }
    plans.push({ source, parts, missing, dir: foundIn });
  }
  return { sources: plans, preRead, dirs };
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
