import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** One labelled image of an evaluation set. */
export interface LabelledImage {
  /** Absolute path. */
  readonly file: string;
  /** Identity label. */
  readonly identity: string;
  /** Fold (LFW) or 0 when the set has no folds. */
  readonly fold: number;
}

/** One pair of the LFW protocol. */
export interface ProtocolPair {
  readonly a: string;
  readonly b: string;
  readonly same: boolean;
  readonly fold: number;
}

/** An LFW-style set: images with folds and the official pairs. */
export interface LfwSet {
  readonly images: LabelledImage[];
  readonly pairs: ProtocolPair[];
  readonly folds: number;
  readonly pairsPerFold: number;
}

/**
 * Reads an LFW development set laid out as ../shared/data/faces/lfw: `manifest_dev.csv` (`path,identity,fold`) and
 * `pairs_dev.txt` in the official `pairs.txt` format (header `<folds>\t<n>`, then per fold `n` matched lines
 * `name\ti\tj` followed by `n` mismatched lines `name1\ti\tname2\tj`).
 *
 * @param dir - the set's directory
 * @throws {Error} when the files are missing or a line is malformed
 */
export async function readLfwSet(dir: string): Promise<LfwSet> {
  const manifest = (await readFile(path.join(dir, 'manifest_dev.csv'), 'utf8')).trim().split(/\r?\n/).slice(1);
  const images = manifest.map((line) => {
    const [rel, identity, fold] = line.split(',');
    if (!rel || !identity || !fold) throw new Error(`Malformed manifest line: ${line}`);
    return { file: path.join(dir, rel), identity, fold: Number(fold) };
  });
  const lines = (await readFile(path.join(dir, 'pairs_dev.txt'), 'utf8')).trim().split(/\r?\n/);
  const [folds, perFold] = lines[0]!.split(/\s+/).map(Number) as [number, number];
  const file = (name: string, i: string) => path.join(dir, 'images', `${name}_${i.padStart(4, '0')}.jpg`);
  const pairs = lines.slice(1).map((line, k): ProtocolPair => {
    const f = line.split('\t');
    const fold = Math.floor(k / (2 * perFold)) + 1;
    if (f.length === 3) return { a: file(f[0]!, f[1]!), b: file(f[0]!, f[2]!), same: true, fold };
    if (f.length === 4) return { a: file(f[0]!, f[1]!), b: file(f[2]!, f[3]!), same: false, fold };
    throw new Error(`Malformed pairs line ${k + 2}: ${line}`);
  });
  return { images, pairs, folds, pairsPerFold: perFold };
}

/**
 * Reads a labelled folder `<root>/<identity>/<image>` (jpg, jpeg, png, webp). Identities with a single image
 * still contribute impostor comparisons.
 * @param root - the folder
 */
export async function readLabelledFolder(root: string): Promise<LabelledImage[]> {
  const out: LabelledImage[] = [];
  for (const entry of (await readdir(root, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    for (const f of (await readdir(path.join(root, entry.name))).sort()) {
      if (/\.(jpe?g|png|webp)$/i.test(f)) out.push({ file: path.join(root, entry.name, f), identity: entry.name, fold: 0 });
    }
  }
  return out;
}

/**
 * Scores every pair of images: genuine when the identities are equal, impostor otherwise. Images without a vector
 * (no face found) are skipped and should be reported as failures to enrol.
 *
 * @param items - identity and vector of each image
 * @param score - similarity of two vectors (higher = more similar)
 */
export function allPairScores(
  items: ReadonlyArray<{ identity: string; vector: Float32Array | null }>,
  score: (a: Float32Array, b: Float32Array) => number,
): { genuine: Float64Array; impostor: Float64Array } {
  const usable = items.filter((i): i is { identity: string; vector: Float32Array } => i.vector !== null);
  const genuine: number[] = [];
  const n = usable.length;
  const impostor = new Float64Array((n * (n - 1)) / 2);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const a = usable[i]!;
    for (let j = i + 1; j < n; j++) {
      const b = usable[j]!;
      const s = score(a.vector, b.vector);
      if (a.identity === b.identity) genuine.push(s);
      else impostor[k++] = s;
    }
  }
  return { genuine: Float64Array.from(genuine), impostor: impostor.subarray(0, k) };
}
