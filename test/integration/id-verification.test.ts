import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frenchIdLatestValidity } from '../../functions/engines/document/mrz/frenchIdValidity.ts';
import { composeMrz } from '../../functions/engines/document/synthetic/composeMrz.ts';
import { generateSet, type SyntheticDocument } from '../../functions/engines/document/synthetic/generateSet.ts';
import { createRandom } from '../../functions/engines/document/synthetic/random.ts';
import { randomIdentity } from '../../functions/engines/document/synthetic/randomIdentity.ts';
import { renderDocument } from '../../functions/engines/document/synthetic/renderDocument.ts';
import { admin, call, newTenant, post, scan } from './helpers.ts';

/**
 * ID verification through the local HTTP API (issue 5), on synthetic documents whose truth is known: generated here
 * by functions/engines/document/synthetic (seed 4242, clean captures, OCR-B font of Debian's fonts-ocr-b), never
 * the evaluation seed. The drawn portrait of each card front is replaced here by a real face (LFW, ../shared/data),
 * so that the portrait check meets a photograph as on a real card. Covers reading (MRZ and a licence's PDF417), the result 2.4, decisions, Failed for unreadable media, templates (seed, the
 * operator's, disabled, per workflow), `documentId` on the session, expected details, and the templates endpoint. The
 * damaged visa is rendered in the test itself (renderDocument, seed 9303) with two check digits changed.
 */

const FIELDS = ['firstName', 'lastName', 'fullName', 'dateOfBirth', 'dateOfExpiry', 'documentNumber', 'personalNumber', 'nationality', 'issuingCountry'] as const;

let dir: string;
let docs: Record<'passport' | 'expired' | 'id_card' | 'visa' | 'no_mrz' | 'licence' | 'french', SyntheticDocument>;
const b64 = async (file: string) => (await readFile(path.join(dir, file))).toString('base64');
const LFW_FACE = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'faces', 'lfw', 'images', 'Aaron_Sorkin_0001.jpg');

/**
 * Pastes a real face over the drawn portrait of a TD1 card front (the generator's portrait box: 4, 10, 22 x 29 mm,
 * functions/engines/document/synthetic/renderDocument.ts), the card being 85.6 mm wide (ICAO Doc 9303 Part 5).
 */
async function withRealPortrait(file: string): Promise<void> {
  const full = path.join(dir, file);
  const card = await readFile(full);
  const { width } = await sharp(card).metadata();
  const mm = width! / 85.6;
  // LFW deep-funneled images are 250x250 with the face in the centre: keep its middle 130x170.
  const face = await sharp(LFW_FACE).extract({ left: 60, top: 40, width: 130, height: 170 }).resize(Math.round(22 * mm), Math.round(29 * mm)).toBuffer();
  await sharp(card).composite([{ input: face, left: Math.round(4 * mm), top: Math.round(10 * mm) }]).jpeg({ quality: 92 }).toFile(full);
}


beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'idv-it-'));
  // Ages and expiry are drawn around today, so that the documents are valid (or expired) on the day the test runs.
  const today = new Date().toISOString().slice(0, 10);
  const set = await generateSet({ dir, count: 12, seed: 4242, referenceDate: today, mix: [1, 0, 0], sequence: ['passport', 'passport', 'passport', 'passport', 'id_card', 'id_card', 'id_card', 'visa', 'no_mrz'], licences: 1, frenchIds: 1 });
  const valid = (d: SyntheticDocument) => d.expected?.['expiredOnReferenceDate'] === false;
  const pick = (kind: string, ok: (d: SyntheticDocument) => boolean) => {
    const found = set.find((d) => d.documentKind === kind && ok(d));
    if (!found) throw new Error(`seed 4242 made no ${kind} of the kind the test needs`);
    return found;
  };
  docs = {
    passport: pick('passport', valid),
    expired: pick('passport', (d) => d.expected?.['expiredOnReferenceDate'] === true),
    id_card: pick('id_card', valid),
    visa: pick('visa', () => true),
    no_mrz: pick('other', () => true),
    licence: pick('driving_licence', () => true),
    french: pick('id_card', (d) => d.documentType === 'FRENCH_NATIONAL_ID'),
  };
  await withRealPortrait(docs.id_card.frontFile!);
  await withRealPortrait(docs.licence.frontFile!);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('POST /id-verification on synthetic documents', () => {
  it('reads a passport data page: Completed, Approved, every field of result 2.4 right, documentId kept on the session', async () => {
    const tenant = await newTenant();
    const answer = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_passport', frontImageBase64: await b64(docs.passport.images[0]!.file), fileExtension: 'jpg' }, { key: tenant.apiKey });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ stepCode: 'step_id_verification', status: 'Completed', decision: 'Approved', statusReason: null });
    const expected = docs.passport.expected!;
    for (const f of FIELDS) expect(answer.body.result[f], f).toBe(expected[f]);
    expect(answer.body.result).toMatchObject({ isMismatch: false, errorCategory: null });
    expect(answer.body.result.nationalityCountryId).toMatch(/^\d{3}$/);

    const session = await call('GET', `/api/v1/sessions/${answer.body.sessionId}`, { key: tenant.apiKey });
    expect(session.body.documentId).toBe('doc_passport');
    // The operator's view of the decision: format and changed positions of the MRZ, never its text (PII).
    const shown = await admin('show-session', '--session', answer.body.sessionId);
    const step = shown.steps.find((x: { stepCode?: string }) => x.stepCode === 'step_id_verification');
    expect(step.provenance.mrz).toMatchObject({ format: 'TD3', corrected: expect.any(Array), namesArbitrated: expect.any(Array) });
    expect(JSON.stringify(step.provenance)).not.toContain(expected['documentNumber']);
    expect(JSON.stringify(step.provenance)).not.toContain(String(expected['lastName']).split(' ')[0]);
    // Rule 1: the finished step answers its stored envelope, whatever the new images.
    const again = await post('id-verification', { sessionId: answer.body.sessionId, frontImageBase64: await b64(docs.visa.images[0]!.file) }, { key: tenant.apiKey });
    expect(again.body).toEqual(answer.body);
  });

  // SPEC.md lists jpg, jpeg, png and webp for photos; a WebP is decoded by sharp like the others (image/loadImage.ts).
  it('reads a passport data page sent as WebP, and refuses it declared as jpg', async () => {
    const tenant = await newTenant();
    const webp = (await sharp(path.join(dir, docs.passport.images[0]!.file)).webp({ quality: 85 }).toBuffer()).toString('base64');
    const wrong = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_passport', frontImageBase64: webp, fileExtension: 'jpg' }, { key: tenant.apiKey });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('fileExtension');
    const answer = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_passport', frontImageBase64: webp, fileExtension: 'webp' }, { key: tenant.apiKey });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'Completed', decision: 'Approved' });
    for (const f of FIELDS) expect(answer.body.result[f], f).toBe(docs.passport.expected![f]);
  });

  it('reads a TD1 card from its back, and answers Failed back_side_required when only the front is sent', async () => {
    const tenant = await newTenant();
    const card = docs.id_card;
    const both = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_id_card', frontImageBase64: await b64(card.frontFile!), backImageBase64: await b64(card.images[0]!.file) }, { key: tenant.apiKey });
    expect(both.body).toMatchObject({ status: 'Completed', decision: 'Approved' });
    for (const f of FIELDS) expect(both.body.result[f], f).toBe(card.expected![f]);

    const frontOnly = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_id_card', frontImageBase64: await b64(card.frontFile!) }, { key: tenant.apiKey });
    expect(frontOnly.body).toMatchObject({ status: 'Failed', decision: 'Declined', result: null });
    expect(frontOnly.body.statusReason).toMatch(/^back_side_required: /);
  });

  it('reads a driving licence from the AAMVA PDF417 on its back: every field of result 2.4 right', async () => {
    const tenant = await newTenant();
    const licence = docs.licence;
    const expired = licence.expected!['expiredOnReferenceDate'] === true;
    const answer = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_driving_licence', frontImageBase64: await b64(licence.frontFile!), backImageBase64: await b64(licence.images[0]!.file) }, { key: tenant.apiKey });
    expect(answer.body).toMatchObject({ status: 'Completed', decision: expired ? 'Declined' : 'Approved' });
    for (const f of FIELDS) expect(answer.body.result[f], f).toBe(licence.expected![f]);
    expect(answer.body.result).toMatchObject({ issuingCountry: 'USA', nationality: null });
  });

  it('reads a French identity card of 1988-2021 (2 x 36, not ICAO) from its photo side alone; expiry from its date of issue', async () => {
    const tenant = await newTenant();
    const card = docs.french;
    const answer = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_id_card', frontImageBase64: await b64(card.images[0]!.file), fileExtension: 'jpg' }, { key: tenant.apiKey });
    expect(answer.body.status).toBe('Completed');
    for (const f of FIELDS) expect(answer.body.result[f], f).toBe(card.expected![f]);
    expect(answer.body.result).toMatchObject({ nationality: 'FRA', issuingCountry: 'FRA', dateOfExpiry: null, personalNumber: null });
    // The MRZ prints no expiry: the card is declined once its month of issue is more than 15 years ago.
    const latest = frenchIdLatestValidity(String(card.expected!['documentNumber']));
    if (latest !== null && latest < new Date().toISOString().slice(0, 10)) {
      expect(answer.body).toMatchObject({ decision: 'Declined', result: { errorCategory: 'document_expired' } });
    } else expect(answer.body.decision).not.toBe('Declined');
  });

  it('sends a passport page too small to trust to review: Completed, InReview, low_quality, the fields returned', async () => {
    const tenant = await newTenant();
    // The clean page shrunk to 250 px wide: its MRZ's characters stand about 5 px apart (MRZ_MIN_PITCH_PX is 5.5).
    const small = await sharp(path.join(dir, docs.passport.images[0]!.file)).resize({ width: 250 }).jpeg({ quality: 92 }).toBuffer();
    const answer = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_passport', frontImageBase64: small.toString('base64'), fileExtension: 'jpg' }, { key: tenant.apiKey });
    expect(answer.body).toMatchObject({ status: 'Completed', decision: 'InReview' });
    expect(answer.body.statusReason).toMatch(/too small/);
    expect(answer.body.result).toMatchObject({ errorCategory: 'low_quality', documentNumber: docs.passport.expected!['documentNumber'], dateOfBirth: docs.passport.expected!['dateOfBirth'] });
    const shown = await admin('show-session', '--session', answer.body.sessionId);
    const step = shown.steps.find((x: { stepCode?: string }) => x.stepCode === 'step_id_verification');
    expect(step.provenance.mrz.characterPitch).toBeLessThan(5.5);
  });

  it('answers an expired passport Completed with its fields, Declined, document_expired', async () => {
    const tenant = await newTenant();
    const answer = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_passport', frontImageBase64: await b64(docs.expired.images[0]!.file) }, { key: tenant.apiKey });
    expect(answer.body).toMatchObject({ status: 'Completed', decision: 'Declined' });
    expect(answer.body.statusReason).toContain('expired');
    expect(answer.body.result).toMatchObject({ errorCategory: 'document_expired', documentNumber: docs.expired.expected!['documentNumber'], dateOfExpiry: docs.expired.expected!['dateOfExpiry'] });
  });

  it('reads a card back of over 4 MiB sent as front and back, a request over 6 MB (local limits of local/server.ts)', async () => {
    const tenant = await newTenant();
    const card = docs.id_card;
    // The back as a lossless PNG of 3600 px with grain: a large scan, as a specimen archive may hold.
    const { data, info } = await sharp(path.join(dir, card.images[0]!.file)).resize(3600).raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, (data[i] as number) + ((i * 2654435761) % 17) - 8));
    const big = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).png({ compressionLevel: 1 }).toBuffer();
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(2 * big.toString('base64').length).toBeGreaterThan(6_000_000);
    const answer = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_id_card', frontImageBase64: big.toString('base64'), backImageBase64: big.toString('base64'), fileExtension: 'png' }, { key: tenant.apiKey });
    // Read in full; the MRZ side shows no portrait, so the portrait check sends it to review.
    expect(answer.body, JSON.stringify(answer.body.result?.checks ?? answer.body.statusReason)).toMatchObject({ status: 'Completed', decision: 'InReview' });
    for (const f of FIELDS) expect(answer.body.result[f], f).toBe(card.expected![f]);
  });

  it('refuses a visa sent as a passport with document_type_mismatch and no fields; an image without MRZ is Failed', async () => {
    const tenant = await newTenant();
    const visa = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_passport', frontImageBase64: await b64(docs.visa.images[0]!.file) }, { key: tenant.apiKey });
    expect(visa.body).toMatchObject({ status: 'Completed', decision: 'Declined' });
    expect(visa.body.result).toMatchObject({ errorCategory: 'document_type_mismatch', documentNumber: null, lastName: null, isMismatch: false });

    const none = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_passport', frontImageBase64: await b64(docs.no_mrz.images[0]!.file) }, { key: tenant.apiKey });
    expect(none.body).toMatchObject({ status: 'Failed', decision: 'Declined', result: null });
    expect(none.body.statusReason).toMatch(/^mrz_not_found: /);
    const session = await call('GET', `/api/v1/sessions/${none.body.sessionId}`, { key: tenant.apiKey });
    expect(session.body.steps).toEqual([{ stepCode: 'step_id_verification', status: 'Failed', decision: 'Declined' }]);
  });

  it('refuses a visa too damaged to read (two of its three check digits wrong) as the wrong kind, with a result, not Failed', async () => {
    // An MRV-A (ICAO Doc 9303 Part 7) with the date-of-birth and expiry check digits (line 2, positions 20 and 28)
    // changed: one of three verifies, below the reader's rate, so no data is read; its code V still tells a visa.
    const rng = createRandom(9303);
    const identity = randomIdentity(rng, new Date());
    const [l1, l2] = composeMrz(identity, 'MRVA', 'V<') as [string, string];
    const bump = (c: string) => String((Number(c) + 5) % 10);
    const broken = l2.slice(0, 19) + bump(l2[19]!) + l2.slice(20, 27) + bump(l2[27]!) + l2.slice(28);
    const png = await renderDocument({ shape: 'TD3', mrz: [l1, broken], identity, title: 'VISA', portrait: true, scale: 9 }, rng);
    const tenant = await newTenant();
    const answer = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_passport', frontImageBase64: png.toString('base64'), fileExtension: 'png' }, { key: tenant.apiKey });
    expect(answer.body, JSON.stringify(answer.body.statusReason)).toMatchObject({ status: 'Completed', decision: 'Declined' });
    expect(answer.body.result).toMatchObject({ errorCategory: 'document_type_mismatch', isMismatch: false });
    for (const f of FIELDS) expect(answer.body.result[f], f).toBeNull();
  });

  it("compares the data with the session's expected details (isMismatch) and takes the session's documentId", async () => {
    const tenant = await newTenant();
    const created = await call('POST', '/api/v1/sessions/token', {
      key: tenant.apiKey,
      body: { documentId: 'doc_passport', expectedDetails: { lastName: 'SOMEBODY', dateOfBirth: docs.passport.expected!['dateOfBirth'] } },
    });
    expect(created.status).toBe(200);
    const sessionId = created.body.sessionId;
    const conflicting = await post('id-verification', { sessionId, documentId: 'doc_id_card', frontImageBase64: await b64(docs.passport.images[0]!.file) }, { key: tenant.apiKey });
    expect(conflicting.status).toBe(400);
    expect(conflicting.body.errors.documentId[0]).toContain('doc_passport');

    const answer = await post('id-verification', { sessionId, frontImageBase64: await b64(docs.passport.images[0]!.file) }, { key: tenant.apiKey });
    expect(answer.body).toMatchObject({ status: 'Completed' });
    expect(answer.body.decision).not.toBe('Approved');
    expect(answer.body.result).toMatchObject({ isMismatch: true, errorCategory: 'data_mismatch', lastName: docs.passport.expected!['lastName'] });
  });
});

describe('document templates', () => {
  it('needs documentId while the session has none, refuses unknown ones, and writes nothing on a 400', async () => {
    const tenant = await newTenant();
    const front = await b64(docs.passport.images[0]!.file);
    const missing = await post('id-verification', { workflowId: tenant.workflowId, frontImageBase64: front }, { key: tenant.apiKey });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('documentId');
    const unknown = await post('id-verification', { workflowId: tenant.workflowId, documentId: 'doc_nothing_like_it', frontImageBase64: front }, { key: tenant.apiKey });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.documentId[0]).toContain('no document template');
    const badSession = await call('POST', '/api/v1/sessions/token', { key: tenant.apiKey, body: { documentId: 'doc_nothing_like_it' } });
    expect(badSession.status).toBe(400);
    expect((await scan('SESSION#')).filter((i) => i.appId === tenant.appId)).toEqual([]);
  });

  it("lets the operator create, disable and enable templates and limit a workflow's; the API lists the usable ones", async () => {
    const tenant = await newTenant();
    const id = `doc_it_${Date.now().toString(36)}`;
    const created = await admin('create-template', '--template', JSON.stringify({ id, name: 'Test passports of Iceland', kind: 'passport', sides: ['front'], dataSources: ['mrz'], mrzFormats: ['TD3'], documentCodes: ['P'], country: 'ISL' }));
    expect(created['template']).toMatchObject({ id, country: 'ISL', enabled: true, source: 'table' });
    expect((await admin('create-template', '--template', JSON.stringify({ id: 'doc_passport', name: 'x', kind: 'passport', sides: ['front'], dataSources: ['mrz'], mrzFormats: ['TD3'], documentCodes: ['P'] })))['error']).toContain('seed');
    const invalid = await admin('create-template', '--template', JSON.stringify({ id: 'passport', name: 'x' }));
    expect(invalid['error']).toContain('id');

    const listed = await call('GET', '/api/v1/document-templates', { key: tenant.apiKey });
    expect(listed.status).toBe(200);
    const ids = listed.body.templates.map((t: { documentId: string }) => t.documentId);
    expect(ids).toEqual(expect.arrayContaining(['doc_passport', 'doc_id_card', 'doc_residence_permit', 'doc_driving_licence', id]));
    expect(listed.body.templates.find((t: { documentId: string }) => t.documentId === id)).toEqual({ documentId: id, name: 'Test passports of Iceland', kind: 'passport', sides: ['front'], country: 'ISL' });

    // A passport of another state is refused by the Iceland template, with its fields withheld.
    const other = await post('id-verification', { workflowId: tenant.workflowId, documentId: id, frontImageBase64: await b64(docs.passport.images[0]!.file) }, { key: tenant.apiKey });
    expect(other.body).toMatchObject({ status: 'Completed', decision: 'Declined' });
    expect(other.body.result.errorCategory).toBe('document_type_mismatch');

    await admin('disable-template', '--id', id);
    const disabled = await post('id-verification', { workflowId: tenant.workflowId, documentId: id, frontImageBase64: await b64(docs.passport.images[0]!.file) }, { key: tenant.apiKey });
    expect(disabled.status).toBe(400);
    expect(disabled.body.errors.documentId[0]).toContain('disabled');
    const afterDisable = await call('GET', '/api/v1/document-templates', { key: tenant.apiKey });
    expect(afterDisable.body.templates.map((t: { documentId: string }) => t.documentId)).not.toContain(id);
    const all = await admin('list-templates');
    expect(all['templates'].find((t: { id: string }) => t.id === id)).toMatchObject({ enabled: false });
    await admin('enable-template', '--id', id);
    expect((await call('GET', '/api/v1/document-templates', { key: tenant.apiKey })).body.templates.map((t: { documentId: string }) => t.documentId)).toContain(id);

    const wf = await admin('create-workflow', '--app', tenant.appId, '--steps', 'id_verification', '--documents', 'doc_passport');
    expect(wf['documentIds']).toEqual(['doc_passport']);
    const limited = await call('GET', `/api/v1/document-templates?workflowId=${wf['workflowId']}`, { key: tenant.apiKey });
    expect(limited.body.templates.map((t: { documentId: string }) => t.documentId)).toEqual(['doc_passport']);
    const refused = await post('id-verification', { workflowId: wf['workflowId'], documentId: 'doc_id_card', frontImageBase64: await b64(docs.passport.images[0]!.file) }, { key: tenant.apiKey });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.documentId[0]).toContain('accepts doc_passport');
    expect((await admin('create-workflow', '--app', tenant.appId, '--steps', 'id_verification', '--documents', 'doc_unknown_x'))['error']).toContain('doc_unknown_x');
  });

  it("answers a session access token with its session's workflow and chosen template", async () => {
    const tenant = await newTenant();
    const minted = await call('POST', '/api/v1/sessions/token', { key: tenant.apiKey, body: { documentId: 'doc_residence_permit' } });
    const answer = await call('GET', '/api/v1/document-templates', { sat: minted.body.sat });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ workflowId: minted.body.workflowId, selectedDocumentId: 'doc_residence_permit' });
    const bad = await call('GET', '/api/v1/document-templates?workflowId=nope', { key: tenant.apiKey });
    expect(bad.status).toBe(400);
    const unauthenticated = await call('GET', '/api/v1/document-templates');
    expect(unauthenticated.status).toBe(401);
  });
});
