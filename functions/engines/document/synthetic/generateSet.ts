import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { computeCheckDigit } from '../mrz/computeCheckDigit.ts';
import { composeFrenchIdMrz, composeMrz } from './composeMrz.ts';
import { degradeImage, type Degradation, type Distortion } from './degradeImage.ts';
import { createRandom, type Random } from './random.ts';
import { randomIdentity, type SyntheticIdentity } from './randomIdentity.ts';
import { renderDocument, type PageSpec } from './renderDocument.ts';
import { aamvaPayload, renderPdf417 } from './renderPdf417.ts';

type Plan = { kind: SyntheticDocument['documentKind']; type: SyntheticDocument['documentType']; outcome: SyntheticDocument['expectedOutcome'] };

/** Options of {@link generateSet}. */
export interface GenerateSetOptions {
  /** Output directory (created); receives the images, `fronts/` and `labels.json`. */
  readonly dir: string;
  /** Number of documents. */
  readonly count: number;
  /** Seed of the generator. @default 1 */
  readonly seed?: number;
  /** Reference date (`yyyy-MM-dd`) for ages and expiry. @default "2026-11-21" */
  readonly referenceDate?: string;
  /** Set name in the labels. @default "synthetic" */
  readonly set?: string;
  /** Share of clean, mild and hard captures. @default [0.3, 0.4, 0.3] */
  readonly mix?: readonly [number, number, number];
  /**
   * Kinds to generate, in this order (cycled), instead of drawing them at random with the default shares
   * (passport 45%, ID card 22%, residence permit 13%, failing check digit 7%, visa 7%, no MRZ 6%).
   */
  readonly sequence?: readonly SyntheticPlanName[];
  /**
   * How MRZs are typeset (see renderDocument.ts `PageSpec.mrzTypesetting`): `cells` (every character at its cell)
   * or `mixed` (each document drawn: half in cells, half as letter-spaced strings in OCR-B of 2.6-3.5 mm). `cells`
   * draws no extra random numbers, so its sets are those of the generator before the option existed.
   * @default "cells"
   */
  readonly typesetting?: 'cells' | 'mixed';
  /**
   * Driving licence backs (AAMVA PDF417, {@link SYNTHETIC_PLAN} `licence`) appended after the `count` documents,
   * drawn from a random stream of their own, so that the first `count` documents are those of a set without them.
   * @default 0
   */
  readonly licences?: number;
  /**
   * French national identity cards of 1988-2021 (2 x 36 MRZ on the photo side, composeMrz.ts `composeFrenchIdMrz`,
   * {@link SYNTHETIC_PLAN} `french_id`) appended after the licences, from a random stream of their own.
   * @default 0
   */
  readonly frenchIds?: number;
  /**
   * ICAO TD2 identity cards (2 x 36 MRZ on the photo side, ICAO Doc 9303 Part 6, {@link SYNTHETIC_PLAN} `td2_card`)
   * appended after the French cards, from a random stream of their own.
   * @default 0
   */
  readonly td2Cards?: number;
  /** Font family of every MRZ (renderDocument.ts `PageSpec.mrzFont`); draws no random number. @default "OCR B" */
  readonly mrzFont?: string;
}

/** The kinds of synthetic document. */
export const SYNTHETIC_PLAN = {
  passport: { kind: 'passport', type: 'TD3', outcome: 'read' },
  id_card: { kind: 'id_card', type: 'TD1', outcome: 'read' },
  residence_permit: { kind: 'residence_permit', type: 'TD1', outcome: 'read' },
  checks_fail: { kind: 'passport', type: 'TD3', outcome: 'checks_fail' },
  visa: { kind: 'visa', type: 'MRVA', outcome: 'unsupported_document' },
  no_mrz: { kind: 'other', type: 'none', outcome: 'no_mrz' },
  licence: { kind: 'driving_licence', type: 'AAMVA', outcome: 'read' },
  french_id: { kind: 'id_card', type: 'FRENCH_NATIONAL_ID', outcome: 'read' },
  td2_card: { kind: 'id_card', type: 'TD2', outcome: 'read' },
} as const satisfies Record<string, Plan>;
/** One of the keys of {@link SYNTHETIC_PLAN}. */
export type SyntheticPlanName = keyof typeof SYNTHETIC_PLAN;

/** One generated document, as written to `labels.json` (schema `kyc-document-labels/1`). */
export interface SyntheticDocument {
  readonly id: string;
  readonly group: string;
  readonly documentType: 'TD1' | 'TD2' | 'TD3' | 'MRVA' | 'AAMVA' | 'FRENCH_NATIONAL_ID' | 'none';
  readonly documentKind: 'passport' | 'id_card' | 'residence_permit' | 'visa' | 'driving_licence' | 'other';
  readonly expectedOutcome: 'read' | 'checks_fail' | 'unsupported_document' | 'no_mrz';
  readonly images: Array<{
    file: string;
    side: string;
    capture: string;
    degradation: Degradation;
    distortion: Distortion;
    /** How the MRZ was typeset (absent for a side without MRZ). */
    typesetting?: PageSpec['mrzTypesetting'];
  }>;
  readonly mrz: { lines: string[]; transcription: 'synthetic'; checkDigitsValid: Record<string, boolean>; allCheckDigitsValid: boolean } | null;
  /** The PDF417 payload of a licence back (absent for other documents). */
  readonly barcode?: { text: string; iin: string; aamvaVersion: number };
  readonly expected: Record<string, string | boolean | null> | null;
  /** The card front (no MRZ), for tests of the back side requirement; not an evaluation case. */
  readonly frontFile?: string;
}

const PLANS: ReadonlyArray<[number, Plan]> = [
  [0.45, SYNTHETIC_PLAN.passport],
  [0.22, SYNTHETIC_PLAN.id_card],
  [0.13, SYNTHETIC_PLAN.residence_permit],
  [0.07, SYNTHETIC_PLAN.checks_fail],
  [0.07, SYNTHETIC_PLAN.visa],
  [0.06, SYNTHETIC_PLAN.no_mrz],
];

/**
 * Generates a labelled set of synthetic documents: random valid identities (names, dates, numbers, states), TD3
 * passport data pages and TD1 cards (ID cards and `IR` residence permits) rendered with the OCR-B font, plus
 * negatives (a TD3 with a wrong document-number check digit, MRV-A visas, pages without MRZ), and on request
 * driving licence backs carrying an AAMVA PDF417 ({@link GenerateSetOptions.licences}), each captured clean,
 * mildly or hard degraded (rotation, shear, blur, glare, noise, low resolution, JPEG). The labels follow the
 * schema of ../shared/data/documents (README.md), so `npm run eval:document -- --synthetic DIR` scores them.
 *
 * @param opts - see {@link GenerateSetOptions}
 * @returns the documents written
 */
export async function generateSet(opts: GenerateSetOptions): Promise<SyntheticDocument[]> {
  const rng = createRandom(opts.seed ?? 1);
  const referenceDate = opts.referenceDate ?? '2026-11-21';
  const now = new Date(`${referenceDate}T12:00:00Z`);
  const mix = opts.mix ?? [0.3, 0.4, 0.3];
  await mkdir(path.join(opts.dir, 'fronts'), { recursive: true });
  const documents: SyntheticDocument[] = [];
  for (let n = 0; n < opts.count; n++) {
    const named = opts.sequence?.[n % opts.sequence.length];
    const plan = named ? SYNTHETIC_PLAN[named] : pickPlan(rng);
    const identity = randomIdentity(rng, now);
    const level = pickLevel(rng, mix);
    const id = `syn-${String(n).padStart(4, '0')}`;
    const typesetting: PageSpec['mrzTypesetting'] =
      opts.typesetting === 'mixed' && rng.chance(0.5) ? { mode: 'text', fontMm: rng.range(2.6, 3.5) } : { mode: 'cells' };
    documents.push(await generateOne(id, plan, identity, level, rng, opts.dir, now, typesetting, opts.mrzFont));
  }
  const licenceRng = createRandom((opts.seed ?? 1) * 1_000_003 + 417);
  for (let n = 0; n < (opts.licences ?? 0); n++) {
    const id = `syn-${String(opts.count + n).padStart(4, '0')}`;
    const identity = randomIdentity(licenceRng, now);
    documents.push(await generateLicence(id, identity, pickLevel(licenceRng, mix), licenceRng, opts.dir, now));
  }
  const frenchRng = createRandom((opts.seed ?? 1) * 1_000_003 + 250);
  for (let n = 0; n < (opts.frenchIds ?? 0); n++) {
    const id = `syn-${String(opts.count + (opts.licences ?? 0) + n).padStart(4, '0')}`;
    documents.push(await generateFrenchId(id, randomIdentity(frenchRng, now), pickLevel(frenchRng, mix), frenchRng, opts.dir, now, opts.mrzFont));
  }
  const td2Rng = createRandom((opts.seed ?? 1) * 1_000_003 + 236);
  for (let n = 0; n < (opts.td2Cards ?? 0); n++) {
    const id = `syn-${String(opts.count + (opts.licences ?? 0) + (opts.frenchIds ?? 0) + n).padStart(4, '0')}`;
    documents.push(await generateTd2Card(id, randomIdentity(td2Rng, now), pickLevel(td2Rng, mix), td2Rng, opts.dir, now, opts.mrzFont));
  }
  const labels = {
    schema: 'kyc-document-labels/1',
    set: opts.set ?? 'synthetic',
    split: 'synthetic',
    referenceDate,
    source: `functions/engines/document/synthetic (seed ${opts.seed ?? 1})`,
    documents,
  };
  await writeFile(path.join(opts.dir, 'labels.json'), JSON.stringify(labels, null, 1));
  return documents;
}

function pickPlan(rng: Random): Plan {
  let x = rng.next();
  for (const [p, plan] of PLANS) {
    if (x < p) return plan;
    x -= p;
  }
  return (PLANS[0] as [number, Plan])[1];
}

function pickLevel(rng: Random, mix: readonly [number, number, number]): Degradation {
  const x = rng.next() * (mix[0] + mix[1] + mix[2]);
  return x < mix[0] ? 'clean' : x < mix[0] + mix[1] ? 'mild' : 'hard';
}

async function generateOne(
  id: string,
  plan: Plan,
  identity: SyntheticIdentity,
  level: Degradation,
  rng: Random,
  dir: string,
  now: Date,
  mrzTypesetting: PageSpec['mrzTypesetting'],
  mrzFont?: string,
): Promise<SyntheticDocument> {
  const scale = rng.range(7, 11);
  const shape = plan.type === 'TD1' ? 'TD1' : 'TD3';
  const code = plan.type === 'TD1' ? (plan.kind === 'residence_permit' ? 'IR' : 'I<') : plan.type === 'MRVA' ? 'V<' : 'P<';
  let lines: string[] | null = plan.type === 'none' ? null : composeMrz(identity, plan.type === 'TD1' ? 'TD1' : plan.type === 'MRVA' ? 'MRVA' : 'TD3', code);
  const checkDigitsValid: Record<string, boolean> = { documentNumber: true, dateOfBirth: true, dateOfExpiry: true, personalNumber: true, composite: true };
  if (lines && plan.outcome === 'checks_fail') {
    // A wrong document-number check digit, with the composite recomputed over it (only that digit fails).
    const l2 = lines[1] as string;
    const bad = String((Number(l2[9]) + rng.int(1, 9)) % 10);
    const body = l2.slice(0, 9) + bad + l2.slice(10, 43);
    const composite = String(computeCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43)));
    lines = [lines[0] as string, body + composite];
    checkDigitsValid.documentNumber = false;
  }
  const title = plan.kind === 'passport' ? 'PASSPORT / PASSEPORT' : plan.kind === 'visa' ? 'VISA' : plan.kind === 'residence_permit' ? 'RESIDENCE PERMIT' : 'IDENTITY CARD';
  const mrzSide = await renderDocument({ shape, mrz: lines, identity, title, portrait: shape === 'TD3', scale, mrzTypesetting, ...(mrzFont ? { mrzFont } : {}) }, rng);
  const { bytes, distortion } = await degradeImage(mrzSide, level, rng);
  const file = `${id}.jpg`;
  await writeFile(path.join(dir, file), bytes);
  let frontFile: string | undefined;
  if (shape === 'TD1') {
    const front = await renderDocument({ shape, mrz: null, identity, title, portrait: true, scale }, rng);
    frontFile = `fronts/${id}-front.jpg`;
    await writeFile(path.join(dir, frontFile), (await degradeImage(front, 'clean', rng)).bytes);
  }
  const side = shape === 'TD1' ? 'back' : 'front';
  const firstName = identity.givenNames.join(' ');
  const lastName = identity.surnames.join(' ');
  return {
    id,
    group: id,
    documentType: plan.type,
    documentKind: plan.kind,
    expectedOutcome: plan.outcome,
    images: [{ file, side, capture: 'render', degradation: level, distortion, ...(lines ? { typesetting: mrzTypesetting } : {}) }],
    mrz: lines ? { lines, transcription: 'synthetic', checkDigitsValid, allCheckDigitsValid: Object.values(checkDigitsValid).every(Boolean) } : null,
    expected:
      plan.type === 'none'
        ? null
        : {
            lastName,
            firstName,
            fullName: `${firstName} ${lastName}`,
            ...icaoLabels(identity, identity.personalNumber === '' || plan.type === 'MRVA' ? null : identity.personalNumber, now),
          },
    ...(frontFile ? { frontFile } : {}),
  };
}

/**
 * A driving licence: its back with an AAMVA PDF417 (renderPdf417.ts `aamvaPayload`: Virginia's IIN, version 10) in
 * place of the visual zone, degraded at `level`, and its front (visual zone, portrait) clean. The labels follow the
 * shared set's AAMVA rules: `lastName` = DCS, `firstName` = DAC (+ DAD, here `NONE`), `documentNumber` = DAQ,
 * `issuingCountry` = DCG `USA`, `nationality` and `personalNumber` null.
 */
async function generateLicence(id: string, identity: SyntheticIdentity, level: Degradation, rng: Random, dir: string, now: Date): Promise<SyntheticDocument> {
  const scale = rng.range(7, 11);
  const payload = aamvaPayload(identity, rng.int(1, 9999));
  const back = await renderDocument({ shape: 'TD1', mrz: null, identity, title: 'DRIVER LICENSE', portrait: false, scale, pdf417: { png: await renderPdf417(payload, 4, 8), modulePx: 4 } }, rng);
  const { bytes, distortion } = await degradeImage(back, level, rng);
  const file = `${id}.jpg`;
  await writeFile(path.join(dir, file), bytes);
  const front = await renderDocument({ shape: 'TD1', mrz: null, identity, title: 'DRIVER LICENSE', portrait: true, scale }, rng);
  const frontFile = `fronts/${id}-front.jpg`;
  await writeFile(path.join(dir, frontFile), (await degradeImage(front, 'clean', rng)).bytes);
  const firstName = identity.givenNames[0] ?? '';
  const lastName = identity.surnames.join(' ');
  return {
    id,
    group: id,
    documentType: 'AAMVA',
    documentKind: 'driving_licence',
    expectedOutcome: 'read',
    images: [{ file, side: 'back', capture: 'render', degradation: level, distortion }],
    mrz: null,
    barcode: { text: payload, iin: '636000', aamvaVersion: 10 },
    expected: {
      lastName,
      firstName,
      fullName: `${firstName} ${lastName}`,
      documentNumber: identity.documentNumber,
      personalNumber: null,
      nationality: null,
      issuingCountry: 'USA',
      dateOfBirth: identity.dateOfBirth,
      dateOfExpiry: identity.dateOfExpiry,
      sex: identity.sex === 'F' ? 'F' : 'M',
      expiredOnReferenceDate: identity.dateOfExpiry < now.toISOString().slice(0, 10),
    },
    frontFile,
  };
}

/**
 * A French national identity card of 1988-2021: its photo side (visual zone, portrait, the 2 x 36 MRZ) on a TD2-sized
 * card, degraded at `level`. The identity is made French: a 12-digit card number (year and month of issue 2004-2013,
 * a department and office code, a 5-digit serial), sex `M` or `F`, given names kept while they fit their 14 characters
 * joined by `<<`, the surname cut to its 25. Labels: nationality and issuing country `FRA`, the card number whole,
 * no personal number and no expiry date (the MRZ prints none).
 */
async function generateFrenchId(id: string, base: SyntheticIdentity, level: Degradation, rng: Random, dir: string, now: Date, mrzFont?: string): Promise<SyntheticDocument> {
  const scale = rng.range(7, 11);
  const issued = `${String(rng.int(4, 13)).padStart(2, '0')}${String(rng.int(1, 12)).padStart(2, '0')}`;
  const department = String(rng.int(1, 95)).padStart(2, '0') + String(rng.int(0, 9));
  const number = issued + department + String(rng.int(0, 99999)).padStart(5, '0');
  const givenNames: string[] = [];
  for (const g of base.givenNames) if ([...givenNames, g].join('<<').length <= 14) givenNames.push(g);
  const surname = base.surnames.join('<').slice(0, 25).replace(/<+$/, '');
  const identity: SyntheticIdentity = {
    ...base,
    surnames: surname.split('<'),
    givenNames: givenNames.length > 0 ? givenNames : [(base.givenNames[0] ?? 'ANNA').slice(0, 14)],
    sex: rng.chance(0.5) ? 'M' : 'F',
    documentNumber: number,
    personalNumber: '',
    issuingCode: 'FRA',
    nationalityCode: 'FRA',
    issuingCountry: 'FRA',
    nationality: 'FRA',
  };
  const lines = composeFrenchIdMrz(identity, department + String(rng.int(0, 999)).padStart(3, '0'));
  return writeCardFront({ id, documentType: 'FRENCH_NATIONAL_ID', lines, identity, title: "CARTE NATIONALE D'IDENTITE", scale, mrzFont }, level, rng, dir, {
    checkDigitsValid: { documentNumber: true, dateOfBirth: true, composite: true },
    expected: {
      documentNumber: number,
      personalNumber: null,
      nationality: 'FRA',
      issuingCountry: 'FRA',
      dateOfBirth: identity.dateOfBirth,
      dateOfExpiry: null,
      sex: identity.sex,
      mrzNationality: null,
      mrzIssuingState: 'FRA',
      expiredOnReferenceDate: 2000 + Number(issued.slice(0, 2)) + 15 < now.getUTCFullYear(),
    },
  });
}

/**
 * An ICAO TD2 identity card (Doc 9303 Part 6): its photo side with the 2 x 36 MRZ (composeMrz.ts, kind `TD2`, document
 * code `I<` or `ID`, but `I<` for France), degraded at `level`. Given names are dropped from the end until the name fits its 31 characters
 * (the labels then hold what the MRZ holds); the optional data are empty or 7 digits, the labels' `personalNumber`.
 */
async function generateTd2Card(id: string, base: SyntheticIdentity, level: Degradation, rng: Random, dir: string, now: Date, mrzFont?: string): Promise<SyntheticDocument> {
  const scale = rng.range(7, 11);
  const givenNames = [...base.givenNames];
  while (givenNames.length > 1 && `${base.surnames.join('<')}<<${givenNames.join('<')}`.length > 31) givenNames.pop();
  const optional = rng.chance(0.5) ? '' : String(rng.int(0, 9_999_999)).padStart(7, '0');
  const identity: SyntheticIdentity = { ...base, givenNames, personalNumber: optional };
  // `IDFRA` opens the French identity card's own layout (parseMrz.ts formatOf), which France issues instead of a TD2.
  const code = rng.pick(['I<', 'ID']);
  const lines = composeMrz(identity, 'TD2', identity.issuingCode === 'FRA' ? 'I<' : code);
  return writeCardFront({ id, documentType: 'TD2', lines, identity, title: 'IDENTITY CARD', scale, mrzFont }, level, rng, dir, {
    checkDigitsValid: { documentNumber: true, dateOfBirth: true, dateOfExpiry: true, composite: true },
    expected: icaoLabels(identity, optional === '' ? null : optional, now),
  });
}

/** The labels of an ICAO document's identity after its names (the shared set's fields, README.md of its labels). */
function icaoLabels(identity: SyntheticIdentity, personalNumber: string | null, now: Date): Record<string, string | boolean | null> {
  return {
    documentNumber: identity.documentNumber,
    personalNumber,
    nationality: identity.nationality,
    issuingCountry: identity.issuingCountry,
    dateOfBirth: identity.dateOfBirth,
    dateOfExpiry: identity.dateOfExpiry,
    sex: identity.sex,
    mrzNationality: identity.nationalityCode,
    mrzIssuingState: identity.issuingCode,
    expiredOnReferenceDate: identity.dateOfExpiry < now.toISOString().slice(0, 10),
  };
}

/** A card drawn by {@link writeCardFront}. */
interface CardFront {
  readonly id: string;
  readonly documentType: 'TD2' | 'FRENCH_NATIONAL_ID';
  readonly lines: string[];
  readonly identity: SyntheticIdentity;
  readonly title: string;
  /** Pixels per millimetre. */
  readonly scale: number;
  readonly mrzFont: string | undefined;
}

/**
 * The photo side of a 105 x 74 mm identity card with its 2 x 36 MRZ (TD2 or the French card of 1988-2021): drawn,
 * degraded at `level`, written as `<id>.jpg`, and labelled as the shared set is, the names as the identity holds them
 * (the callers cut them to what the MRZ holds).
 */
async function writeCardFront(card: CardFront, level: Degradation, rng: Random, dir: string, label: { checkDigitsValid: Record<string, boolean>; expected: Record<string, string | boolean | null> }): Promise<SyntheticDocument> {
  const { id, lines, identity, mrzFont } = card;
  const page = await renderDocument({ shape: 'TD2', mrz: lines, identity, title: card.title, portrait: true, scale: card.scale, ...(mrzFont ? { mrzFont } : {}) }, rng);
  const { bytes, distortion } = await degradeImage(page, level, rng);
  const file = `${id}.jpg`;
  await writeFile(path.join(dir, file), bytes);
  const firstName = identity.givenNames.join(' ');
  const lastName = identity.surnames.join(' ');
  return {
    id,
    group: id,
    documentType: card.documentType,
    documentKind: 'id_card',
    expectedOutcome: 'read',
    images: [{ file, side: 'front', capture: 'render', degradation: level, distortion, typesetting: { mode: 'cells' } }],
    mrz: { lines, transcription: 'synthetic', checkDigitsValid: label.checkDigitsValid, allCheckDigitsValid: true },
    expected: { lastName, firstName, fullName: `${firstName} ${lastName}`, ...label.expected },
  };
}
