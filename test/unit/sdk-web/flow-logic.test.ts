import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Decision as CoreDecision, ErrorCategory, SessionState as CoreSessionState } from '../../../functions/core/constants.ts';
import { ErrorCode, VerificationError, isErrorCode } from '../../../sdk-web/src/errors.ts';
import { PROTOCOL, PROTOCOL_VERSION, isProtocolMessage, message } from '../../../sdk-web/src/protocol.ts';
import { classify, readSatClaims } from '../../../sdk-web/flow/src/answers.ts';
import { TEXTS, pickLanguage, translator } from '../../../sdk-web/flow/src/i18n.ts';
import { CATEGORY_INSTRUCTIONS, instructionFor, isFixableCategory } from '../../../sdk-web/flow/src/instructions.ts';
import { CARD_ASPECT, PAGE_ASPECT, documentType } from '../../../sdk-web/flow/src/documents.ts';
import { DOCUMENT_TEMPLATES_SEED } from '../../../functions/engines/document/templates/loadTemplates.ts';

/**
 * The DOM-free parts of the SDK and its flow: the closed error-code set and its documentation, the message
 * envelope, the mapping of the service's answers to error codes, the languages and the errorCategory instructions.
 * (What needs a browser is tested in real Chromium by test/e2e.)
 */

const SDK_DOC = readFileSync(path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'sdk.md'), 'utf8');

describe('error codes', () => {
  it('documents every err.code in docs/sdk.md and nothing else', () => {
    const documented = [...SDK_DOC.matchAll(/^\| `([a-z_]+)` \| (?:SDK|flow)/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.values(ErrorCode).sort());
  });

  it('builds a VerificationError that is an Error with its code and status', () => {
    const err = new VerificationError(ErrorCode.StepUnavailable, 'not built', { status: 501 });
    expect(err).toBeInstanceOf(Error);
    expect({ name: err.name, code: err.code, status: err.status, message: err.message }).toEqual({ name: 'VerificationError', code: 'step_unavailable', status: 501, message: 'not built' });
    expect(isErrorCode('camera_denied')).toBe(true);
    expect(isErrorCode('camera_broken')).toBe(false);
  });
});

describe('message envelope', () => {
  it('recognises its own messages of any version and nothing else', () => {
    const m = message('launch-1', 'hello', {});
    expect(m).toEqual({ protocol: PROTOCOL, version: PROTOCOL_VERSION, launchId: 'launch-1', type: 'hello', payload: {} });
    expect(isProtocolMessage(m)).toBe(true);
    expect(isProtocolMessage({ ...m, version: 7 })).toBe(true);
    for (const other of [null, 'hello', { ...m, protocol: 'other' }, { ...m, version: '1' }, { ...m, launchId: 3 }, { type: 'completed' }]) {
      expect(isProtocolMessage(other)).toBe(false);
    }
  });
});

describe('answers of the service', () => {
  it('maps statuses to the documented error codes', () => {
    expect(classify(0, null, false)).toBe('network');
    expect(classify(401, { detail: 'The session access token has expired.' }, true)).toBe('session_expired');
    expect(classify(401, { detail: 'The API key is not valid.' }, false)).toBe('configuration_invalid');
    expect(classify(402, null, false)).toBe('configuration_invalid');
    expect(classify(403, null, true)).toBe('configuration_invalid');
    expect(classify(404, { errors: { workflowId: ['not found'] } }, false)).toBe('configuration_invalid');
    expect(classify(404, { detail: 'Session … not found.' }, true)).toBe('session_expired');
    expect(classify(400, { errors: { clientData: ['too long'] } }, false)).toBe('configuration_invalid');
    expect(classify(501, null, true)).toBe('step_unavailable');
    expect(classify(500, null, true)).toBe('service_error');
    expect(classify(503, null, true)).toBe('service_error');
  });

  it('reads the session and expiry of a sat, and refuses what is not one', () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const sat = `${b64({ alg: 'HS256' })}.${b64({ sub: 'a-session', exp: 1_900_000_000 })}.sig`;
    expect(readSatClaims(sat)).toEqual({ sessionId: 'a-session', expiresAt: 1_900_000_000_000 });
    expect(readSatClaims('not-a-token')).toBeNull();
    expect(readSatClaims(`${b64({})}.${b64({ sub: 1 })}.x`)).toBeNull();
    expect(readSatClaims('a.%%%.c')).toBeNull();
  });
});

describe('languages', () => {
  it('has every text in every language, with the same placeholders', () => {
    const keys = Object.keys(TEXTS.en).sort();
    for (const [lang, table] of Object.entries(TEXTS)) {
      expect(Object.keys(table).sort(), lang).toEqual(keys);
      for (const k of keys) {
        const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(holes((table as Record<string, string>)[k]!), `${lang}.${k}`).toEqual(holes((TEXTS.en as Record<string, string>)[k]!));
      }
    }
  });

  it('picks the requested language, else the browser order by primary subtag, else English', () => {
    expect(pickLanguage('es', ['en-US'])).toBe('es');
    expect(pickLanguage(null, ['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(pickLanguage(null, ['de-DE', 'fr'])).toBe('en');
    expect(pickLanguage('xx', ['en-GB'])).toBe('en');
    expect(translator('es')('livenessCountdown', { n: 3 })).toBe('La grabación empieza en 3');
  });

  it('has a message for every err.code in every language', () => {
    for (const table of Object.values(TEXTS)) {
      for (const code of Object.values(ErrorCode)) expect((table as Record<string, string>)[`err_${code}`], code).toBeTruthy();
    }
  });
});

describe('errorCategory instructions', () => {
  it('covers exactly the service closed set (functions/core/constants.ts), in every language', () => {
    expect(Object.keys(CATEGORY_INSTRUCTIONS).sort()).toEqual(Object.values(ErrorCategory).sort());
    for (const lang of ['en', 'es'] as const) {
      const t = translator(lang);
      for (const category of Object.values(ErrorCategory)) {
        const text = instructionFor(category, t);
        expect(text.length, `${lang} ${category}`).toBeGreaterThan(10);
        if (category !== 'provider_error') expect(text, `${lang} ${category}`).not.toBe(t('cat_provider_error'));
      }
    }
  });

  it('marks only what a new photo can fix as fixable, and falls back for an unknown category', () => {
    const t = translator('en');
    expect(isFixableCategory('no_face_detected')).toBe(true);
    expect(isFixableCategory('document_expired')).toBe(false);
    expect(isFixableCategory('made_up')).toBe(false);
    expect(instructionFor('made_up', t)).toBe(t('cat_provider_error'));
    expect(instructionFor('multiple_faces', t)).toBe('More than one face is visible. Make sure only you are in the picture.');
  });
});

describe('document types from the service templates', () => {
  it('maps every seed template to a labelled type with its sides and framing shape, in both languages', () => {
    const types = DOCUMENT_TEMPLATES_SEED.map((t) => documentType({ documentId: t.id, name: t.name, kind: t.kind, sides: [...t.sides], country: t.country }));
    expect(types.map((d) => [d.documentId, d.label, d.sides, d.aspect])).toEqual([
      ['doc_passport', 'docPassport', 1, PAGE_ASPECT],
      ['doc_id_card', 'docIdCard', 2, CARD_ASPECT],
      ['doc_residence_permit', 'docResidencePermit', 2, CARD_ASPECT],
      ['doc_driving_licence', 'docDrivingLicence', 2, CARD_ASPECT],
    ]);
    for (const d of types) for (const lang of ['en', 'es'] as const) expect(translator(lang)(d.label)).not.toBe(d.label);
  });

  it('keeps the country of a one-state template and frames travel documents as pages', () => {
    const t = documentType({ documentId: 'doc_fra_travel', name: 'French travel document', kind: 'travel_document', sides: ['front'], country: 'FRA' });
    expect(t).toEqual({ documentId: 'doc_fra_travel', label: 'docTravelDocument', name: 'French travel document', country: 'FRA', sides: 1, aspect: PAGE_ASPECT });
  });
});

describe('closed sets restated by the SDK (it has no dependencies, so it cannot import the service\'s)', () => {
  it('has exactly the service\'s decision values and session states', async () => {
    // Imported by a computed path: types.ts also declares DOM types, which the service's tsconfig does not load.
    const types = '../../../sdk-web/src/types.ts';
    const sdk = (await import(types)) as { Decision: unknown; SessionState: unknown };
    expect(sdk.Decision).toEqual(CoreDecision);
    expect(sdk.SessionState).toEqual(CoreSessionState);
  });
});
