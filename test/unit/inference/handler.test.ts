import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../functions/core/config.ts';
import { handler } from '../../../functions/inference/handler.ts';
import type { DocumentTemplate } from '../../../functions/engines/document/templates/templateSchema.ts';

/**
 * The container-image inference Lambda's handler, run in-process on real images (the container itself cannot be
 * built here): media are read from S3 (mocked with the real bytes) and the document, face and liveness engines answer.
 */
const SHARED = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'data');
const DOCS = path.join(SHARED, 'documents');
const FILES: Record<string, string> = {
  'sessions/s/step_face_match/a.jpg': path.join(SHARED, 'faces', 'lfw', 'images', 'Aaron_Sorkin_0001.jpg'),
  'sessions/s/step_face_match/b.jpg': path.join(SHARED, 'faces', 'lfw', 'images', 'Aaron_Sorkin_0002.jpg'),
  'sessions/s/step_liveness_check/c.jpg': path.join(SHARED, 'faces', 'lfw', 'images', 'AJ_Lamas_0001.jpg'),
  // A real specimen photographed sideways (the data page rotated by 90 degrees): MRZ and portrait are both found.
  'sessions/s/step_id_verification/d.jpg': path.join(DOCS, 'ultimatemrz', 'Passport-Australia_1280x720_rotate+90.jpg'),
  'sessions/s/step_id_verification/e.jpg': path.join(DOCS, 'fastmrz', 'nomrz.jpg'),
};
const PASSPORT: DocumentTemplate = { id: 'doc_passport', name: 'Passport', kind: 'passport', sides: ['front'], dataSources: ['mrz'], mrzFormats: ['TD3'], documentCodes: ['P'], country: null, enabled: true };
const s3 = mockClient(S3Client);

beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME: 'table', BUCKET_NAME: 'media', AWS_REGION: 'us-east-1' });
  resetConfig();
  // The SDK's stream body, reduced to the one method the code calls.
  s3.on(GetObjectCommand).callsFake((input: { Key: string }) => ({
    Body: { transformToByteArray: async () => new Uint8Array(readFileSync(FILES[input.Key]!)) },
  }));
});
afterAll(() => {
  s3.reset();
  resetConfig();
});

describe('inference handler', () => {
  it('matches two faces read from S3', async () => {
    const out = await handler({ task: 'face-match', bucket: 'media', keys: { selfie: 'sessions/s/step_face_match/a.jpg', reference: 'sessions/s/step_face_match/b.jpg' } });
    expect(out.task).toBe('face-match');
    if (out.task !== 'face-match') return;
    expect(out.measurement.similarity).toBeGreaterThan(0.667);
    expect(out.models.map((m) => m.sha256)).toEqual(expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{64}$/)]));
    expect(s3.commandCalls(GetObjectCommand).map((c) => c.args[0].input.Bucket)).toEqual(['media', 'media']);
  });

  it('reads a document from S3 against its template, with the portrait found on a sideways photo', async () => {
    const out = await handler({ task: 'document', bucket: 'media', keys: { front: 'sessions/s/step_id_verification/d.jpg' }, template: PASSPORT, expected: null, portraitCheck: true });
    expect(out.task).toBe('document');
    if (out.task !== 'document') return;
    expect(out.reading.outcome).toBe('read');
    expect(out.reading.result.issuingCountry).toBe('AUS');
    expect(out.reading.checks.find((c) => c.id === 'portrait_present')).toMatchObject({ passed: true });
    expect(out.models.map((m) => m.id)).toEqual(expect.arrayContaining(['kyc/mrz-fcn', 'kyc/mrz-fcn-faces', 'kyc/mrz-fcn-blur', 'kyc/name-ngrams', 'paddleocr/ch_PP-OCRv4_rec', 'zxing-wasm/zxing_reader.wasm']));
  });

  it('answers an image without machine-readable data as unprocessable, and skips the portrait check when told', async () => {
    const out = await handler({ task: 'document', bucket: 'media', keys: { front: 'sessions/s/step_id_verification/e.jpg' }, template: PASSPORT, expected: null, portraitCheck: false });
    if (out.task !== 'document') throw new Error(out.task);
    expect(out.reading).toMatchObject({ outcome: 'unprocessable', decision: 'Declined', result: { errorCategory: 'mrz_not_found', documentNumber: null } });
    expect(out.models.some((m) => m.id.startsWith('faceplugin'))).toBe(false);
  });

  it('checks liveness of a photo read from S3', async () => {
    const out = await handler({ task: 'liveness', bucket: 'media', keys: { media: 'sessions/s/step_liveness_check/c.jpg' }, kind: 'jpg' });
    expect(out.task).toBe('liveness');
    if (out.task !== 'liveness') return;
    expect(out.measurement.faceDetected).toBe(true);
    expect(out.measurement.livenessConfidence).toBeGreaterThanOrEqual(0);
    expect(out.measurement.livenessConfidence).toBeLessThanOrEqual(100);
  });
});
