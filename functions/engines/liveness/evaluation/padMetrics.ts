/**
 * Presentation attack detection metrics of ISO/IEC 30107-3:2017, clause 13: APCER (attack presentation
 * classification error rate: share of attack presentations of one PAI species accepted as bona fide), BPCER (bona
 * fide presentation classification error rate: share of bona fide presentations rejected as attacks), and ACER
 * (average of the worst species' APCER and the BPCER; defined in the 2017 edition and widely reported, though the
 * 2023 edition discourages averaging).
 */

/** One scored presentation. */
export interface ScoredPresentation {
  /** `true` for bona fide (live), `false` for an attack. */
  readonly bonaFide: boolean;
  /** Attack species (`print`, `replay`, …) for attacks, empty for bona fide. */
  readonly species: string;
  /** Liveness score; at or above the threshold means "bona fide". */
  readonly score: number;
}

/** Result of {@link padMetrics}. */
export interface PadMetrics {
  /** Bona fide presentations. */
  readonly bonaFide: number;
  /** Attack presentations. */
  readonly attacks: number;
  /** Attacks accepted, per species, with counts. */
  readonly apcerBySpecies: ReadonlyArray<{ species: string; apcer: number; accepted: number; total: number }>;
  /** Worst species' APCER (APCER_PAIS of the standard's "maximum over species"), 0-1; NaN without attacks. */
  readonly apcer: number;
  /** BPCER, 0-1; NaN without bona fide presentations. */
  readonly bpcer: number;
  /** Bona fide presentations rejected. */
  readonly rejected: number;
  /** (APCER + BPCER) / 2. */
  readonly acer: number;
}

/**
 * Computes APCER per species, worst-case APCER, BPCER and ACER at a threshold.
 * @param items - scored presentations
 * @param threshold - `score >= threshold` is classified bona fide
 */
export function padMetrics(items: readonly ScoredPresentation[], threshold: number): PadMetrics {
  const bona = items.filter((i) => i.bonaFide);
  const attacks = items.filter((i) => !i.bonaFide);
  const species = [...new Set(attacks.map((a) => a.species))].sort();
  const apcerBySpecies = species.map((s) => {
    const of = attacks.filter((a) => a.species === s);
    const accepted = of.filter((a) => a.score >= threshold).length;
    return { species: s, apcer: accepted / of.length, accepted, total: of.length };
  });
  const apcer = apcerBySpecies.length ? Math.max(...apcerBySpecies.map((s) => s.apcer)) : Number.NaN;
  const rejected = bona.filter((b) => b.score < threshold).length;
  const bpcer = bona.length ? rejected / bona.length : Number.NaN;
  return { bonaFide: bona.length, attacks: attacks.length, apcerBySpecies, apcer, bpcer, rejected, acer: (apcer + bpcer) / 2 };
}

/**
 * The first interval of thresholds that minimise ACER on the given data, as `(low, high]`: any threshold in it gives
 * the same, lowest error. When the classes separate perfectly this is (highest attack score, lowest bona fide score].
 * @param items - scored presentations
 */
export function bestThresholdInterval(items: readonly ScoredPresentation[]): { low: number; high: number; acer: number } {
  const cuts = [...new Set(items.map((i) => i.score))].sort((a, b) => a - b);
  const candidates = [...cuts, Number.POSITIVE_INFINITY];
  let best = { low: Number.NEGATIVE_INFINITY, high: Number.NEGATIVE_INFINITY, acer: Number.POSITIVE_INFINITY };
  let prev = Number.NEGATIVE_INFINITY;
  let extending = false;
  for (const t of candidates) {
    const acer = padMetrics(items, t).acer;
    if (acer < best.acer - 1e-12) {
      best = { low: prev, high: t, acer };
      extending = true;
    } else if (extending && Math.abs(acer - best.acer) <= 1e-12) {
      best = { ...best, high: t };
    } else {
      extending = false;
    }
    prev = t;
  }
  return best;
}
