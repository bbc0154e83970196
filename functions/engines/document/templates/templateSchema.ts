import { z } from 'zod';
import { DATA_SOURCE, DOCUMENT_KIND, DOCUMENT_SIDE, MRZ_FORMAT } from '../constants.ts';

/**
 * A document template (`doc_<id>`): what kind of document a session expects and how to read it. Templates are data
 * (data/documents/templates.json seeds the generic ones; operators add country-specific ones), passed to the engine
 * with each verification.
 *
 * @example
 * {
 *   "id": "doc_passport", "name": "Passport (any issuing state)", "kind": "passport",
 *   "sides": ["front"], "dataSources": ["mrz"], "mrzFormats": ["TD3"], "documentCodes": ["P"],
 *   "country": null, "enabled": true
 * }
 */
export const DocumentTemplateSchema = z
  .strictObject({
    /** `doc_` followed by lower-case letters, digits and underscores. */
    id: z.string().regex(/^doc_[a-z0-9_]{1,60}$/, { error: 'must be doc_ followed by 1-60 of a-z, 0-9, _ (e.g. doc_fra_id_card)' }),
    /** Human-readable name. */
    name: z.string().min(1).max(200),
    kind: z.enum([DOCUMENT_KIND.Passport, DOCUMENT_KIND.IdCard, DOCUMENT_KIND.ResidencePermit, DOCUMENT_KIND.DrivingLicence, DOCUMENT_KIND.TravelDocument]),
    /** Sides the integrator must send; `back` listed means `back_side_required` when it is missing. */
    sides: z
      .array(z.enum([DOCUMENT_SIDE.Front, DOCUMENT_SIDE.Back]))
      .min(1)
      .refine((s) => s.includes('front'), { error: 'must include "front"' }),
    /** Where the data come from, in the order they are tried. */
    dataSources: z.array(z.enum([DATA_SOURCE.Mrz, DATA_SOURCE.Pdf417])).min(1),
    /**
     * MRZ formats accepted (required when `dataSources` has `mrz`): ICAO's TD1, TD2, TD3 and the French national
     * identity card of 1988-2021 (constants.ts `MRZ_FORMAT`).
     */
    mrzFormats: z.array(z.enum([MRZ_FORMAT.TD1, MRZ_FORMAT.TD2, MRZ_FORMAT.TD3, MRZ_FORMAT.FrenchNationalId])).default([]),
    /**
     * First letters of the MRZ document code accepted (ICAO Doc 9303 Part 4 §4.2.2: `P` for passports; Parts 5 and
     * 6: `A`, `C` or `I` for TD1/TD2 cards; Part 7: `V` for visas, which no seed template accepts).
     */
    documentCodes: z.array(z.string().regex(/^[A-Z]$/, { error: 'must be one capital letter' })).default([]),
    /** ISO 3166-1 alpha-3 code of the issuing state when the template is for one state; null for any. */
    country: z
      .string()
      .regex(/^[A-Z]{3}$/, { error: 'must be an ISO 3166-1 alpha-3 code, e.g. FRA' })
      .nullable()
      .default(null),
    /** Disabled templates are refused by the API (the engine still reads with them when asked). */
    enabled: z.boolean().default(true),
  })
  .superRefine((t, ctx) => {
    if (t.dataSources.includes('mrz') && t.mrzFormats.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['mrzFormats'], message: 'must list at least one of TD1, TD2, TD3, FRENCH_NATIONAL_ID when dataSources has mrz' });
    }
    if (t.dataSources.includes('mrz') && t.documentCodes.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['documentCodes'], message: 'must list at least one document code letter when dataSources has mrz' });
    }
  });

/** A validated document template; see {@link DocumentTemplateSchema}. */
export type DocumentTemplate = z.output<typeof DocumentTemplateSchema>;
/** A template as written in JSON (defaults not yet applied). */
export type DocumentTemplateInput = z.input<typeof DocumentTemplateSchema>;
