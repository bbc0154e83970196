import { mapAamvaResult } from '../barcode/mapAamvaResult.ts';
import { checkCheckDigits } from '../checks/checkCheckDigits.ts';
import { checkDataFound } from '../checks/checkDataFound.ts';
import { checkDocumentType } from '../checks/checkDocumentType.ts';
import { checkExpectedDetails } from '../checks/checkExpectedDetails.ts';
import { checkFrontBackConsistent } from '../checks/checkFrontBackConsistent.ts';
import { checkIssuingCountry } from '../checks/checkIssuingCountry.ts';
import { checkStateCodesListed } from '../checks/checkStateCodesListed.ts';
import { checkMrzResolution, mrzCharacterPitch } from '../checks/checkMrzResolution.ts';
import { checkNamesConfident, expectedNamesAgree, NAMES_MIN_MARGIN } from '../checks/checkNamesConfident.ts';
import { checkNotExpired } from '../checks/checkNotExpired.ts';
import type { CheckOutcome } from '../checks/checkOutcome.ts';
import { checkPortraitPresent } from '../checks/checkPortraitPresent.ts';
import { checkSidesPresent } from '../checks/checkSidesPresent.ts';
import { decide } from '../checks/decide.ts';
import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY, MRZ_FORMAT, READING_OUTCOME } from '../constants.ts';
import { DocumentMediaError } from '../errors.ts';
import { uprightQuarterTurns } from '../geometry/quad.ts';
import { loadImage, type RgbImage } from '../image/loadImage.ts';
import { frenchIdLatestValidity } from '../mrz/frenchIdValidity.ts';
import { mapMrzResult } from '../mrz/mapMrzResult.ts';
import { parseMrz } from '../mrz/parseMrz.ts';
import type { DocumentFacts, DocumentReading, ReadingFields, VerifyInput } from '../types.ts';
import { EMPTY_FIELDS } from './emptyFields.ts';
import type { MrzZoneReading, NameLead } from './readMrzZone.ts';
import { readVisualZoneWords } from './readVisualZone.ts';
import { witnessNames, type NameWitness } from './witnessNames.ts';
import { readSide, type SideData, type SideReader } from './readSide.ts';

/**
 * Verifies one document against its template (the engine's `verify`):
 *
 * 1. decode the images (EXIF applied); an undecodable image is `unprocessable` (`invalid_image` /
 *    `unsupported_media`);
 * 2. read the machine-readable data with the template's sources (MRZ, AAMVA PDF417), the back first when a distinct
 *    back was sent (TD1 cards carry the MRZ on the back), then the front;
 * 3. names the MRZ's recognisers leave in doubt put to the visual zone ({@link witnessDoubtfulNames});
 * 4. run the checks (sides, data found, document type, issuing country, check digits, front/back consistency,
 *    expiry, expected details, names confident (MRZ), portrait) and decide (see `decide`).
 *
 * Never throws for a bad document; engine failures (model errors) propagate.
 *
 * @param reader - the loaded detectors and recognisers
 * @param input - images, template, expected details, date, optional face detector
 */
export async function verifyDocument(reader: SideReader, input: VerifyInput): Promise<DocumentReading> {
  const started = performance.now();
  const now = input.now ?? new Date();
  const { template } = input;
  const timings = () => ({ totalMs: performance.now() - started });

  let front: RgbImage;
  let back: RgbImage | null = null;
  const backBytes = input.back && input.back.length > 0 ? input.back : null;
  const sameImage = backBytes !== null && backBytes.equals(input.front);
  try {
    front = await loadImage(input.front);
    if (backBytes && !sameImage) back = await loadImage(backBytes);
  } catch (error) {
    if (!(error instanceof DocumentMediaError)) throw error;
    return {
      result: { ...EMPTY_FIELDS, isMismatch: false, errorCategory: error.errorCategory },
      outcome: READING_OUTCOME.Unprocessable,
      decision: DOCUMENT_DECISION.Declined,
      reason: error.message,
      checks: [{ id: CHECK_ID.DataFound, passed: false, detail: error.message }],
      timings: timings(),
    };
  }

  // Read: for two-sided templates a distinct back first (TD1 cards print the MRZ there), then the front; for
  // front-only templates (passports) the front first, and a distinct back only if the front has nothing.
  const order: Array<{ side: 'front' | 'back'; image: RgbImage }> = [{ side: 'front', image: front }];
  if (back) order[template.sides.includes('back') ? 'unshift' : 'push']({ side: 'back', image: back });
  let data: SideData | null = null;
  let side: 'front' | 'back' = 'front';
  let dataImage: RgbImage = front;
  let damaged: MrzZoneReading | null = null;
  for (const item of order) {
    const r = await readSide(item.image, template.dataSources, reader);
    damaged ??= r.damagedMrz;
    if (r.data) {
      data = r.data;
      side = item.side;
      dataImage = item.image;
      break;
    }
  }
  // One image sent as both sides is read once, as the front.
  const frontHasData = data !== null && side === 'front';

  const checks: CheckOutcome[] = [checkSidesPresent(template, backBytes !== null, frontHasData)];
  const found = checkDataFound(template, data?.source ?? null);
  // A damaged MRZ coded V is a visa's: an MRV-A read with the TD3 layout has only three of TD3's five check digits
  // (no personal number check, no composite; ICAO Doc 9303 Part 7), so one misread leaves it below MIN_CHECK_RATE.
  // Sent under a template that takes no visa, it is refused as the wrong document (as a readable one is), not as an
  // unreadable MRZ (synthetic MRV-A visas of seed 5150). At least one of the check digits a visa has must verify:
  // a reading none of whose digits verify is no evidence of a visa (blind photo seed 55 `0149`, a passport's lines
  // read upside down as `VS<DO<…`, was refused as a visa).
  const visaChecks = damaged ? [damaged.parsed.checks.documentNumber, damaged.parsed.checks.birthDate, damaged.parsed.checks.expiryDate] : [];
  const visaType = damaged?.parsed.documentCode.startsWith('V') && visaChecks.some((ok) => ok === true)
    ? checkDocumentType(template, { source: 'mrz', format: damaged.parsed.format, documentCode: damaged.parsed.documentCode })
    : null;
  if (!data && visaType && !visaType.passed) {
    checks.push({ ...found, detail: `a visa's MRZ (code ${damaged?.parsed.documentCode}) was found, too damaged to read`, failure: visaType.failure }, visaType);
  } else if (!data && damaged) {
    checks.push({
      ...found,
      detail: 'an MRZ was found but fewer than half of its check digits verify: it is too damaged or blurred to read',
      failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.MrzChecksumFailed, decision: DOCUMENT_DECISION.Declined },
    });
  } else checks.push(found);
  if (!data) {
    const d = decide(checks);
    // A visa told by its document code is refused as the wrong kind of document whatever its check digits say, as a
    // readable one is: `read`, every field null (synthetic seed 71717 `syn-0132`, an MRV-A at 525 px, blurred).
    const wrongKind = visaType !== null && !visaType.passed;
    return {
      result: { ...EMPTY_FIELDS, isMismatch: false, errorCategory: d.errorCategory },
      outcome: wrongKind ? READING_OUTCOME.Read : READING_OUTCOME.Unprocessable,
      decision: d.decision,
      reason: d.reason,
      checks: checks.map(publicCheck),
      timings: timings(),
    };
  }

  let fields: ReadingFields;
  let facts: DocumentFacts;
  let extra: Pick<DocumentReading, 'mrz' | 'barcode'>;
  let witnessed: NameWitness | null = null;
  if (data.source === 'mrz') {
    witnessed = await witnessDoubtfulNames(reader, data.mrz, dataImage, dataImage === front ? back : front);
    if (witnessed && witnessed.to !== witnessed.from) {
      const lines = data.mrz.parsed.lines.map((l, i) => (i === witnessed?.line ? witnessed.text : l));
      data = { ...data, mrz: { ...data.mrz, parsed: parseMrz(lines) } };
    }
    const parsed = data.mrz.parsed;
    fields = mapMrzResult(parsed, now).fields;
    facts = {
      documentCode: parsed.documentCode,
      sex: parsed.sex,
      mrzIssuingState: parsed.issuingStateCode,
      mrzNationality: parsed.nationalityCode,
      side,
    };
    extra = { mrz: { format: parsed.format, lines: parsed.lines, corrected: data.mrz.corrected, namesArbitrated: data.mrz.namesArbitrated, namesMargin: data.mrz.namesMargin ?? null, namesWitnessed: witnessed, characterPitch: mrzCharacterPitch(parsed.format, data.mrz.quads), statesArbitrated: data.mrz.statesArbitrated, documentCodeArbitrated: data.mrz.documentCodeArbitrated ?? null, spliced: data.mrz.spliced ?? null, competitor: data.mrz.competitor, lookAlikesRestored: data.mrz.lookAlikesRestored ?? [], correctionsWeighed: data.mrz.correctionsWeighed ?? [] } };
    checks.push(checkDocumentType(template, { source: 'mrz', format: parsed.format, documentCode: parsed.documentCode }));
  } else {
    fields = mapAamvaResult(data.aamva);
    const sex = data.aamva.elements.DBC;
    facts = {
      documentCode: 'AAMVA',
      sex: sex === '1' || sex === 'M' ? 'M' : sex === '2' || sex === 'F' ? 'F' : sex === '9' || sex === 'X' ? 'X' : null,
      mrzIssuingState: data.aamva.elements.DAJ ?? null,
      mrzNationality: null,
      side,
    };
    extra = { barcode: { format: 'PDF417', aamvaVersion: data.aamva.aamvaVersion, iin: data.aamva.iin } };
    checks.push(checkDocumentType(template, { source: 'pdf417' }));
  }
  const typeOk = checks[checks.length - 1]?.passed === true;
  if (typeOk) {
    checks.push(checkIssuingCountry(template, fields.issuingCountry, facts.mrzIssuingState));
    if (data.source === 'mrz') {
      const competitor = data.mrz.competitor;
      checks.push(checkCheckDigits(data.mrz.parsed.checks, data.mrz.corrected.length, competitor?.failedGroups ?? []));
    }
    checks.push(checkFrontBackConsistent(null, fields));
    // The French identity card of 1988-2021 prints no expiry in its MRZ: its verified card number gives the latest.
    const frenchCard = data.source === 'mrz' && data.mrz.parsed.format === MRZ_FORMAT.FrenchNationalId && fields.documentNumber !== null;
    checks.push(checkNotExpired(fields.dateOfExpiry, now, frenchCard ? frenchIdLatestValidity(fields.documentNumber as string) : null));
    checks.push(checkExpectedDetails(fields, input.expected));
    // An MRZ read too small returns wrong fields the check digits cannot all catch: a person looks.
    if (data.source === 'mrz') checks.push(checkMrzResolution(extra.mrz?.characterPitch ?? null));
    // Names carry no check digit: those the recognisers leave in doubt send the page to a person, unless the
    // visual zone settled them or the session's expected names confirm them.
    if (data.source === 'mrz') checks.push(checkNamesConfident(data.mrz.namesMargin ?? null, { confirmed: expectedNamesAgree(fields, input.expected), witnessed: witnessed !== null }));
    // Nor do the state codes: one on no list is a misread or a code no state prints, and a person looks.
    if (data.source === 'mrz') checks.push(checkStateCodesListed(facts.mrzIssuingState, facts.mrzNationality));
    // The front's MRZ gives the page's orientation; a portrait is printed upright with it.
    const uprightTurns = frontHasData && data.source === 'mrz' ? uprightQuarterTurns(data.mrz.quads) : null;
    const faces = input.detectFaces ? await input.detectFaces(input.front, uprightTurns) : null;
    checks.push(checkPortraitPresent(faces));
  }
  const d = decide(checks);
  const isMismatch = checks.some((c) => !c.passed && c.failure?.errorCategory === DOCUMENT_ERROR_CATEGORY.DataMismatch);
  return {
    result: { ...(typeOk ? fields : EMPTY_FIELDS), isMismatch, errorCategory: d.errorCategory },
    outcome: READING_OUTCOME.Read,
    decision: d.decision,
    reason: d.reason,
    checks: checks.map(publicCheck),
    ...extra,
    document: facts,
    timings: timings(),
  };
}

/**
 * Names the MRZ's recognisers leave in doubt (a name line led by less than checks/checkNamesConfident.ts
 * `NAMES_MIN_MARGIN`), put to the visual zone (witnessNames.ts): the words printed on the image the MRZ was read
 * from (its lines left out) and on the document's other image when one was sent (a TD1 card prints the names on the
 * front, the MRZ on the back). Reads nothing when the names are not in doubt or the reader has no visual-zone reader;
 * the detection and recognition cost about 0.3-1.1 s per image on 2 cores (debugging print, 2026-12-01).
 *
 * @returns the witness of the doubtful line, or null when there is none or the visual zone settles nothing
 */
async function witnessDoubtfulNames(reader: SideReader, mrz: MrzZoneReading, image: RgbImage, other: RgbImage | null): Promise<NameWitness | null> {
  const doubtful = (mrz.nameLeads ?? []).filter((l) => l.margin < NAMES_MIN_MARGIN);
  if (!reader.visualZone || doubtful.length !== 1) return null;
  const lead = doubtful[0] as NameLead;
  const words = await readVisualZoneWords(reader.visualZone, image, mrz.quads);
  const witness = witnessNames(mrz.format, lead.line, mrz.parsed.lines[lead.line] as string, lead.rivals, words, NAMES_MIN_MARGIN);
  if (witness || !other) return witness;
  for (const w of await readVisualZoneWords(reader.visualZone, other, mrz.quads, false)) words.add(w);
  return witnessNames(mrz.format, lead.line, mrz.parsed.lines[lead.line] as string, lead.rivals, words, NAMES_MIN_MARGIN);
}

function publicCheck(c: CheckOutcome): { id: CheckOutcome['id']; passed: boolean; detail: string } {
  return { id: c.id, passed: c.passed, detail: c.detail };
}
