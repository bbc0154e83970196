import { Decision, StepCode, StepStatus } from '../constants.ts';
import { IdVerificationRequestSchema, type IdVerificationRequest, type IdVerificationResult } from '../contract/steps.ts';
import { usableTemplate } from '../document-templates.ts';
import { ValidationError } from '../errors.ts';
import { requestInference } from '../inference.ts';
import { decodeMediaFields, type Media, type MediaKind } from '../media.ts';
import type { Service } from '../service.ts';
import type { StoredTemplate } from '../store/templates.ts';
import type { ExpectedDetails, MrzEvidence } from '../../engines/document/types.ts';
import type { StepDefinition } from './runner.ts';

/**
 * The ID verification step (SPEC.md 4.1, result 2.4; issue 5). The document template comes from the request's
 * `documentId` when the session has none yet, else from the session (a different one is a 400); it must exist, be
 * enabled and be accepted by the workflow. The images are stored in S3, the step is marked `SentToInference`, and
 * the inference (container Lambda on AWS, in-process locally) runs the document engine
 * (functions/engines/document) with the face detector for the portrait check. Outcomes
 * (docs/document-verification.md "Checks and decisions"):
 * - machine-readable data read -> `Completed` with the result, even when declined (expired, wrong kind, failing
 *   check digits, data mismatch); decision from the engine's checks;
 * - nothing readable (undecodable image, no MRZ or barcode, back side required, MRZ too damaged) -> `Failed`,
 *   `Declined`, no result (SPEC.md 3.4 rule 3), the `errorCategory` first in `statusReason`.
 * The chosen template is stored on the session (`documentId`).
 */

const PHOTO: readonly MediaKind[] = ['jpg', 'png', 'webp'];

/** What the step works on: the decoded media and the template chosen. */
export interface IdVerificationInput {
  readonly front: Media;
  readonly back: Media | null;
  readonly requestedDocumentId: string | null;
  readonly template?: StoredTemplate;
}

/**
 * What the step's provenance keeps of an MRZ reading: its format, and where characters were changed after the first
 * reading, never the characters (PII). `corrected`: per check-digit group corrected (mrz/correctMrz.ts), the 0-based
 * positions changed within the group's characters; `namesArbitrated`: per name line changed by the two recognisers
 * (reading/arbitrateNames.ts), the 0-based positions changed within the line's name characters and the gain (natural
 * log of the joint likelihood ratio, 3 decimals); `namesMargin`: the names' lead over their closest rival one character
 * away (natural log, 3 decimals; null when not weighed); `characterPitch`: the MRZ's pixels per character
 * (checks/checkMrzResolution.ts, 3 decimals; null when its lines were not located); `statesArbitrated`: per state code read as no listed code and replaced by
 * the two recognisers (reading/arbitrateStateCodes.ts), its line and first position, the lead over the next listed code
 * and the cost against the code as read (natural logs, 3 decimals); `documentCodeArbitrated`: the lead (natural log,
 * 3 decimals) of the letter the two recognisers put in place of a document code read as a visa's `V`
 * (reading/arbitrateDocumentCode.ts), or null; `spliced`: the check-digit groups taken from one reading into another
 * (reading/spliceReadings.ts), or null; `competitor`: another reading every check digit accepts too
 * (reading/readMrzZone.ts step 9), as the check groups and line positions it touches, the first recogniser's
 * probability ratio, the recognisers' log-likelihood margin of the text chosen over the runner-up, how it was resolved
 * (`kept`, `taken`, `undecided`), whether the zone's own glyphs decided it (`byGlyphs`) or the
 * third recogniser did (`byArbiter`), and the check digits made to fail when undecided; `lookAlikesRestored`: per
 * character of a verifying field set back to the own recogniser's confident reading of the other of `0` and `O`
 * (document number), or to another character it and the third recogniser both read confidently
 * (reading/restoreOwnLookAlikes.ts), its check-digit group, line and position, the own recogniser's probability and,
 * in the second case, the third's (`thirdP`; 3 decimals); `correctionsWeighed`: per correction one check digit alone
 * proves that step 12 weighed (reading/confirmCorrections.ts `WeighedCorrection`), its group, the line positions it
 * changed with the decoding's probability of the correction's character there (`p`) and of the most probable third
 * character (`rivalP`, null when none; 3 decimals), where the zone's glyphs were asked the glyph's likeness to the
 * zone's other glyphs of the character read and of the correction's (`glyphs`, correlations, 3 decimals, null without
 * exemplars), and the part of step 12 that undid it (`refutedBy`, null when kept).
 */
export function mrzProvenance(mrz: MrzEvidence): {
  format: string;
  corrected: Array<{ field: string; positions: number[] }>;
  namesArbitrated: Array<{ line: number; positions: number[]; gain: number }>;
  namesMargin: number | null;
  namesWitnessed: { line: number; positions: number[] } | null;
  characterPitch: number | null;
  statesArbitrated: Array<{ line: number; index: number; lead: number; cost: number }>;
  documentCodeArbitrated: { lead: number } | null;
  spliced: string[] | null;
  competitor: { groups: string[]; positions: Array<{ line: number; index: number }>; ratio: number; margin: number; resolution: string; byGlyphs: boolean; byArbiter: boolean; failedGroups: string[] } | null;
  lookAlikesRestored: Array<{ field: string; line: number; index: number; p: number; thirdP?: number }>;
  correctionsWeighed: Array<{
    field: string;
    changes: Array<{ line: number; index: number; p: number; rivalP: number | null; glyphs?: { read: number | null; corrected: number | null } }>;
    refutedBy: string | null;
  }>;
} {
  const differing = (from: string, to: string) => [...to].flatMap((ch, k) => (ch === from.charAt(k) ? [] : [k]));
  return {
    format: mrz.format,
    corrected: mrz.corrected.map((c) => ({ field: c.field, positions: differing(c.from, c.to) })),
    namesArbitrated: mrz.namesArbitrated.map((c) => ({ line: c.line, positions: differing(c.from, c.to), gain: round3(c.gain) })),
    namesMargin: mrz.namesMargin === null ? null : round3(mrz.namesMargin),
    namesWitnessed: mrz.namesWitnessed ? { line: mrz.namesWitnessed.line, positions: differing(mrz.namesWitnessed.from, mrz.namesWitnessed.to) } : null,
    characterPitch: mrz.characterPitch === null ? null : round3(mrz.characterPitch),
    statesArbitrated: mrz.statesArbitrated.map((c) => ({ line: c.line, index: c.start, lead: round3(c.lead), cost: round3(c.cost) })),
    documentCodeArbitrated: mrz.documentCodeArbitrated ? { lead: round3(mrz.documentCodeArbitrated.lead) } : null,
    spliced: mrz.spliced ? [...mrz.spliced] : null,
    competitor: mrz.competitor
      ? {
          groups: [...mrz.competitor.groups],
          positions: mrz.competitor.substitutions.map((s) => ({ line: s.line, index: s.index })),
          ratio: round3(mrz.competitor.ratio),
          margin: round3(mrz.competitor.margin),
          resolution: mrz.competitor.resolution,
          byGlyphs: mrz.competitor.byGlyphs,
          byArbiter: mrz.competitor.byArbiter,
          failedGroups: [...mrz.competitor.failedGroups],
        }
      : null,
    lookAlikesRestored: mrz.lookAlikesRestored.map((r) => ({ field: r.field, line: r.line, index: r.index, p: round3(r.p), ...(r.thirdP === undefined ? {} : { thirdP: round3(r.thirdP) }) })),
    correctionsWeighed: mrz.correctionsWeighed.map((w) => ({
      field: w.field,
      changes: w.changes.map((x) => ({
        line: x.line,
        index: x.index,
        p: round3(x.p),
        rivalP: x.rival ? round3(x.rival.p) : null,
        ...(x.glyphs ? { glyphs: { read: roundOrNull(x.glyphs.read), corrected: roundOrNull(x.glyphs.corrected) } } : {}),
      })),
      refutedBy: w.refutedBy,
    })),
  };
}

/** `x` rounded to 3 decimals. */
const round3 = (x: number) => Math.round(x * 1000) / 1000;
/** `x` rounded to 3 decimals, null kept. */
const roundOrNull = (x: number | null) => (x === null ? null : round3(x));

/** The expected details of a session in the engine's shape (fields the engine compares). */
function expectedOf(details: Record<string, string> | undefined): ExpectedDetails | null {
  if (!details) return null;
  const keys = ['firstName', 'lastName', 'fullName', 'dateOfBirth', 'documentNumber', 'personalNumber', 'nationality', 'issuingCountry'] as const;
  const out: Record<string, string> = {};
  for (const k of keys) if (typeof details[k] === 'string') out[k] = details[k];
  return Object.keys(out).length > 0 ? (out as ExpectedDetails) : null;
}

/** POST /id-verification. */
export const idVerificationStep: StepDefinition<IdVerificationRequest, IdVerificationInput, true> = {
  stepCode: StepCode.IdVerification,
  schema: IdVerificationRequestSchema,
  prepare: async (req: IdVerificationRequest, service: Service) => {
    const out = await decodeMediaFields(
      [
        { field: 'frontImageBase64', text: req.frontImageBase64, allowed: PHOTO, declared: req.fileExtension },
        { field: 'backImageBase64', text: req.backImageBase64, allowed: PHOTO },
      ],
      service.config.MEDIA_MAX_BYTES,
    );
    if ('errors' in out) return out;
    return { input: { front: out.media['frontImageBase64']!, back: out.media['backImageBase64'] ?? null, requestedDocumentId: req.documentId ?? null } };
  },
  admit: async (input, { service, session, workflow }) => {
    const chosen = session?.documentId ?? null;
    const requested = input.requestedDocumentId;
    if (chosen && requested && requested !== chosen) {
      throw new ValidationError(`The session already uses document template ${chosen}.`, {
        documentId: [`the session's document template is ${chosen}; send that or leave documentId out`],
      });
    }
    const documentId = chosen ?? requested;
    if (!documentId) {
      throw new ValidationError('The session has no document template yet.', {
        documentId: ['is required while the session has no document template (GET /api/v1/document-templates lists them)'],
      });
    }
    const template = await usableTemplate(service, workflow, documentId);
    return { input: { ...input, template }, ...(chosen ? {} : { sessionFields: { documentId } }) };
  },
  engine: async () => true,
  run: async (_ready, input, ctx) => {
    const { service, session } = ctx;
    const template = input.template!;
    const { source: _source, updatedAt: _updated, ...definition } = template;
    const [frontKey, backKey] = await Promise.all([
      service.media.put(session.sessionId, StepCode.IdVerification, input.front.kind, input.front.bytes, input.front.mime),
      input.back ? service.media.put(session.sessionId, StepCode.IdVerification, input.back.kind, input.back.bytes, input.back.mime) : null,
    ]);
    await ctx.sentToInference();
    const answer = await requestInference(
      {
        task: 'document',
        bucket: service.config.BUCKET_NAME,
        keys: { front: frontKey, ...(backKey ? { back: backKey } : {}) },
        template: definition,
        expected: expectedOf(session.expectedDetails),
        portraitCheck: service.config.DOCUMENT_PORTRAIT_CHECK,
      },
      service.config,
    );
    if (answer.task !== 'document') throw new Error('inference answered another task');
    const reading = answer.reading;
    const provenance = {
      engine: 'document',
      documentId: template.id,
      templateSource: template.source,
      models: answer.models,
      outcome: reading.outcome,
      checks: reading.checks,
      // Format, document code, which side and which positions were corrected; never the MRZ text itself (PII).
      mrz: reading.mrz ? mrzProvenance(reading.mrz) : null,
      barcode: reading.barcode ?? null,
      document: reading.document ? { documentCode: reading.document.documentCode, side: reading.document.side } : null,
      engineMs: Math.round(reading.timings.totalMs),
      media: [frontKey, backKey].filter(Boolean),
    };
    const decision = DECISIONS[reading.decision];
    if (reading.outcome === 'unprocessable') {
      return {
        status: StepStatus.Failed,
        decision,
        statusReason: `${reading.result.errorCategory ?? 'mrz_not_found'}: ${reading.reason ?? 'no machine-readable data could be read'}`,
        result: null,
        provenance,
      };
    }
    const result: IdVerificationResult = { ...reading.result };
    return { status: StepStatus.Completed, decision, statusReason: reading.reason, result, provenance };
  },
  providerFailure: { decision: Decision.InReview, statusReason: 'The document engine failed; the step needs a manual review.' },
};

const DECISIONS = { Approved: Decision.Approved, InReview: Decision.InReview, Declined: Decision.Declined } as const;
