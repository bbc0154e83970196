import { describe, expect, it } from 'vitest';
import { DOCUMENT_TEMPLATES_SEED, parseTemplate, parseTemplates } from '../../../../functions/engines/document/templates/loadTemplates.ts';
import { DocumentTemplateError } from '../../../../functions/engines/document/errors.ts';

describe('document templates', () => {
  it('seeds the four generic templates under their fixed ids', () => {
    expect(DOCUMENT_TEMPLATES_SEED.map((t) => t.id)).toEqual(['doc_passport', 'doc_id_card', 'doc_residence_permit', 'doc_driving_licence']);
    const passport = DOCUMENT_TEMPLATES_SEED[0];
    expect(passport).toMatchObject({ sides: ['front'], dataSources: ['mrz'], mrzFormats: ['TD3'], documentCodes: ['P'], country: null, enabled: true });
    expect(DOCUMENT_TEMPLATES_SEED[3]).toMatchObject({ dataSources: ['pdf417', 'mrz'], mrzFormats: ['TD1'], sides: ['front', 'back'] });
  });
  it('accepts a country-specific template and applies defaults', () => {
    const t = parseTemplate({ id: 'doc_fra_id_card', name: 'French ID card', kind: 'id_card', sides: ['front', 'back'], dataSources: ['mrz'], mrzFormats: ['TD1'], documentCodes: ['I'], country: 'FRA' });
    expect(t.enabled).toBe(true);
    expect(t.country).toBe('FRA');
  });
  it('throws when a template is invalid, naming each bad field and what is allowed', () => {
    const bad = { id: 'passport', name: 'x', kind: 'visa', sides: ['back'], dataSources: ['mrz'], mrzFormats: [], documentCodes: [], country: 'fr' };
    expect(() => parseTemplate(bad)).toThrow(DocumentTemplateError);
    expect(() => parseTemplate(bad)).toThrow(/id: must be doc_ followed by/);
    expect(() => parseTemplate(bad)).toThrow(/country: must be an ISO 3166-1 alpha-3 code/);
    expect(() => parseTemplate(bad)).toThrow(/sides: must include "front"/);
    expect(() => parseTemplate({ ...bad, id: 'doc_x', kind: 'passport', sides: ['front'], country: null })).toThrow(/mrzFormats: must list at least one of TD1, TD2, TD3, FRENCH_NATIONAL_ID/);
  });
  it('throws on a duplicated id', () => {
    const t = { id: 'doc_a', name: 'a', kind: 'passport', sides: ['front'], dataSources: ['mrz'], mrzFormats: ['TD3'], documentCodes: ['P'] };
    expect(() => parseTemplates({ schema: 'kyc-document-templates/1', templates: [t, t] })).toThrow(/doc_a appears twice/);
  });
});
