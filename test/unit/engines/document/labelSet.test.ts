import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDocumentCases, templateIdFor } from '../../../../functions/engines/document/evaluation/labelSet.ts';

/** A labels file of schema `kyc-document-labels/1` as ../shared/data/documents/README.md describes it. */
function labels(documents: unknown[]) {
  return JSON.stringify({ schema: 'kyc-document-labels/1', set: 'probe', referenceDate: '2026-11-21', documents });
}

const card = {
  id: 'card-1',
  documentType: 'TD1',
  documentKind: 'id_card',
  expectedOutcome: 'read',
  frontFile: 'fronts/card-1-front.jpg',
  images: [
    { file: 'card-1.jpg', side: 'back', capture: 'render' },
    { file: 'card-1-both.jpg', side: 'front+back' },
  ],
};
const passport = { id: 'pass-1', documentType: 'TD3', documentKind: 'passport', expectedOutcome: 'read', images: [{ file: 'pass-1.jpg', side: 'front' }] };

describe('loadDocumentCases', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'labels-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('gives one case per image, from the root and from each set directory under it', async () => {
    await writeFile(path.join(root, 'labels.json'), labels([passport]));
    await mkdir(path.join(root, 'cards'));
    await writeFile(path.join(root, 'cards', 'labels.json'), labels([card]));
    const cases = await loadDocumentCases(root);
    expect(cases.map((c) => [path.relative(root, c.file), c.side, c.capture])).toEqual([
      ['pass-1.jpg', 'front', 'unknown'],
      ['cards/card-1.jpg', 'back', 'render'],
      ['cards/card-1-both.jpg', 'front+back', 'unknown'],
    ]);
    expect(cases.every((c) => c.referenceDate === '2026-11-21')).toBe(true);
  });

  it("names the card's front only beside its back image, as an absolute path", async () => {
    await writeFile(path.join(root, 'labels.json'), labels([card, passport]));
    const cases = await loadDocumentCases(root);
    expect(cases.map((c) => c.frontFile)).toEqual([path.join(root, 'fronts', 'card-1-front.jpg'), undefined, undefined]);
  });

  it('throws on a labels file of another schema', async () => {
    await writeFile(path.join(root, 'labels.json'), JSON.stringify({ schema: 'other/1', set: 'x', referenceDate: '2026-11-21', documents: [] }));
    await expect(loadDocumentCases(root)).rejects.toThrow();
  });
});

describe('templateIdFor', () => {
  it('sends each kind with its seed template, a visa and a TD2 travel document as an integrator would', () => {
    const kind = (documentKind: string, documentType = 'TD3') => templateIdFor({ id: 'x', documentKind, documentType, expectedOutcome: 'read', images: [] } as never);
    expect(kind('id_card', 'TD1')).toBe('doc_id_card');
    expect(kind('residence_permit', 'TD1')).toBe('doc_residence_permit');
    expect(kind('driving_licence', 'AAMVA')).toBe('doc_driving_licence');
    expect(kind('travel_document', 'TD2')).toBe('doc_id_card');
    expect(kind('travel_document')).toBe('doc_passport');
    expect(kind('visa', 'MRVA')).toBe('doc_passport');
  });
});
