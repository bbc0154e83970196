import countries from 'i18n-iso-countries/index.js';
import { MRZ_FORMAT, MRZ_SHAPE, type MrzFormat } from '../constants.ts';
import { enclosingQuad, flipQuad, growQuad, quadAngle, quadCentre, quadContains, quadSize, type Quad } from '../geometry/quad.ts';
import { lineEdgeWidth } from '../image/edgeWidth.ts';
import { flattenPage } from '../image/flattenPage.ts';
import { dropColour } from '../image/dropColour.ts';
import { uprightQuad } from '../image/estimateSlant.ts';
import type { RgbImage } from '../image/loadImage.ts';
import { cropUpright, straighten, type StraightenedImage } from '../image/straighten.ts';
import { mergeCollinearBoxes } from '../locate/mergeCollinearBoxes.ts';
import { mrzRows } from '../locate/mrzRows.ts';
import { orderLines, stackedRuns, type PlacedLine } from '../locate/orderLines.ts';
import { correctMrz, type Alternative, type MrzCorrection, type PositionAlternatives } from '../mrz/correctMrz.ts';
import { applyCompetitor, competingReadings, type CompetingReading } from '../mrz/competingReading.ts';
import { fitTextToLayout } from '../mrz/fitTextToLayout.ts';
import { padOptionalData } from '../mrz/padOptionalData.ts';
import { CHECKED_GROUP, checksOf, groupsByPosition, MRZ_LAYOUTS, positionClasses, singleProofGroups, type CheckedGroupId } from '../mrz/layouts.ts';
import { parseMrz, type ParsedMrz } from '../mrz/parseMrz.ts';
import { ctcAlignment, ctcLogLikelihood } from '../ocr/ctc/ctcLogLikelihood.ts';
import { chooseByGlyphs, type GlyphLine, type GlyphPosition } from '../image/compareGlyphs.ts';
import { greedyDecode } from '../ocr/ctc/greedyDecode.ts';
import { MRZ_CLASSES, type LineProbabilities } from '../ocr/ctc/lineProbabilities.ts';
import type { LineReading, LineRecognizer, RecognitionMode } from '../ocr/lineRecognizer.ts';
import type { DetectedBox } from '../ocr/paddle/dbPostprocess.ts';
import { glyphHeights } from '../image/glyphHeights.ts';
import { decodeFixedLength, type FixedLengthReading } from '../ocr/ctc/decodeFixedLength.ts';
import { decodeMrzLine, lineFieldsOf, MRZ_STATE_CODES, NO_FIELDS } from './decodeMrzLine.ts';
import { zeroShapes } from './zeroShapes.ts';
import { restoreFillers, restorePadding, takesRestoredPadding } from './restoreFillers.ts';
import { restoreLetterM } from './restoreLetterM.ts';
import { restoreNameFillers, restoreSeparator } from './restoreSeparator.ts';
import { nameExtension } from './nameExtension.ts';
import { nameGaps } from './nameGaps.ts';
import { arbitrateNames, type NameChange, type NameRival } from './arbitrateNames.ts';
import { arbitrateStateCodes, unlistedCodeFields, type StateCodeChange } from './arbitrateStateCodes.ts';
import { arbitrateDocumentCode, type DocumentCodeChange } from './arbitrateDocumentCode.ts';
import { arbitrateLookAlikes } from './arbitrateLookAlikes.ts';
import { spliceReadings } from './spliceReadings.ts';
import { provenCorrectionLines, refuteByGlyphs, refuteByRecognisers, refuteByRivals, undoWhereCompositeFails, weighRivals, RIVAL_BOUNDS, type GlyphLikenesses, type RefutedBy, type WeighedChange, type WeighedCorrection } from './confirmCorrections.ts';
import { blankGrownEdges } from './blankGrownEdges.ts';
import { loneDataLine, type LoneDataLine } from './loneDataLine.ts';
import { failingCompositeReadWider, restoreCutComposite } from './restoreCutComposite.ts';
import { AGREED_READING_MIN_P, compositeDisagreement, ownDisagreements, restoreOwnLookAlikes, verifyingLines, type LookAlikeRestoration, OWN_LOOK_ALIKE_MIN_P } from './restoreOwnLookAlikes.ts';

/** One name line's lead over its rivals after step 8 ({@link MrzZoneReading.nameLeads}). */
export interface NameLead {
  /** The line, 0-based. */
  readonly line: number;
  /** Natural log; see arbitrateNames.ts `margins`. */
  readonly margin: number;
  /** The texts one name character away the lead was measured against, each with the line's lead over it. */
  readonly rivals: readonly NameRival[];
}

/** An MRZ read from an image. */
export interface MrzZoneReading {
  readonly format: MrzFormat;
  /**
   * The lines as decoded, before check-digit corrections (with fillers restored by their glyph height, see
   * restoreFillers.ts, a name separator and fillers before fillers read as letters restored, see
   * restoreSeparator.ts, and `M`s read as `N`, see restoreLetterM.ts).
   */
  readonly readLines: readonly string[];
  /** The MRZ after check-digit-proven corrections, parsed. */
  readonly parsed: ParsedMrz;
  readonly corrected: readonly MrzCorrection[];
  /** Where the lines are in the image. */
  readonly quads: readonly Quad[];
  /** Share of the format's check digits that verify, 0-1. */
  readonly checkRate: number;
  /** Mean relative difference between the lines' free readings' lengths and the format's line length. */
  readonly lengthMisfit: number;
  /** Mean log-probability per character of the decoding (0 for text recognisers). */
  readonly meanLogProb: number;
  /** Lowest probability of a character read, among the allowed characters at its position (0-1; 1 for text). */
  readonly minConfidence: number;
  /** Characters the decoding seems to have dropped in the names (nameGaps.ts; 0 for text recognisers). */
  readonly nameGaps: number;
  /**
   * Name characters changed by the recognisers together (step 8, arbitrateNames.ts), one entry per line changed;
   * empty when none changed or the step did not run. `parsed` and `readLines` hold the changed names.
   */
  readonly namesArbitrated: readonly NameChange[];
  /**
   * After step 8: how far the names chosen lead the closest text one name character away, taking the lowest over the
   * name lines (arbitrateNames.ts `margins`, natural log of the ratio of the recognisers' joint likelihoods, the name
   * prior added; negative where such a text scores higher but step 8's bounds kept it out). Absent when step 8 did not
   * run, and when no line had such a text. A small lead is a name the recognisers leave in doubt (checks/checkNamesConfident.ts).
   */
  readonly namesMargin?: number;
  /**
   * After step 8: per name line with a rival text, its lead (arbitrateNames.ts `margins`, as `namesMargin`) and the
   * texts one name character away it was weighed against (`rivals`), for the visual zone's witness
   * (witnessNames.ts). Absent when step 8 did not run.
   */
  readonly nameLeads?: ReadonlyArray<NameLead>;
  /**
   * State codes read as no listed code and chosen again over the list by the recognisers together (step 10,
   * arbitrateStateCodes.ts); empty when none changed or the step did not run. `parsed` and `readLines` hold them.
   */
  readonly statesArbitrated: readonly StateCodeChange[];
  /**
   * A document code read as a visa's `V` and chosen again over the format's letters by the recognisers together
   * (step 10, arbitrateDocumentCode.ts); absent when none changed or the step did not run. `parsed` and `readLines`
   * hold it.
   */
  readonly documentCodeArbitrated?: DocumentCodeChange;
  /**
   * Other readings every check digit accepts as well (mrz/competingReading.ts), the most probable first; step 9
   * weighs them. Searched when first asked (only the reading that wins is), then kept.
   */
  readonly competitors: () => readonly CompetingReading[];
  /**
   * After step 9: the competitor taken, or the reading's strongest rival, with how the recognisers weighed it; null
   * when there was none to weigh.
   */
  readonly competitor: WeighedCompetitor | null;
  /**
   * After step 13: characters of verifying fields set back to the own recogniser's confident reading of the other of
   * `0` and `O` (document number), or to another character it and the third recogniser both read confidently
   * (restoreOwnLookAlikes.ts); absent when none was.
   */
  readonly lookAlikesRestored?: readonly LookAlikeRestoration[];
  /**
   * After step 12: the corrections one check digit alone proves that it weighed, with the decoding's probabilities at
   * their changes and the part of the step that undid each (confirmCorrections.ts `WeighedCorrection`); absent when
   * there were none.
   */
  readonly correctionsWeighed?: readonly WeighedCorrection[];
  /**
   * Per line and position, the decoder's alternatives (most probable first; empty lines for text recognisers), from
   * which {@link competitors} are searched; a splice (step 7c) takes each position's from the reading it took the
   * character from.
   */
  readonly alternatives: PositionAlternatives;
  /**
   * Step 7c (or step 4, two readings of one recogniser): the check-digit groups taken from the other reading into the
   * better one's (spliceReadings.ts), composite last; absent when the reading is no splice.
   */
  readonly spliced?: readonly CheckedGroupId[];
}

/** A {@link CompetingReading} as step 9 of {@link readMrzZone} weighed it. */
export interface WeighedCompetitor extends CompetingReading {
  /**
   * Natural log of how much likelier the recognisers together (the lines read again, and the decoding that gave the
   * reading) found the text chosen (the reading, or the competitor taken) than the runner-up among the reading and
   * its competitors (>= 0; {@link chooseReading}); when the glyphs or the arbiter decided (`byGlyphs`, `byArbiter`),
   * or nothing did, the lead of the recognisers' own likeliest text, which may not be the one chosen.
   */
  readonly margin: number;
  /**
   * `kept`: the reading stands, and this is its strongest rival; `taken`: this competitor replaced the reading;
   * `undecided`: no text won by {@link COMPETITOR_MIN_MARGIN}, or this competitor won against the first recogniser's
   * decoding, and the check digits the contenders touch count as failing.
   */
  readonly resolution: 'kept' | 'taken' | 'undecided';
  /**
   * The zone's own glyphs decided (step 9's last opinion, image/compareGlyphs.ts `chooseByGlyphs`): the recognisers
   * left the reading and its likeliest rival undecided, and the glyphs at the positions they differ in are at least
   * {@link GLYPH_MIN_LEAD} likelier (correlation) to be one text's characters, compared with the same characters
   * printed elsewhere in the zone.
   */
  readonly byGlyphs: boolean;
  /**
   * The reader's `arbiter` decided (after the glyphs, {@link chooseByArbiter}): among the two likeliest texts and the
   * arbiter's own reading of the checked characters, the first recogniser preferred another text than the one chosen,
   * and the second recogniser and the arbiter, a recogniser trained on more typefaces, each preferred it to every
   * other by at least {@link COMPETITOR_MIN_MARGIN}. When the arbiter's own reading was taken, this competitor holds
   * its substitutions, the check groups they touch and `ratio` 0 (the first decoding did not weigh it).
   */
  readonly byArbiter: boolean;
  /** The check digits made to fail (`undecided` only; otherwise empty). */
  readonly failedGroups: readonly CheckedGroupId[];
}

/** What {@link readMrzZone} needs: a text detector and a line recogniser. */
export interface MrzZoneReader {
  /**
   * Text boxes of the image, in its pixel coordinates. `side`: the longer side, in pixels, the image is scaled to
   * for detection (the detector's default when absent).
   */
  readonly detect: (image: RgbImage, side?: number) => Promise<DetectedBox[]>;
  readonly recognizer: LineRecognizer;
  /**
   * A second recogniser for images the first does not read cleanly (step 7 of {@link readMrzZone}): the whole reading
   * is done again with it, and its reading replaces the first when {@link better}.
   */
  readonly secondRecognizer?: LineRecognizer;
  /**
   * A prior over name fields for step 8 (names/nameModel.ts `nameFieldPrior`): natural-log score of a name field's
   * characters. @default none (the recognisers alone choose the names)
   */
  readonly namePrior?: (field: string) => number;
  /**
   * A third recogniser for step 9's disputes the first two and the zone's glyphs left undecided
   * ({@link chooseByArbiter}): the engine's is the own recogniser's network trained further on lines in other
   * monospaced faces (models/MODELS.md `mrz-fcn-faces`), which reads a zone printed in a face other than OCR-B
   * where the first recogniser, trained on OCR-B alone, takes one character for its look-alike (`6` for `G`).
   * @default none (undecided disputes stay undecided)
   */
  readonly arbiter?: LineRecognizer;
  /**
   * A third recogniser that step 8 asks about the names with the first two ({@link arbitrateZoneNames}); each of the
   * three then counts {@link WITNESS_SHARE}. The engine's is the `arbiter`'s network (the first recogniser's trained
   * further on more typefaces), which outvotes a letter one of the two misreads on a blurred or small line.
   * @default none (the first two recognisers alone weigh the names)
   */
  readonly nameWitness?: LineRecognizer;
  /**
   * A first recogniser for blurred pages, asked only where steps 1-14 leave no reading, one too damaged to use, or one
   * in which a field's own check digit fails (step 15 of {@link readMrzZone}): the engine's is the own recogniser's network trained further on lines blurred
   * by up to a quarter of their capitals' height (models/MODELS.md `mrz-fcn-blur`).
   * @default none (such pages stay unread or refused)
   */
  readonly blurRecognizer?: LineRecognizer;
}

/** Options of {@link readMrzZone}. */
export interface ReadMrzZoneOptions {
  /** Boxes narrower than this many heights are not MRZ lines (a TD1 line is about 22 heights wide). @default 10 */
  readonly minAspect?: number;
  /**
   * Most anchor candidates recognised per orientation (the most elongated first). They are recognised two at a time
   * until the anchors found make a reading, so a document whose MRZ lines are among the first candidates (nearly
   * all) reads no more of them. A specimen shown on a web page has paragraphs as elongated as its MRZ lines: on the
   * blind specimen set of seed 2 (`npm run gen:documents:indep-specimens`, 2026-11-29) nine screenshots put the MRZ
   * lines up to 12th, and 6 (the value until then) found none of them; the real specimens shown among 16 lines of
   * page text (`npm run eval:document -- --web-page`) needed more than 16, and 48 read them all
   * (docs/document-verification-log.md "Specimens shown on web pages").
   * @default 48
   */
  readonly maxCandidates?: number;
  /**
   * When no MRZ is found, or only one too damaged to use, the image is searched again with the detector at each of
   * these longer sides, in pixels, in turn until a usable MRZ is found (empty: no further search). The detector's
   * default (960 px) misses the MRZ of a small, blurred capture, where the characters are 4-6 pixels high (a
   * passport page 500 px wide); at 1600 px they are in the size range the detector was trained on. A page about 300 px wide in a 500-px photo (characters about
   * 3 px high) needs 2400 px: of the six such pages of the generated seeds 60606, 99 and 70707 that no smaller side
   * found, 2400 px found five, four of them read fully right (2026-11-26, docs/document-verification-log.md "Smaller
   * pages"; 2000 and 2800 px did worse). Since the fifty-second session a reading too damaged to use
   * ({@link MIN_CHECK_RATE}) is searched on as well, the better reading kept: at 960 px the detector boxed a crisp
   * TD1 card's lines only up to their widely spaced filler runs, and the first two lines, read whole, were taken for
   * a TD2 whose check digits all failed (blind print seed 55 `073`; at 1600 px all three lines are boxed whole;
   * docs/document-verification-log.md "Damaged readings searched at larger sides"). Only images without a usable MRZ
   * pay for it (about 2.8 and 6 times the first detection).
   * @default [1600, 2400]
   */
  readonly fallbackSides?: readonly number[];
  /**
   * A document whose MRZ lines (or, without an MRZ found, widest text boxes) lie at least this many degrees askew is
   * read again from the image turned upright (see {@link readMrzZone}, step 6), also when it read with every check
   * digit verifying at the layout's line lengths: names carry no check digit. Below 3° the detector's boxes are as
   * good as upright (the synthetic generator's `mild` captures turn up to 4°).
   * @default 3
   */
  readonly minSkewDeg?: number;
}

const defaults = { minAspect: 10, maxCandidates: 48, fallbackSides: [1600, 2400], minSkewDeg: 3 } as const;

interface Candidate {
  readonly quad: Quad;
  readonly reading: LineReading;
  readonly text: string;
}

/**
 * Finds and reads the MRZ of a document image:
 *
 * 1. text boxes from the detector; pieces of one line joined; boxes at least `minAspect` times wider than high kept;
 * 2. the most elongated candidates recognised, two at a time; lines that read as MRZ text (MRZ characters only, a
 *    filler or many digits) kept and sorted top to bottom in their own text direction; where they make no reading,
 *    the next candidates, of which only lines holding two fillers together are kept (`ANCHOR_FILLERS`), stacked
 *    with those found before. Every line
 *    read as MRZ text whose characters lean at either end (a page seen obliquely: `SLANT_MIN` or more,
 *    image/estimateSlant.ts) is read again in a quad leaning with them, sampled through its homography, and keeps that
 *    quad for every later step: in italics-like lean the recognisers read `T` as `7` and `S` as `5`;
 * 3. each run of 2 or 3 stacked lines decoded as TD1 (3 lines) or TD2 and TD3 (2 lines), with the layout's
 *    character classes and exact line lengths (names and state codes with what the layout knows of them, see
 *    decodeMrzLine.ts, in windows failing at most one check digit; fillers of names read as `C` turned back by
 *    their glyph height, and as `K` by height and the recogniser's doubt, restoreFillers.ts; a surname separator,
 *    or fillers before fillers, read as letters, restoreSeparator.ts; an `M` read as `N` by the recogniser's
 *    doubt, restoreLetterM.ts), and corrected where check digits prove it
 *    (also filler-sized characters of optional data, `restorePadding`, and zeros drawn letter-sized where letters
 *    are allowed, zeroShapes.ts); readings that
 *    cannot be an MRZ (see `plausible`: a TD2 coded P, unlisted codes with failing check digits) are dropped;
 * 4. the reading with the most verifying check digits wins (then the most probable one; between readings of one
 *    format that verify alike, the one that dropped fewer characters in its names first, nameGaps.ts, then the one
 *    whose names keep a letter the other has as a filler, nameExtension.ts, see {@link better}); where neither the
 *    rows read whole nor their readings with the windows' are clean, the two are spliced as in step 7c. If nothing
 *    reads, the candidates are read turned by 180° (an upside-down document, or one rotated by 90° without EXIF);
 * 5. if still nothing reads, or only a reading too damaged to use (fewer than {@link MIN_CHECK_RATE} of its check
 *    digits verifying), all of it again on a detection at each of `fallbackSides` in turn (small, blurred captures;
 *    lines whose long filler runs the detector at 960 px cut off), the better reading kept; then, if nothing reads
 *    or a check digit fails, an image with colour ({@link COLOURED_MIN_SHARE}) is detected again with its colour
 *    dropped, and read again where that detection boxes a line the first did not
 *    (5b, {@link readColourDropped}: a coloured stamp across the zone);
 * 6. a second look when the reading is not clean or its lines lie at least `minSkewDeg` askew; a second reading
 *    replaces the first if it is {@link better}:
 *    - a document lying at least `minSkewDeg` askew (the median angle of the lines read, or of the widest boxes,
 *      off the nearest multiple of 90°) is read again from the whole image turned upright ({@link straighten}): the
 *      detector's boxes of text at an angle are looser than of level text, and rows rebuilt from them cut off
 *      characters (a clean reading too: the Australian specimen turned by 100° read `CTTZZEN`, every check digit
 *      verifying, and `CITIZEN` turned upright). Without a line read, boxes of text running closer to vertical are
 *      laid level (a quarter turn more, {@link levelling}), the skew is taken from merely elongated boxes when none
 *      is wide enough ({@link SKEW_MIN_ASPECT}), and a page still unread is measured and turned once more
 *      ({@link STRAIGHTEN_TURNS});
 *    - if a check digit still fails, the zone of the lines read (with margins, {@link ZONE_MARGIN_ALONG}) is cut
 *      out upright at the source resolution ({@link cropUpright}) and detected and read again. The detector sees the
 *      whole image at 960 px, so the lines of a document small in the frame come out as coarse boxes; cut out, they
 *      fill the detector's input;
 *    - if nothing was read at all but one line, read alone, is proven an MRZ line by at least two check digits of
 *      its own (a TD2 or TD3 data line, a TD1's second line; loneDataLine.ts), the zone around that line is cut out
 *      and read in the same way: the detector had boxed that line and none of the others (a names line under a
 *      stamp), so no MRZ could be put together ({@link loneLines});
 *    - measured on the shared real specimens (`npm run eval:document -- --rotate 15,35 --zoom-out 2.5`, 2026-11-22,
 *      docs/document-verification-log.md, "Fifth session"): upright readings did not change; more documents read
 *      fully right turned by 15° and 35° and placed small on a table. Clean readings of level lines never pay for it.
 * 6b. with a `secondRecognizer`, the first recogniser reads the reading's lines once more with the ink's contrast
 *    evened along each line (a light spot; image/evenContrast.ts), and that reading replaces the first where it is
 *    of the same format, every check digit of it verifies, and it is {@link better} ({@link evenedReadingOf});
 * 7. with a `secondRecognizer`, a reading still not clean (or no reading) is made again, steps 1-6, with that
 *    recogniser, and replaces the first if it is {@link better}. The engine reads first with its own MRZ recogniser
 *    and second with PaddleOCR's (docs/document-verification-log.md "Own MRZ recogniser": seed 60606 148 of 152
 *    documents with the first alone, 149 with both; the real specimens 39 of 39 either way). Where the first
 *    found no MRZ at all, or only one too damaged to use ({@link MIN_CHECK_RATE}), the second reads only the first
 *    detection, not the `fallbackSides` again ({@link secondReadingOptions}). A second reading taken that is still not
 *    clean is read once more by the first recogniser in its own quads (7b, {@link ownReadingOf}): the two differ in
 *    where they find the lines as well as in how they read them. Where neither recogniser's reading is clean, the
 *    two are spliced field by field, each field with its own check digit taken from the reading in which it
 *    verifies, when every check digit of the splice then verifies (7c, {@link splicedReading}, spliceReadings.ts;
 *    docs/document-verification-log.md "Two readings spliced field by field").
 * 8. with a `secondRecognizer`, every reading's name lines are read once more by both recognisers (and the reader's
 *    `nameWitness`, each of the three then counting {@link WITNESS_SHARE}), and the name characters chosen by all
 *    together ({@link arbitrateNames}), with the reader's `namePrior` (how names are spelt) when it has one: names
 *    carry no check digit, so a clean reading can still hold a misread letter (docs/document-verification-log.md "Names
 *    read by two recognisers", "A prior over names", "A third recogniser for names"). A name line whose
 *    chosen names lead their closest rival by less than {@link NAME_VIEWS_MAX_MARGIN} is read again in the further
 *    crops of {@link NAME_VIEWS} and chosen once more, each recogniser's likelihoods averaged over the three crops
 *    ("Doubtful names read in three crops"). The lowest lead that remains is kept as `namesMargin`
 *    (checks/checkNamesConfident.ts sends names led by less than ln 5 to review; "Names the recognisers leave in doubt").
 * 9. with a `secondRecognizer`, when other readings pass every check digit the reading passes (characters of equal
 *    weight, two misread characters), both recognisers choose among them, where they do not the zone's own glyphs,
 *    then the reader's `arbiter` with the second recogniser against the first ({@link askArbiter}), or the check
 *    digits they touch fail ({@link settleCompetitor}; docs/document-verification-log.md "Readings the check digits
 *    cannot tell apart", "The zone's own glyphs", "A third recogniser for other typefaces").
 * 10. with a `secondRecognizer`, a state code (issuing state, nationality) still read as no listed code is chosen
 *    again over the closed list by both recognisers together ({@link arbitrateZoneStates}, arbitrateStateCodes.ts;
 *    docs/document-verification-log.md "State codes read by two recognisers"); and a document code read as a visa's `V`
 *    over the format's letters ({@link arbitrateZoneDocumentCode}, arbitrateDocumentCode.ts; "A passport's P read as
 *    a visa's V").
 * 11. with an `arbiter`, a field whose check digit still fails takes the OCR-B look-alike the arbiter reads first at
 *    one of its positions, where that makes every check digit verify ({@link arbitrateZoneLookAlikes},
 *    arbitrateLookAlikes.ts; docs/document-verification-log.md "Look-alikes read by the third recogniser").
 * 12. field corrections are undone while the composite fails, and corrections one check digit alone proves (the
 *    document number, the TD3 personal number, the composite's own characters) are undone where the reading's own
 *    decoding gave a third character about as much as the correction's (confirmCorrections.ts `refuteByRivals`,
 *    docs/document-verification-log.md "Sixty-sixth session") or where the zone's own glyphs refute them
 *    ({@link confirmCorrections}, confirmCorrections.ts; "Corrections one check digit alone proves").
 * 13. with a `secondRecognizer`, a character of a field whose check digit verifies (or the composite's own digit,
 *    where the box cut its glyph) is set back where the first recogniser, reading its line again a character wider
 *    at each end, gives the other of `0`/`O` in the document number with confidence, or where it and the `arbiter`
 *    both read another character there with confidence (or it wavers between the character read and one other,
 *    giving that one at least `OWN_DOUBT_MIN_P`, and the `arbiter` reads it with confidence; or, the character read
 *    not among its first two choices, it and the reading's own decoding both give its first choice at least
 *    `OWN_DOUBT_MIN_P`, and the `arbiter` reads that one first); never between two characters of one value modulo 10,
 *    which the check digits cannot tell apart (restoreOwnLookAlikes.ts `seenByCheckDigits`), and never a check digit
 *    to a filler (`withoutMissingDigits`); the check digits then
 *    judge the fields as printed ({@link restoreZoneLookAlikes}, restoreOwnLookAlikes.ts;
 *    docs/document-verification-log.md "Zeros the own recogniser reads as letters", "Every verifying field read again
 *    by two recognisers").
 * 14. a reading that still fails a check digit (or leaves one undecided, step 9) and whose zone's rows bend at least
 *    `DEWARP_MIN_SAGITTA` line heights and `DEWARP_MIN_SAGITTA_PX` pixels (image/rowBend.ts) is made again, steps 1-13, on the page turned level and
 *    flattened (image/flattenPage.ts: a page curved in the hand, whose lines no straight quad holds, and every step
 *    reads lines through straight quads); it replaces the first if it is {@link better}, its quads mapped back onto
 *    `image`. Photo seed 71 `0045` (a passport photographed bent and turned by 16°) and the real specimens bowed by
 *    0.02 of their width (`npm run eval:document -- --bend 0.02`) read right only so (docs/document-verification-log.md
 *    "Sixtieth session").
 * 15. with a `blurRecognizer`, a page that steps 1-14 left without a reading, or with one too damaged to use or in
 *    which a field's own check digit fails (not the composite alone) whose lines are blurred (their edges at least
 *    {@link BLUR_PASS_MIN_EDGE_PITCHES} character pitches wide, image/edgeWidth.ts; {@link blurPassWanted}), is read
 *    again, steps 1-14, with that recogniser first in place of the reader's own; its
 *    reading replaces the first if it is {@link better}. Skipped where steps 1-14 took more than
 *    {@link BLUR_PASS_MAX_MS}. The own recogniser was trained on blur of up to 1.1 px on capitals of 4-28 px; a page
 *    400-1000 px wide blurred by 2-2.5 px puts a tenth to a third of a capital's height of blur on its MRZ, and its
 *    lines read as no MRZ or fail their check digits (docs/document-verification-log.md "Sixty-third session").
 *    Pages read cleanly never pay for it. Both passes share what depends only on the image: detections of every view
 *    ({@link detectOnce}, the straightened ones made once, {@link straightenOnce}) and the readings of the recognisers
 *    other than the first ({@link readOnce}).
 *
 * @param image - upright RGB pixels (EXIF applied)
 * @param reader - detector and recogniser(s)
 * @returns the best MRZ reading, or null when no MRZ was found
 */
export async function readMrzZone(image: RgbImage, reader: MrzZoneReader, opts: ReadMrzZoneOptions = {}): Promise<MrzZoneReading | null> {
  const { blurRecognizer, ...others } = reader;
  // Both passes detect the same image at the same sides: the second takes the first's boxes, and the recognisers both
  // passes ask (all but the first) read the same crops of it once.
  const rest: MrzZoneReader = {
    ...others,
    detect: detectOnce(reader.detect),
    ...(others.secondRecognizer ? { secondRecognizer: readOnce(others.secondRecognizer) } : {}),
    ...(others.arbiter ? { arbiter: readOnce(others.arbiter) } : {}),
    ...(others.nameWitness ? { nameWitness: readOnce(others.nameWitness) } : {}),
  };
  const t0 = performance.now();
  const found = await readFlattened(image, rest, opts);
  // Step 15: a page left unread, or with a field's own check digit failing, read again with the recogniser of
  // blurred lines first.
  if (!blurRecognizer || !blurPassWanted(image, found) || performance.now() - t0 > BLUR_PASS_MAX_MS) return found;
  const again = await readFlattened(image, { ...rest, recognizer: blurRecognizer }, opts);
  return again && (!found || better(again, found)) ? again : found;
}

/**
 * Whether step 15 of {@link readMrzZone} reads a page again: when steps 1-14 left no reading, or left one too damaged to
 * use ({@link MIN_CHECK_RATE}) or one in which the check digit of a field of its own (document number, dates, TD3
 * personal number) fails, and whose lines are blurred: the median of its lines' edge widths (image/edgeWidth.ts) at
 * least {@link BLUR_PASS_MIN_EDGE_PITCHES}.
 *
 * Not where only the composite fails: that is how a document printed with a wrong composite reads, and a further
 * reading of it is one more chance of a misread that makes the composite verify (blind specimen seed 76 `179`, a
 * Swedish card printed with composite 2 for 4, blurred by 2 px: the recogniser of blurred lines read the last digit of
 * its optional data as a filler, every check digit then verified, and the optional data came back without it;
 * docs/document-verification-log.md "Sixty-third session").
 *
 * @param image - the page steps 1-14 read
 * @param found - their reading, or null
 */
function blurPassWanted(image: RgbImage, found: MrzZoneReading | null): boolean {
  if (!found) return true;
  const fieldFails = Object.entries(found.parsed.checks).some(([group, ok]) => group !== CHECKED_GROUP.Composite && ok === false);
  if (found.checkRate >= MIN_CHECK_RATE && !fieldFails) return false;
  return zoneEdgeWidth(image, found) >= BLUR_PASS_MIN_EDGE_PITCHES;
}

/**
 * The median of a reading's lines' edge widths ({@link lineEdgeWidth}, in character pitches, each line measured in its
 * quad over the characters it was read with), or Infinity where no line shows an edge (nothing to tell the page sharp).
 */
function zoneEdgeWidth(image: RgbImage, found: MrzZoneReading): number {
  const widths = found.quads
    .map((quad, i) => lineEdgeWidth(image, quad, (found.parsed.lines[i] ?? '').length || MRZ_SHAPE[found.format].length))
    .filter((w): w is number => w !== null)
    .sort((a, b) => a - b);
  return widths.length === 0 ? Infinity : (widths[Math.floor(widths.length / 2)] as number);
}

/**
 * Step 15 of {@link readMrzZone} reads again a page with a reading only where its lines' median edge width
 * ({@link lineEdgeWidth}) is at least this many character pitches: the recogniser of blurred lines is asked on the
 * pages it was trained for, and sharp pages printed with a failing check digit are refused without it (it took a
 * third of their time). Every page step 15 brought to a right reading in the measurements of the sixty-fifth session
 * (3 of 100 it read again: real specimens under five views, blind specimens of seed 82 blurred by 2.5 px, blind photos
 * and print of seed 82) measured 0.30 pitches or more, the sharp real specimens 0.10-0.29
 * (docs/document-verification-log.md "Sixty-fifth session"). Not tuned further.
 */
export const BLUR_PASS_MIN_EDGE_PITCHES = 0.25;

/**
 * Step 15 of {@link readMrzZone} is skipped on a page whose steps 1-14 took longer than this, in milliseconds, so that
 * the whole reading stays within the inference function's 28 s (lib/constructs/inference-function.ts): step 15 costs
 * up to as much as steps 1-14 did (less the detections of the image, which it takes from them), and steps 1-14 alone took up to 13.4 s on blind specimen seed 75 blurred by 2.5 px
 * (`npm run eval:document -- --no-write --no-blur-pass --blur 2.5`, 2026-12-02), where the three pages step 15 mended had taken 0.9-5.9 s in
 * them. Not tuned.
 */
export const BLUR_PASS_MAX_MS = 8000;

/** {@link readMrzZone}'s steps 1-14. */
async function readFlattened(image: RgbImage, reader: MrzZoneReader, opts: ReadMrzZoneOptions): Promise<MrzZoneReading | null> {
  const found = await readZone(image, reader, opts);
  // Step 14: a reading still failing a check digit (or leaving one undecided) whose zone bends: the whole page read
  // again flattened (see flattenPage).
  const flat = found && found.checkRate < 1 ? flattenPage(image, found.quads, ZONE_MARGIN_ALONG, ZONE_MARGIN_ACROSS) : null;
  if (!found || !flat) return found;
  const again = await readZone(flat.image, reader, opts);
  return again && better(again, found) ? { ...again, quads: again.quads.map((q) => q.map(flat.toSource) as unknown as Quad) } : found;
}

/** {@link readMrzZone}'s steps 1-13 on one image. */
async function readZone(image: RgbImage, reader: MrzZoneReader, opts: ReadMrzZoneOptions = {}): Promise<MrzZoneReading | null> {
  const { minAspect, maxCandidates, fallbackSides, minSkewDeg } = { ...defaults, ...opts };
  const detected = await reader.detect(image);
  let found = await readDetected(image, reader, detected, minAspect, maxCandidates);
  for (const side of fallbackSides) {
    if (found && found.checkRate >= MIN_CHECK_RATE) break;
    const again = await readDetected(image, reader, await reader.detect(image, side), minAspect, maxCandidates);
    if (again && (!found || better(again, found))) found = again;
  }
  if (!found || found.checkRate < 1) {
    const again = await readColourDropped(image, reader, detected, found, minAspect, maxCandidates);
    if (again && (!found || better(again, found))) found = again;
  }
  // A clean reading of lines lying askew is read again turned upright too (step 6): its names carry no check digit.
  const askew = found !== null && lyingAskew(residualSkew(found.quads), minSkewDeg);
  if (!found || found.checkRate < 1 || found.lengthMisfit > 0 || askew) found = await secondLook(image, reader, detected, found, minAspect, maxCandidates, minSkewDeg);
  // Step 6b: the first recogniser's lines read with the ink's contrast evened (a light spot).
  if (found && reader.secondRecognizer) found = await evenedReadingOf(image, reader.recognizer, found);
  if (reader.secondRecognizer && (!found || found.checkRate < 1 || found.lengthMisfit > 0)) {
    const first = found;
    const second = await readZone(image, { detect: reader.detect, recognizer: reader.secondRecognizer }, secondReadingOptions(opts, found));
    if (second && (!found || better(second, found))) found = await ownReadingOf(image, reader, second);
    const spliced = first && second && found && found.checkRate < 1 ? splicedReading(first, second) : null;
    if (spliced) found = spliced;
  }
  if (found && reader.secondRecognizer) {
    found = await arbitrateZoneNames(image, [reader.recognizer, reader.secondRecognizer], found, reader.namePrior, reader.nameWitness);
    found = await settleCompetitor(image, [reader.recognizer, reader.secondRecognizer], found, reader.arbiter);
    found = await arbitrateZoneStates(image, [reader.recognizer, reader.secondRecognizer], found);
    found = await arbitrateZoneDocumentCode(image, [reader.recognizer, reader.secondRecognizer], found);
  }
  if (found && reader.arbiter && found.checkRate < 1) found = await arbitrateZoneLookAlikes(image, reader.arbiter, found);
  if (found && found.corrected.length > 0) found = await confirmCorrections(image, reader.recognizer, found, reader.secondRecognizer);
  if (found && reader.secondRecognizer) found = await restoreZoneLookAlikes(image, reader.recognizer, reader.arbiter, found, reader.secondRecognizer);
  return found;
}

/**
 * Step 6b of {@link readMrzZone}: the first recogniser's reading, or its reading of the same quads with the ink's
 * contrast evened along each line (the `evened` RecognitionMode, image/evenContrast.ts) where that is of the same
 * format, verifies every check digit, and is {@link better} (against a reading failing a check digit, it is; against
 * another that verifies every one: fewer name gaps, then a name letter kept over a filler, then the closer fit, then
 * the more probable per frame). A light spot adds to ink and paper alike, so the ink it covers comes out light grey on
 * white; the recogniser reads such digits as fillers or as other characters, and the composite, which alone covers a
 * TD1's optional data, still verifies one such reading in ten. Blind photo seed 60 `0066_td1`, under a spot of
 * intensity 0.85 over a third of its zone: the optional data `78444641764` was read `78<<<04176<<`, every check digit
 * verifying; step 9 found a competitor it could not decide and the card was refused. Evened, the line read right, more
 * probable per frame (-0.06 against -0.13, a debugging print). A line of even contrast is read as it was (evenContrast
 * returns such a crop unchanged), so the reading can only change where the ink's contrast varies along a line, as under
 * a light spot; a reading that does not verify every check digit is never taken, and the check digits and steps 8-13
 * then judge it as any other (docs/document-verification-log.md "Fifty-fifth session").
 *
 * Only the first recogniser (the engine's own) reads evened here: PaddleOCR's evened readings were not measured.
 * Costs one more recognition of the zone's lines on every page with an MRZ.
 *
 * @param image - the image read
 * @param recognizer - the first recogniser
 * @param found - the first recogniser's reading after steps 1-6
 * @returns `found`, or the evened reading where it is better as above
 */
async function evenedReadingOf(image: RgbImage, recognizer: LineRecognizer, found: MrzZoneReading): Promise<MrzZoneReading> {
  const lines = candidatesOf(found.quads, await recognizer.read(image, found.quads, 'evened')).filter((c) => looksLikeMrz(c, 20));
  const evened = zoneReading(lines);
  return evened && evened.format === found.format && evened.checkRate === 1 && better(evened, found) ? evened : found;
}

/**
 * Step 7's second reading, or the first recogniser's reading of its lines where that is {@link better}: the lines
 * the second recogniser's detection and rows found (`second.quads`), read once more by the first recogniser and
 * decoded as in step 3. The two readings of step 7 differ in where they look as well as in how they read: on a
 * blurred passport turned by 12° (blind photo seed 48, `0029_td3`) the first recogniser's rows cut the data line's
 * last characters off, and the second recogniser, reading at a larger detection side, placed both lines whole but
 * read the blur as `PCS…` and `9977…`, 2 of 5 check digits verifying; the first recogniser read those lines with
 * every check digit verifying. A reading that is already clean is kept as it is.
 *
 * @param image - the image both read
 * @param reader - the reader, whose first recogniser reads again
 * @param second - step 7's second reading
 * @returns `second`, or the first recogniser's reading of its quads when that is better
 */
async function ownReadingOf(image: RgbImage, reader: MrzZoneReader, second: MrzZoneReading): Promise<MrzZoneReading> {
  if (second.checkRate === 1 && second.lengthMisfit === 0) return second;
  const lines = (await recognise(image, reader, second.quads, 'line')).filter((c) => looksLikeMrz(c, 20));
  const own = zoneReading(lines);
  return own && better(own, second) ? own : second;
}

/**
 * Step 7c of {@link readMrzZone}: the first and second recognisers' readings (steps 1-6 each), neither clean, spliced
 * field by field where each verifies a check digit the other fails (spliceReadings.ts), when both are of one format
 * and read the same lines ({@link sameLine} within {@link SAME_LINES_LENGTH}). The better reading ({@link better}) is the splice's first source: its
 * quads, lines as read, names and state codes are kept, and the groups taken from the other are its corrections
 * (step 12 puts them to the glyphs and the recognisers). A splice is taken only when every check digit verifies. Its competitors
 * (step 9) are searched over each position's alternatives from the reading the character came from; the positions
 * that glyph heights made fillers (`restorePadding`) are not kept out of that search, as they are in a reading of one
 * recogniser ({@link finishWindow}), since the reading does not keep them.
 *
 * @returns the splice as a reading, or null
 */
function splicedReading(first: MrzZoneReading, second: MrzZoneReading): MrzZoneReading | null {
  if (first.format !== second.format || first.quads.length !== second.quads.length || !first.quads.every((q, i) => sameLine(q, second.quads[i] as Quad, SAME_LINES_LENGTH))) return null;
  const [a, b] = better(second, first) ? [second, first] : [first, second];
  const splice = spliceReadings(a.format, { lines: a.parsed.lines, corrected: a.corrected }, { lines: b.parsed.lines, corrected: b.corrected });
  if (!splice) return null;
  const parsed = parseMrz(splice.lines);
  const alternatives = splice.from.map((row, i) => row.map((src, k) => (src === 1 ? b : a).alternatives[i]?.[k] ?? []));
  return {
    ...a,
    parsed,
    corrected: splice.corrected,
    checkRate: checkRateOf(parsed.checks),
    minConfidence: Math.min(a.minConfidence, b.minConfidence),
    alternatives,
    competitors: once(() => competingReadings(a.format, parsed.lines, alternatives)),
    spliced: splice.taken,
  };
}

/**
 * How far the lengths of two recognisers' rows of one printed line may differ for {@link splicedReading}: a tenth of
 * the line, four characters of a 44-character line (looser than {@link SAME_LINE_LENGTH}, which tells the detector's
 * own boxes apart; on blind photo seed 56 `0010` the two recognisers' rows of one data line were 660 and 683 px long
 * and 19 and 39 px high, centres 2 px apart). Not tuned.
 */
const SAME_LINES_LENGTH = 0.1;

/**
 * Options of step 7's second reading of {@link readMrzZone}. The `fallbackSides` serve lines too small for the
 * detector at its first side; the first recogniser, trained on MRZ lines alone, is the stronger reader of such small
 * lines (docs/document-verification-log.md "Small lines: PaddleOCR counts less"). So where the first recogniser found
 * no MRZ at any side, or only one too damaged to use (fewer than {@link MIN_CHECK_RATE} of its check digits
 * verifying: page text in capitals read as an MRZ, a zone in another face), the second reads the first detection
 * only. Measured with `npm run eval:document` (2026-11-29, docs/document-verification-log.md "Pages without an MRZ"),
 * over 1,400 cases: in the 90 where the first found no MRZ (74 pages without one, 10 unreadable licence backs, 6
 * others), the second found one in 1, at 2400 px, a damaged reading of a card refused either way; where the first
 * reading was too damaged, the second reading taken always came from the first detection. A page without an MRZ
 * of blind photo seed 16 took 2.1 s on average instead of 3.8 s.
 *
 * @param opts - the options of the first reading
 * @param first - the first recogniser's reading (after steps 1-6), or null
 * @returns the options of the second reading: `opts`, without `fallbackSides` when `first` is null or too damaged
 */
function secondReadingOptions(opts: ReadMrzZoneOptions, first: MrzZoneReading | null): ReadMrzZoneOptions {
  return first !== null && first.checkRate >= MIN_CHECK_RATE ? opts : { ...opts, fallbackSides: [] };
}

/**
 * Character pitches (the quad's length over the line's characters) by which step 13 grows each quad along its line at
 * both ends before reading it again ({@link restoreZoneLookAlikes}). Set once, not tuned: one pitch takes in a glyph
 * the detector's box cut through at a line's end (blind photo seed 52 `0098` under noise of sigma 24: the box ended
 * 15 px, three quarters of a pitch, before the right edge of the composite's digit; the recogniser's own growth of a
 * quarter of the line's height did not reach it; docs/document-verification-log.md "A composite digit cut off by the
 * box", fiftieth session).
 */
const REREAD_GROW_PITCHES = 1;

/**
 * Step 13 of {@link readMrzZone}: the lines holding a field whose check digit verifies (document number, dates, TD3
 * personal number, the composite's own digit; not those step 9 left undecided) are read again by the first
 * recogniser (the own MRZ recogniser) in the reading's quads grown by {@link REREAD_GROW_PITCHES} character pitch at
 * each end, and decoded with the layout (where it reads the composite's digit otherwise, that line once more in the
 * reading's own quad: the digit is set back only where the box cut its glyph). Where it gives the other of `0`/`O`
 * in the document number at least {@link OWN_LOOK_ALIKE_MIN_P}, or where its first choice is another character at
 * least {@link AGREED_READING_MIN_P} (or its first two choices are the character read and another one, given at
 * least `OWN_DOUBT_MIN_P`) and the `arbiter`, reading those lines too (only then), gives that character as its first
 * choice at least {@link AGREED_READING_MIN_P} (or, where the character read is not among the own recogniser's first
 * two choices and the reading's own decoding gave its first choice at least `OWN_DOUBT_MIN_P` too, as its first
 * choice at all), that character is set back and the lines parsed again, so the check
 * digits judge the fields as printed (restoreOwnLookAlikes.ts). A wider reading that holds more characters than the
 * line has the frames of its outer half pitch at each end blanked first: what is read there lies more than half a
 * pitch beyond the box, no glyph the box cut (blankGrownEdges.ts). Before that, a composite that alone fails and that
 * the own recogniser reads in the grown quad as the digit verifying it is set to that digit where the box cut its glyph
 * and `second` (PaddleOCR), reading the grown quad too, reads it so as well (restoreCutComposite.ts; a correction of
 * the composite). Run only by the reader that has a second recogniser, whose first is the own one.
 */
async function restoreZoneLookAlikes(image: RgbImage, recognizer: LineRecognizer, arbiter: LineRecognizer | undefined, found: MrzZoneReading, second?: LineRecognizer): Promise<MrzZoneReading> {
  const skip = found.competitor?.failedGroups ?? [];
  const which = verifyingLines(found.format, found.parsed.lines, skip);
  if (which.length === 0) return found;
  const classes = positionClasses(found.format);
  // Each quad grown along its line by REREAD_GROW_PITCHES character pitches at both ends: a glyph the box cut off
  // at a line's end is read whole.
  const pitched = { ...found, quads: found.quads.map((q, i) => growQuad(q, (REREAD_GROW_PITCHES * quadSize(q).width) / Math.max(1, (found.parsed.lines[i] ?? '').length), 0)) };
  const decode = (line: LineProbabilities, i: number) => decodeMrzLine(line, classes[i] as readonly string[], lineFieldsOf(found.format, i))?.alternatives;
  // In the grown quads, characters read well beyond the box (the page's edge) are not let push the line out of step.
  const decodeWider = (line: LineProbabilities, i: number) => decode(blankGrownEdges(line, (found.parsed.lines[i] ?? '').length, REREAD_GROW_PITCHES), i);
  const decodedBy = (by: LineRecognizer): Promise<PositionAlternatives | null> => decodedAgain(image, by, pitched, which, decodeWider);
  const own = await decodedBy(recognizer);
  if (!own) return found;
  // The composite failing alone, read in the grown quad as the digit that verifies it: set in where the box cut its
  // glyph and PaddleOCR reads it so too (restoreCutComposite.ts).
  const wider = second ? failingCompositeReadWider(found.format, found.parsed.lines, own, skip) : null;
  if (wider && second) {
    const boxedLine = await decodedAgain(image, recognizer, found, [wider.line], decode);
    const secondLine = await decodedAgain(image, second, pitched, [wider.line], decodeWider);
    const { lines, corrected } = restoreCutComposite(found.format, found.parsed.lines, own, boxedLine ?? [], secondLine ?? [], skip);
    if (corrected.length > 0) found = reparsed(found, lines, [...found.corrected, ...corrected]);
  }
  // The composite's digit read otherwise in the grown quad: its line read once more in the reading's own quad, to see
  // whether the box cut the glyph (restoreOwnLookAlikes.ts `admitted`).
  const cut = compositeDisagreement(found.format, found.parsed.lines, own, skip);
  const boxed = cut ? await decodedAgain(image, recognizer, found, [cut.line], decode) : null;
  const third = arbiter && ownDisagreements(found.format, found.parsed.lines, own, { skip, boxed: boxed ?? [], read: found.alternatives }).length > 0 ? await decodedBy(arbiter) : null;
  const { lines, restored } = restoreOwnLookAlikes(found.format, found.parsed.lines, own, third ?? [], { skip, boxed: boxed ?? [], read: found.alternatives });
  if (restored.length === 0) return found;
  return { ...reparsed(found, lines, found.corrected), lookAlikesRestored: restored };
}

/**
 * Step 12 of {@link readMrzZone}: field corrections are undone while the composite fails
 * (confirmCorrections.ts `undoWhereCompositeFails`); then those one check digit alone proves are undone where the
 * reading's own decoding (`found.alternatives`) gave a third character about as much as the correction's
 * (confirmCorrections.ts `refuteByRivals`); then the others one check digit alone proves (document number, TD3 personal number,
 * the composite's own characters) are put to the zone's own glyphs, as the first recogniser placed them, with step 9's
 * bounds ({@link GLYPH_MIN_LEAD}, {@link GLYPH_MIN_LIKENESS}); those the glyphs refute are undone and their fields fail
 * again (confirmCorrections.ts `refuteByGlyphs`; the likeness floor spares a correction one recogniser, reading the
 * line again, reads itself). Without line images (a recogniser returning text) nothing changes.
 * Last, with a `second` recogniser, every correction a check digit proved is put to both recognisers together, and
 * one where they read a third character is undone (confirmCorrections.ts `refuteByRecognisers`;
 * docs/document-verification-log.md "Corrections the recognisers read as neither").
 */
async function confirmCorrections(image: RgbImage, recognizer: LineRecognizer, found: MrzZoneReading, second?: LineRecognizer): Promise<MrzZoneReading> {
  const unproven = undoWhereCompositeFails(found.format, found.parsed.lines, found.corrected);
  if (unproven.corrected.length < found.corrected.length) found = reparsed(found, unproven.lines, unproven.corrected);
  // The evidence of the step (MrzZoneReading.correctionsWeighed): each correction weighed, and which part undid it.
  const refutedBy = new Map<MrzCorrection, RefutedBy>();
  const likenesses = new Map<string, GlyphLikenesses>();
  const undone = (by: RefutedBy, lines: string[], corrected: MrzCorrection[]): void => {
    if (corrected.length === found.corrected.length) return;
    for (const c of found.corrected) if (!corrected.includes(c)) refutedBy.set(c, by);
    found = reparsed(found, lines, corrected);
  };
  const weighed = weighRivals(found.format, found.parsed.lines, found.corrected, found.alternatives);
  const rivalled = refuteByRivals(found.format, found.parsed.lines, found.corrected, found.alternatives, RIVAL_BOUNDS, weighed);
  undone('rivals', rivalled.lines, rivalled.corrected);
  const which = second ? provenCorrectionLines(found.format, found.parsed.lines, found.corrected) : [];
  const { readings } = second && which.length > 0 ? ((await readLinesAgain(image, [recognizer, second], found, which)) ?? {}) : {};
  const singles = singleProofGroups(checksOf(found.format, found.parsed.lines));
  if (found.corrected.some((c) => singles.has(c.field))) {
    const placed = await glyphLines(image, recognizer, found, []);
    if (placed) {
      const onLikeness = (at: GlyphPosition, likeness: GlyphLikenesses) => likenesses.set(`${at.line}:${at.index}`, likeness);
      const glyphed = refuteByGlyphs(found.format, found.parsed.lines, found.corrected, placed, { minLead: GLYPH_MIN_LEAD, minLikeness: GLYPH_MIN_LIKENESS, onLikeness, ...(readings ? { readings } : {}) });
      undone('glyphs', glyphed.lines, glyphed.corrected);
    }
  }
  if (readings) {
    const recognised = refuteByRecognisers(found.format, found.parsed.lines, found.corrected, readings);
    undone('recognisers', recognised.lines, recognised.corrected);
  }
  if (weighed.length === 0) return found;
  const withGlyphs = (x: WeighedChange): WeighedChange => {
    const glyphs = likenesses.get(`${x.line}:${x.index}`);
    return glyphs ? { ...x, glyphs } : x;
  };
  return { ...found, correctionsWeighed: weighed.map((w) => ({ ...w.weighed, changes: w.weighed.changes.map(withGlyphs), refutedBy: refutedBy.get(w.correction) ?? null })) };
}

/**
 * `found` with `lines` parsed again and `corrected` as its corrections (steps 11 and 12), the check digits step 9
 * left undecided (`competitor.failedGroups`) still failing: parsing alone would let them verify again.
 */
function reparsed(found: MrzZoneReading, lines: readonly string[], corrected: MrzZoneReading['corrected']): MrzZoneReading {
  const parsed = parseMrz(lines);
  const checks = { ...parsed.checks, ...Object.fromEntries((found.competitor?.failedGroups ?? []).map((g) => [g, false])) };
  return { ...found, parsed: { ...parsed, checks }, corrected, checkRate: checkRateOf(checks) };
}

/**
 * Step 11 of {@link readMrzZone}: the lines holding a field whose check digit still fails are read by the `arbiter`
 * and decoded with the layout (decodeFixedLength.ts); where its first choice is a look-alike of the character read
 * that makes the field verify, and every check digit then verifies, it is taken (arbitrateLookAlikes.ts). Fields
 * step 9 left undecided are not touched.
 */
async function arbitrateZoneLookAlikes(image: RgbImage, arbiter: LineRecognizer, found: MrzZoneReading): Promise<MrzZoneReading> {
  const lines = found.parsed.lines;
  const skip = found.competitor?.failedGroups ?? [];
  const failing = checksOf(found.format, lines).filter((g) => g.id !== CHECKED_GROUP.Composite && !skip.includes(g.id) && found.parsed.checks[g.id] === false);
  const which = [...new Set(failing.flatMap((g) => g.ranges.map((r) => r.line)))].sort((a, b) => a - b);
  if (which.length === 0) return found;
  const classes = positionClasses(found.format);
  const alternatives = await decodedAgain(image, arbiter, found, which, (line, i) => decodeFixedLength(line, classes[i] as readonly string[])?.alternatives);
  if (!alternatives) return found;
  const { lines: chosen, corrected } = arbitrateLookAlikes(found.format, lines, alternatives, skip);
  if (corrected.length === 0) return found;
  return reparsed(found, chosen, [...found.corrected, ...corrected]);
}

/**
 * The lines `which` of `found` read again by `by` in the reading's quads ({@link readLinesAgain}) and each decoded by
 * `decode` (given the line's probabilities and its index): per line of the reading, the alternatives at each of its
 * positions; empty for lines not in `which` and where `decode` fits none. Null when `by` returns text, not
 * probabilities. Steps 11 and 13 decode alike, each with its own decoder.
 */
async function decodedAgain(
  image: RgbImage,
  by: LineRecognizer,
  found: MrzZoneReading,
  which: readonly number[],
  decode: (line: LineProbabilities, i: number) => ReadonlyArray<readonly Alternative[]> | undefined,
): Promise<PositionAlternatives | null> {
  const { readings } = (await readLinesAgain(image, [by], found, which)) ?? {};
  if (!readings) return null;
  return found.parsed.lines.map((_, i) => {
    const line = which.includes(i) ? readings[i]?.[0] : undefined;
    return (line && decode(line, i)) || [];
  });
}

/**
 * Step 9 of {@link readMrzZone}: when other readings one or two characters away pass every check digit the reading
 * passes (mrz/competingReading.ts) and the first recogniser found them at least {@link COMPETITOR_MIN_RATIO} as
 * probable, the check digits do not decide between them. The lines they differ in are read again by every recogniser
 * that returns probabilities ({@link readLinesAgain}; none when the first returns text), and each text (the reading
 * and each competitor) scored by the recognisers together (CTC likelihoods of the whole lines, summed in logs, as
 * arbitrateNames.ts weighs names), with the decoding that gave the reading as a third
 * opinion ({@link chooseReading}). The reading stands if it is at least {@link COMPETITOR_MIN_MARGIN} times likelier
 * than the runner-up. A competitor replaces it only if it is that much
 * likelier than the runner-up and the first recogniser's decoding, at the positions changed, preferred it too (ratio
 * above 1: the reading went against the recogniser, e.g. a zero "corrected" to an `O` by its glyph height): all pass
 * every check digit, so this is the evidence agreeing on a reading the check digits accept, not a correction. In
 * every other case the recognisers disagree or do not decide, and the zone's own glyphs are asked last: the likeliest
 * text and the runner-up (the first decoding counted) are compared where they differ with the same characters
 * printed elsewhere in the zone (image/compareGlyphs.ts `chooseByGlyphs`, the own recogniser's line images, exemplars
 * labelled by the reading, every position any competitor varies left out), and a text whose characters there lead by
 * {@link GLYPH_MIN_LEAD} in correlation, and whose other characters of the fields in dispute each look like their
 * exemplars by {@link GLYPH_MIN_LIKENESS}, is kept or taken (`byGlyphs`). Otherwise the check digits the contenders
 * touch count as failing (the composite only when no field's own digit is touched), and their fields are not
 * returned, unless an `arbiter` is given and settles the dispute ({@link chooseByArbiter}). Taking a competitor
 * the re-read alone preferred was tried first: the Spanish ID card blurred by sigma 2 px came out `B6A000189` for
 * `BAA000589` (ratio 0.14, margin e^9.6), a wrong field where the reading had been right.
 */
async function settleCompetitor(image: RgbImage, recognizers: readonly LineRecognizer[], found: MrzZoneReading, arbiter?: LineRecognizer): Promise<MrzZoneReading> {
  const rivals = found.competitors().filter((c) => c.ratio >= COMPETITOR_MIN_RATIO);
  if (rivals.length === 0) return found;
  const lines = found.parsed.lines;
  const texts = [lines, ...rivals.map((c) => applyCompetitor(lines, c))];
  const changedLines = [...new Set(rivals.flatMap((c) => c.substitutions.map((s) => s.line)))].sort((a, b) => a - b);
  const { readings, weights, first } = (await readLinesAgain(image, recognizers, found, changedLines)) ?? {};
  if (!readings || !weights || !first) return found;
  const scores = texts.map((text) => changedLines.reduce((s, i) => (readings[i] ?? []).reduce((u, line) => u + ctcLogLikelihood(line, text[i] as string), s), 0));
  let choice = chooseReading(scores, rivals);
  let byGlyphs = false;
  if (choice.resolution === 'undecided') {
    const placed = await glyphLines(image, recognizers[0] as LineRecognizer, found, first);
    const [a, b] = choice.finalists;
    const disputed = rivals.flatMap((c) => c.substitutions);
    const guarded = fieldPositions(found.format, disputed);
    const pick = placed ? chooseByGlyphs(placed, [texts[a] as string[], texts[b] as string[]], { minLead: GLYPH_MIN_LEAD, minLikeness: GLYPH_MIN_LIKENESS, disputed, guarded }) : null;
    if (pick !== null) {
      const chosen = pick === 0 ? a : b;
      byGlyphs = true;
      choice =
        chosen === 0
          ? { ...choice, resolution: 'kept', reported: rivals[(chosen === a ? b : a) - 1] as CompetingReading, contenders: [] }
          : { ...choice, resolution: 'taken', reported: rivals[chosen - 1] as CompetingReading, contenders: [] };
    }
  }
  let byArbiter = false;
  if (choice.resolution === 'undecided' && arbiter) {
    const [a, b] = choice.finalists;
    const chosen = await askArbiter(image, recognizers, arbiter, found, [texts[a] as string[], texts[b] as string[]], { readings, weights });
    if (chosen) {
      byArbiter = true;
      const index = texts.findIndex((t) => t.every((line, i) => line === chosen[i]));
      // Kept: the reading's strongest rival is the other finalist (or the first, when neither finalist is the reading).
      if (index === 0) choice = { ...choice, resolution: 'kept', reported: rivals[(a === 0 ? b : a) - 1] as CompetingReading, contenders: [] };
      else if (index > 0) choice = { ...choice, resolution: 'taken', reported: rivals[index - 1] as CompetingReading, contenders: [] };
      else choice = { ...choice, resolution: 'taken', reported: arbiterReading(found.format, lines, chosen), contenders: [] };
    }
  }
  const { margin } = choice;
  if (choice.resolution === 'kept') return { ...found, competitor: { ...choice.reported, margin, resolution: 'kept', byGlyphs, byArbiter, failedGroups: [] } };
  if (choice.resolution === 'taken') {
    const taken = choice.reported;
    const parsed = parseMrz(applyCompetitor(lines, taken));
    const corrected = found.corrected.filter((c) => !taken.groups.includes(c.field));
    return { ...found, parsed, corrected, checkRate: checkRateOf(parsed.checks), competitor: { ...taken, margin, resolution: 'taken', byGlyphs, byArbiter, failedGroups: [] } };
  }
  const touched = [...new Set(choice.contenders.flatMap((c) => c.groups))];
  const fieldGroups = touched.filter((g) => g !== CHECKED_GROUP.Composite);
  const undecided = fieldGroups.length > 0 ? fieldGroups : touched;
  const checks = { ...found.parsed.checks, ...Object.fromEntries(undecided.map((g) => [g, false])) };
  return { ...found, parsed: { ...found.parsed, checks }, checkRate: checkRateOf(checks), competitor: { ...choice.reported, margin, resolution: 'undecided', byGlyphs, byArbiter, failedGroups: undecided } };
}

/**
 * The zone's lines as `recognizer` reads them, each with its line image and where each character of the reading
 * lies in it (CTC alignment of the reading's text): the glyphs step 9 compares. Lines `known` already holds (the
 * same recogniser's readings of the same quads by {@link readLinesAgain}) are not read again. Null when the
 * recogniser returns no probabilities or line image, or a line cannot be aligned.
 */
async function glyphLines(image: RgbImage, recognizer: LineRecognizer, found: MrzZoneReading, known: ReadonlyArray<LineReading | undefined>): Promise<GlyphLine[] | null> {
  const missing = found.quads.map((_, i) => i).filter((i) => !known[i]);
  const fresh = missing.length > 0 ? await recognizer.read(image, missing.map((i) => found.quads[i] as Quad), 'line') : [];
  const read = found.quads.map((_, i) => known[i] ?? fresh[missing.indexOf(i)]);
  const out: GlyphLine[] = [];
  for (const [i, text] of found.parsed.lines.entries()) {
    const r = read[i];
    if (r?.kind !== 'probabilities' || !r.image || !r.framePixels) return null;
    const spans = ctcAlignment(r.line, text);
    if (!spans) return null;
    out.push({ image: r.image, framePixels: r.framePixels, text, spans });
  }
  return out;
}

/** Every position of the layout fields (document number, a date, optional data, ...) holding one of `positions`. */
function fieldPositions(format: MrzFormat, positions: readonly GlyphPosition[]): GlyphPosition[] {
  const fields = MRZ_LAYOUTS[format].fields.filter((f) => positions.some((p) => p.line === f.line && p.index >= f.start && p.index < f.end));
  return fields.flatMap((f) => Array.from({ length: f.end - f.start }, (_, k) => ({ line: f.line, index: f.start + k })));
}

/** Share of the check digits that verify (0-1; 0 without check digits). */
function checkRateOf(checks: ParsedMrz['checks']): number {
  const results = Object.values(checks);
  return results.length === 0 ? 0 : results.filter(Boolean).length / results.length;
}

/** `compute` run on the first call only; later calls return its result. */
function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}

/** What {@link chooseReading} decided. */
export interface ReadingChoice {
  readonly resolution: WeighedCompetitor['resolution'];
  /** Natural log of how much likelier the likeliest text is than the runner-up (>= 0). */
  readonly margin: number;
  /** The competitor taken; for `kept`, the reading's strongest rival; for `undecided`, the first contender. */
  readonly reported: CompetingReading;
  /** The competitors in contention (`undecided`): the winner and the runner-up, or the winner alone when it won. */
  readonly contenders: readonly CompetingReading[];
  /** The likeliest text and the runner-up, as indices into `scores` (0: the reading), the first decoding counted. */
  readonly finalists: readonly [number, number];
}

/**
 * The decision of step 9 ({@link settleCompetitor}) from the recognisers' scores: `scores[0]` the reading's,
 * `scores[i]` that of `rivals[i - 1]` (summed CTC log-likelihoods of the lines read again). The first decoding is a
 * third opinion: each competitor's score gains the log of its `ratio` (the probabilities of the decoding that gave the
 * reading, at the positions changed, from the crop it was decoded from), so a re-read that leans slightly towards a
 * competitor the first decoding found unlikely does not overturn it (seed 60606 `syn-0049`: re-read e^2.8 for the
 * competitor, ratio 0.0045; twenty-fourth session, docs/document-verification-log.md "Readings the check digits cannot
 * tell apart"). The likeliest text must then beat the runner-up by ln {@link COMPETITOR_MIN_MARGIN}; a competitor
 * that does is taken only if its `ratio` is above 1 (the first recogniser's decoding preferred it as well);
 * otherwise the choice is `undecided`.
 *
 * @param scores - one score per text, the reading first (at least two), natural logs
 * @param rivals - the competitors, in the order of `scores[1..]`
 * @returns the resolution, with `margin` the natural log of the winner's lead once the first decoding is counted
 */
export function chooseReading(scores: readonly number[], rivals: readonly CompetingReading[]): ReadingChoice {
  const rival = (t: number) => rivals[t - 1] as CompetingReading;
  const weighed = scores.map((s, t) => (t === 0 ? s : s + Math.log(rival(t).ratio)));
  const order = weighed.map((_, t) => t).sort((a, b) => (weighed[b] as number) - (weighed[a] as number));
  const [winner, runnerUp] = order as [number, number];
  const margin = (weighed[winner] as number) - (weighed[runnerUp] as number);
  const decided = margin >= Math.log(COMPETITOR_MIN_MARGIN);
  const finalists = [winner, runnerUp] as const;
  if (decided && winner === 0) return { resolution: 'kept', margin, reported: rival(runnerUp), contenders: [], finalists };
  if (decided && rival(winner).ratio > 1) return { resolution: 'taken', margin, reported: rival(winner), contenders: [], finalists };
  // No text won, or the one that won did not win the first recogniser's decoding: the evidence disagrees.
  const contenders = (decided ? [winner] : [winner, runnerUp]).filter((t) => t > 0).map(rival);
  return { resolution: 'undecided', margin, reported: contenders[0] as CompetingReading, contenders, finalists };
}

/**
 * Step 9's last opinion ({@link settleCompetitor}) where the recognisers and the zone's glyphs left a dispute
 * undecided: the reader's `arbiter`, a recogniser trained on more typefaces, is asked ({@link chooseByArbiter}). The
 * texts weighed are the two likeliest (`finalists`) and the arbiter's own reading of the zone's checked characters
 * (every line decoded within the layout's classes, as the zone was first decoded; its characters under a check digit
 * put into the reading, names and codes kept), when that passes every check digit and is not a finalist already:
 * where the first recogniser misreads a face, it often misreads more than the one or two characters a competitor
 * changes (seed 2813 drawn in Liberation Mono: `CE4O17GO1` for `CE4917691`, which the arbiter read right). Every
 * line is scored by both recognisers (the lines step 9 read again reused, `reread`, the others read now) and by the
 * arbiter. A text chosen must also be the arbiter's own reading at every checked character ({@link arbiterConfirms}).
 *
 * @param reread - step 9's readings of the lines in dispute by `recognizers` ({@link readLinesAgain}'s shape)
 * @returns the lines chosen, or null when the arbiter does not decide
 */
async function askArbiter(
  image: RgbImage,
  recognizers: readonly LineRecognizer[],
  arbiter: LineRecognizer,
  found: MrzZoneReading,
  finalists: ReadonlyArray<readonly string[]>,
  reread: { readonly readings: LineProbabilities[][]; readonly weights: number[][] },
): Promise<readonly string[] | null> {
  const all = found.readLines.map((_, i) => i);
  const unread = all.filter((i) => (reread.readings[i]?.length ?? 0) === 0);
  const rest = unread.length > 0 ? await readLinesAgain(image, recognizers, found, unread) : null;
  if (unread.length > 0 && !rest) return null;
  const source = (i: number) => (rest && unread.includes(i) ? rest : reread);
  const mine = { readings: all.map((i) => source(i).readings[i] ?? []), weights: all.map((i) => source(i).weights[i] ?? []) };
  const theirs = await readLinesAgain(image, [arbiter], found, all);
  if (!theirs) return null;
  // Every recogniser must have read every line, so that entry n of a line's readings is recogniser n's.
  if (all.some((i) => mine.readings[i]?.length !== recognizers.length || theirs.readings[i]?.length !== 1)) return null;
  const decoded = decodeZone(found.format, theirs.readings.map((r) => r[0] as LineProbabilities));
  if (!decoded) return null;
  const candidates = [...finalists];
  const merged = withCheckedCharacters(found.format, found.parsed.lines, decoded);
  const verifies = checkRateOf(parseMrz(merged).checks) === 1;
  if (verifies && !candidates.some((t) => t.every((line, i) => line === merged[i]))) candidates.push(merged);
  // Each recogniser's score of each text over the zone's lines (evidence-weighted, as step 8 weighs).
  const scores = (source: { readings: LineProbabilities[][]; weights: number[][] }, n: number) =>
    candidates.map((text) => all.reduce((sum, i) => sum + (source.weights[i]?.[n] ?? 1) * ctcLogLikelihood(source.readings[i]?.[n] as LineProbabilities, text[i] as string), 0));
  const pick = chooseByArbiter(scores(mine, 0), scores(mine, 1), scores(theirs, 0));
  if (pick === null) return null;
  const chosen = candidates[pick] as readonly string[];
  return arbiterConfirms(found.format, decoded, chosen) ? chosen : null;
}

/**
 * The arbiter's choice among texts (step 9, {@link askArbiter}), each scored by the first recogniser, the second and
 * the arbiter (summed CTC log-likelihoods of the zone's lines, natural logs, evidence-weighted). A text is chosen only
 * when the first recogniser preferred another and both the second recogniser and the arbiter prefer it to every other
 * by at least ln {@link COMPETITOR_MIN_MARGIN} each. The arbiter is the first recogniser's own network trained further
 * on lines in other typefaces (training/mrz-recognizer/README.md, fifth run), so it is no independent witness where it
 * agrees with the first; where it turns against the first recogniser together with PaddleOCR, the first recogniser's
 * reading is taken for what training on OCR-B alone makes of another face (the DejaVu Sans Mono `6` read as `G`,
 * docs/document-verification-log.md "A third recogniser for other typefaces").
 *
 * @param first - the first recogniser's score of each text
 * @param second - the second recogniser's, same order
 * @param arbiter - the arbiter's, same order
 * @returns the index of the text chosen, or null when the rule does not decide
 */
export function chooseByArbiter(first: readonly number[], second: readonly number[], arbiter: readonly number[]): number | null {
  const lead = Math.log(COMPETITOR_MIN_MARGIN);
  for (let w = 0; w < first.length; w++) {
    const others = first.map((_, o) => o).filter((o) => o !== w);
    const dissent = others.some((o) => (first[o] as number) > (first[w] as number));
    const led = (x: readonly number[]) => others.every((o) => (x[w] as number) - (x[o] as number) >= lead);
    if (dissent && led(second) && led(arbiter)) return w;
  }
  return null;
}

/**
 * A zone's lines decoded from one recogniser's probabilities within the layout's classes, with names and state codes
 * as the zone was first decoded (decodeMrzLine.ts); null when a line has too few frames.
 */
function decodeZone(format: MrzFormat, lines: readonly LineProbabilities[]): string[] | null {
  const classes = positionClasses(format);
  const out: string[] = [];
  for (const [i, probs] of lines.entries()) {
    const text = decodeMrzLine(probs, classes[i] as readonly string[], lineFieldsOf(format, i))?.text;
    if (text === undefined) return null;
    out.push(text);
  }
  return out;
}

/** `lines` with every character a check digit covers taken from `from` (the other characters kept). */
function withCheckedCharacters(format: MrzFormat, lines: readonly string[], from: readonly string[]): string[] {
  const checked = groupsByPosition(checksOf(format, from));
  return lines.map((line, i) => [...line].map((ch, k) => (checked.has(`${i}:${k}`) ? (from[i] ?? '').charAt(k) || ch : ch)).join(''));
}

/**
 * Whether the arbiter's own reading of the zone (`decoded`) agrees with the text chosen at every character a check
 * digit covers, the check digits too. Where the arbiter overrules the first recogniser, the first recogniser's reading
 * of that face is suspect everywhere, and another look-alike pair that verifies as read (a second `6` read `G`
 * elsewhere in the numbers) would be returned with the chosen text. Measured on seed 2813 drawn in DejaVu Sans Mono:
 * without this check two documents whose dispute the arbiter settled rightly were returned with another field wrong
 * (docs/document-verification-log.md "A third recogniser for other typefaces").
 */
function arbiterConfirms(format: MrzFormat, decoded: readonly string[], chosen: readonly string[]): boolean {
  return [...groupsByPosition(checksOf(format, chosen)).keys()].every((key) => {
    const [line, index] = key.split(':').map(Number) as [number, number];
    return (decoded[line] ?? '').charAt(index) === (chosen[line] ?? '').charAt(index);
  });
}

/**
 * The arbiter's reading taken in step 9 as a {@link CompetingReading} of the reading: its substitutions, the check
 * groups they touch, and `ratio` 0 (it is no competitor of the first decoding, which did not weigh it).
 */
function arbiterReading(format: MrzFormat, lines: readonly string[], chosen: readonly string[]): CompetingReading {
  const substitutions = lines.flatMap((line, i) => [...line].flatMap((from, index) => (from === (chosen[i] ?? '').charAt(index) ? [] : [{ line: i, index, from, to: (chosen[i] ?? '').charAt(index) }])));
  const checks = checksOf(format, chosen);
  const covering = groupsByPosition(checks);
  const touched = new Set(substitutions.flatMap((x) => covering.get(`${x.line}:${x.index}`) ?? []));
  const groups = checks.filter((g) => touched.has(g.id)).map((g) => g.id);
  return { substitutions, ratio: 0, groups };
}

/**
 * Least lead in correlation (-1..1 each) of one text's characters over the other's, at every position they differ
 * in, for the zone's glyphs to decide step 9 where the recognisers did not (image/compareGlyphs.ts
 * `chooseByGlyphs`). Set from a calibration on generated sets only (thirty-second session, 2026-11-28, a debugging
 * print of the likenesses of every competitor weighed, not kept in the repository: seed 70707,
 * seed 3030 as 330-px thumbnails, seed 2813 with its MRZ in DejaVu Sans Mono; 92 disputed positions whose truth is
 * known): the true character's exemplars correlated better in all but one, that one by 0.041 less, and the lead
 * was at most 0.06 at 19 of them; 0.08 is twice the worst wrong lead seen.
 */
export const GLYPH_MIN_LEAD = 0.08;

/**
 * Least likeness (correlation, image/compareGlyphs.ts `glyphLikeness`) of every character of the disputed fields in
 * the text the glyphs choose (step 9's last opinion). Set after one wrong field in the calibration above: seed 2813
 * in DejaVu Sans Mono `syn-0035`, where the recognisers' reading and its rival differed in two `I`/`1`, which the
 * glyphs decided rightly, but both began `03` for `QJ` (a double misreading its check digit let pass), and those two
 * glyphs were 0.876 and 0.854 like the zone's other `0` and `3`, against at least 0.936 for every character of the
 * two documents decided rightly; of the 178 true characters of the calibration, 4 fell below 0.9.
 */
export const GLYPH_MIN_LIKENESS = 0.9;

/**
 * Least {@link CompetingReading.ratio} of a competitor that step 9 ({@link settleCompetitor}) weighs (the
 * competitor as probable as this share of the reading, by the first recogniser's probabilities at the positions
 * changed); also the floor of competingReadings' search. Set once, not tuned: low enough that every wrong reading of
 * the evaluation sets (ratios 0.17-7.1) is weighed; 307 of 3272 cases of the twenty-third session's battery were
 * weighed (docs/document-verification-log.md "Readings the check digits cannot tell apart"), each at the cost of one
 * more recognition of the lines changed by each recogniser.
 */
export const COMPETITOR_MIN_RATIO = 0.001;
/**
 * How many times likelier than the runner-up the recognisers together must find a text for step 9 to decide (CTC
 * likelihoods of the lines, summed over recognisers in logs). Set to 10 before the measurement, not tuned: on the
 * battery above the readings kept were 11.4 (e^2.43) to e^47.6 times likelier than their runners-up.
 */
export const COMPETITOR_MIN_MARGIN = 10;

/**
 * Step 8 of {@link readMrzZone}: the name lines of a reading read again by every recogniser, and their name
 * characters chosen by all together (arbitrateNames.ts), with the reader's name prior when it has one. Recognisers
 * that return text, not probabilities, cannot take part ({@link readLinesAgain}).
 */
async function arbitrateZoneNames(
  image: RgbImage,
  pair: readonly LineRecognizer[],
  found: MrzZoneReading,
  prior?: (field: string) => number,
  witness?: LineRecognizer,
): Promise<MrzZoneReading> {
  const nameLines = found.readLines.map((_, i) => i).filter((i) => lineFieldsOf(found.format, i).names.length > 0);
  const recognizers = witness ? [...pair, witness] : pair;
  const base = await readLinesAgain(image, recognizers, found, nameLines, witness ? WITNESS_SHARE : 1);
  if (!base) return found;
  const arbitrate = (readings: LineProbabilities[][], weights: number[][]) => arbitrateNames(found.format, found.parsed.lines, readings, prior ? { prior, weights } : { weights });
  let arbitration = arbitrate(base.readings, base.weights);
  const doubtful = nameLines.filter((i) => (arbitration.margins[i] ?? Number.POSITIVE_INFINITY) < NAME_VIEWS_MAX_MARGIN);
  if (doubtful.length > 0) {
    const readings = base.readings.map((r) => [...r]);
    const crops = base.readings.map(() => 1);
    const views: ReadonlyArray<readonly [number, RecognitionMode]> = [...NAME_VIEWS.map((grow) => [grow, 'line'] as const), [0, 'evened']];
    for (const [grow, mode] of views) {
      const grown = { ...found, quads: found.quads.map((q) => growQuad(q, 0, quadSize(q).height * grow)) };
      const view = await readLinesAgain(image, recognizers, grown, doubtful, 1, mode);
      for (const i of doubtful) {
        // The same recognisers in the same order as the line's own reading.
        const read = view?.readings[i] ?? [];
        if (read.length !== (base.readings[i] ?? []).length) continue;
        readings[i]?.push(...read);
        crops[i] = (crops[i] as number) + 1;
      }
    }
    // Each recogniser's likelihoods averaged (in logs) over the line's crops, each crop counting as the line's own
    // quad does (evidenceWeight at its height: a crop changes the margins, not the glyphs' size).
    const weights = base.weights.map((own, i) => Array.from({ length: crops[i] as number }, () => own.map((x) => x / (crops[i] as number))).flat());
    arbitration = arbitrate(readings, weights);
  }
  const { lines, changed, changes } = arbitration;
  const least = Math.min(...nameLines.map((i) => arbitration.margins[i] ?? Number.POSITIVE_INFINITY));
  const leads = nameLines
    .filter((i) => Number.isFinite(arbitration.margins[i] ?? Number.POSITIVE_INFINITY))
    .map((i) => ({ line: i, margin: arbitration.margins[i] as number, rivals: arbitration.rivals[i] ?? [] }));
  const margin = Number.isFinite(least) ? { namesMargin: least, nameLeads: leads } : {};
  if (changed.length === 0) return { ...found, ...margin };
  return { ...found, readLines: carryChanges(found.readLines, found.parsed.lines, lines), parsed: parseMrz(lines), namesArbitrated: changes, ...margin };
}

/**
 * The further views of a name line that step 8 reads where the names are in doubt ({@link NAME_VIEWS_MAX_MARGIN}),
 * besides the line's own quad read once more with the ink's contrast evened out along it (RecognitionMode `evened`,
 * image/evenContrast.ts: letters a light spot washed out; fortieth session, docs/document-verification-log.md "Light
 * spots over the names"):
 * the line's quad grown across by each share of its height above and below (negative: shrunk), read again by every
 * recogniser. Each view crops the same line at another scale and vertical placement, so each recogniser's
 * likelihoods are averaged over three samplings of one line (test-time augmentation); a misread that depends on how
 * the crop fell is outvoted. Chosen in a debugging run on developer data (probe seed 32 with random names: the 19
 * documents that failed blurred by 2.5 px or shrunk to 360 px, tried grown and shrunk by 8%, shifted across by 8%,
 * with the line's ends moved out by 30% of its height and in by 10%, and these with shifts of 6%): +15% and -6%
 * mended the most (4 of the 38 cases); then measured on every evaluation set
 * (docs/document-verification-log.md "Doubtful names read in three crops").
 */
export const NAME_VIEWS: readonly number[] = [0.15, -0.06];

/**
 * How much each recogniser's log-likelihoods count in step 8 when the `nameWitness` is asked (MrzZoneReader.nameWitness):
 * two thirds, so that three recognisers weigh as much together as two did. The bounds step 8 applies were set on the
 * scale of two recognisers' summed log-likelihoods: how far the name prior may go against the recognisers
 * (arbitrateNames.ts `NAME_PRIOR_MAX_LOSS`), the gain a shifted field needs (arbitrateNames.ts `NAME_SHIFT_MIN_GAIN`) and the
 * lead below which a name is read in further crops ({@link NAME_VIEWS_MAX_MARGIN}); counted fully, the third would
 * tighten the first and loosen the others. Developer data, probe seed 32 (random-letter names, the 19 documents that
 * failed blurred by 2.5 px or as 360- or 280-px thumbnails, in a debugging run), against no witness blurred and as
 * 360-px thumbnails: halves for the first recogniser and the witness (PaddleOCR whole) mended none and lost 1; two
 * thirds each mended 7 and lost none, as full shares did; as a 280-px thumbnail the British specimen was lost with two
 * thirds and full shares and kept with halves (docs/document-verification-log.md "A third recogniser for names"). Not
 * tuned beyond those three settings.
 */
export const WITNESS_SHARE = 2 / 3;

/**
 * Step 8 reads a name line in the further {@link NAME_VIEWS} only when its chosen names lead the closest text one
 * name character away by less than this (natural log; arbitrateNames.ts `margins`): ln 1000. In a debugging run
 * (probe seed 32 blurred by 2.5 px and as 360-px thumbnails, the real specimens plain) every misread name led by less
 * than 3.5, and 2 of the 45 real readings by less than 6.9 (British 2.0, Australian 1.4; the rest by 9.6 or more, or
 * without a rival); readings led by more pay nothing. Set once, not tuned.
 */
export const NAME_VIEWS_MAX_MARGIN = Math.log(1000);

/**
 * The lines `which` of a reading recognised again, in their quads, by every recogniser that returns probabilities:
 * per line of the reading, one entry per recogniser (lines not asked for stay empty). Null when the first
 * recogniser returns text, not probabilities: the others are then not asked (steps 8, 9 and 10 weigh likelihoods).
 * `weights` has the same shape: each entry's recogniser's {@link LineRecognizer.evidenceWeight} at the height of the
 * line's quad in `image` (1 when it declares none); step 8 weighs with them, steps 9 and 10 weigh alike. `first`
 * holds the first recogniser's whole readings of the lines asked for (with their line images), which step 9's glyph
 * comparison reuses. `share` multiplies every weight (default 1; step 8's {@link WITNESS_SHARE} with a third recogniser).
 */
async function readLinesAgain(
  image: RgbImage,
  recognizers: readonly LineRecognizer[],
  found: MrzZoneReading,
  which: readonly number[],
  share = 1,
  mode: RecognitionMode = 'line',
): Promise<{ readings: LineProbabilities[][]; weights: number[][]; first: Array<LineReading | undefined> } | null> {
  const quads = which.map((i) => found.quads[i] as Quad);
  const readings: LineProbabilities[][] = found.readLines.map(() => []);
  const weights: number[][] = found.readLines.map(() => []);
  const first: Array<LineReading | undefined> = found.readLines.map(() => undefined);
  for (const [n, recognizer] of recognizers.entries()) {
    const read = await recognizer.read(image, quads, mode);
    if (n === 0) which.forEach((i, j) => (first[i] = read[j]));
    which.forEach((i, j) => {
      const r = read[j];
      if (r?.kind !== 'probabilities') return;
      readings[i]?.push(r.line);
      weights[i]?.push((recognizer.evidenceWeight?.(quadSize(quads[j] as Quad).height) ?? 1) * share);
    });
    if (n === 0 && readings.every((r) => r.length === 0)) return null;
  }
  return { readings, weights, first };
}

/** `readLines` with the characters where `after` differs from `before` (the lines a step was given) taken from `after`. */
function carryChanges(readLines: readonly string[], before: readonly string[], after: readonly string[]): string[] {
  return readLines.map((line, i) => [...line].map((ch, k) => ((after[i] as string).charAt(k) !== (before[i] as string).charAt(k) ? (after[i] as string).charAt(k) : ch)).join(''));
}

/**
 * Step 10 of {@link readMrzZone}: the lines whose state codes read as no listed code (issuing state, nationality)
 * read again by every recogniser, and the codes chosen over the closed list by all together
 * (arbitrateStateCodes.ts). Readings whose codes are all listed pay nothing.
 */
async function arbitrateZoneStates(image: RgbImage, recognizers: readonly LineRecognizer[], found: MrzZoneReading): Promise<MrzZoneReading> {
  const lines = found.parsed.lines;
  const codeLines = lines.map((_, i) => i).filter((i) => unlistedCodeFields(found.format, i, lines[i] as string).length > 0);
  if (codeLines.length === 0) return found;
  const { readings } = (await readLinesAgain(image, recognizers, found, codeLines)) ?? {};
  if (!readings) return found;
  const { lines: chosen, changes } = arbitrateStateCodes(found.format, lines, readings);
  if (changes.length === 0) return found;
  return { ...found, readLines: carryChanges(found.readLines, lines, chosen), parsed: { ...parseMrz(chosen), checks: found.parsed.checks }, statesArbitrated: changes };
}

/**
 * Step 10 of {@link readMrzZone}, second part: a document code read as `V` has its first line read again by the
 * recognisers, and the letter chosen by them together ({@link arbitrateDocumentCode}). The check digits are kept as
 * they were: none covers the document code.
 */
async function arbitrateZoneDocumentCode(image: RgbImage, recognizers: readonly LineRecognizer[], found: MrzZoneReading): Promise<MrzZoneReading> {
  const lines = found.parsed.lines;
  if (!(lines[0] ?? '').startsWith('V')) return found;
  const { readings } = (await readLinesAgain(image, recognizers, found, [0])) ?? {};
  if (!readings) return found;
  const { line, change } = arbitrateDocumentCode(found.format, lines[0] as string, readings[0] ?? [], { checksVisasLack: checksVisasLack(found) });
  if (change === null) return found;
  const chosen = [line, ...lines.slice(1)];
  return { ...found, readLines: carryChanges(found.readLines, lines, chosen), parsed: { ...parseMrz(chosen), checks: found.parsed.checks }, documentCodeArbitrated: change };
}

/**
 * How many of the check digits a visa's layout lacks (TD3: personal number and composite; TD2: composite; ICAO Doc
 * 9303 Part 7) verify on `found` as read: a digit at the check digit's place, verifying, its group not corrected.
 */
function checksVisasLack(found: MrzZoneReading): number {
  const lacking: readonly string[] = found.format === MRZ_FORMAT.TD3 ? [CHECKED_GROUP.PersonalNumber, CHECKED_GROUP.Composite] : found.format === MRZ_FORMAT.TD2 ? [CHECKED_GROUP.Composite] : [];
  const corrected = new Set<string>(found.corrected.map((c) => c.field));
  return checksOf(found.format, found.parsed.lines).filter(
    (g) => lacking.includes(g.id) && !corrected.has(g.id) && found.parsed.checks[g.id] === true && /^[0-9]$/.test(found.parsed.lines[g.digit.line]?.charAt(g.digit.index) ?? ''),
  ).length;
}

/**
 * The detector with its results kept, by image (the same object) and input size, for one call of {@link readMrzZone}:
 * step 7 reads the page again with another recogniser, and step 15 with another first recogniser, and their detections
 * of the page, its colour-dropped view (step 5b) and its straightened views (step 6, {@link straightenOnce}) at the
 * default and the fallback sizes would be the first pass's. A detection depends on nothing else.
 */
function detectOnce(detect: MrzZoneReader['detect']): MrzZoneReader['detect'] {
  const kept = new WeakMap<RgbImage, Map<number | undefined, Promise<DetectedBox[]>>>();
  return (im, side) => keptFor(kept, im, side, () => detect(im, side));
}

/** The value `kept` holds for `image` and `key`, made by `make` and kept when it holds none. */
function keptFor<K, V>(kept: WeakMap<RgbImage, Map<K, V>>, image: RgbImage, key: K, make: () => V): V {
  let byKey = kept.get(image);
  if (!byKey) {
    byKey = new Map();
    kept.set(image, byKey);
  }
  let value = byKey.get(key);
  if (value === undefined) {
    value = make();
    byKey.set(key, value);
  }
  return value;
}

/**
 * Straightened views of an image (step 6) by angle, so that the passes that turn a page alike get the same view. Held
 * only while the image lives (one request): a page decoded at up to 2000 px has views of up to 3000 px, about 27 MB of
 * RGB each, and each reading of a page turns it by at most {@link STRAIGHTEN_TURNS} angles, most by the same.
 */
const straightened = new WeakMap<RgbImage, Map<number, StraightenedImage>>();

/**
 * {@link straighten} (at its default size), the view kept per image and angle (radians) while the image lives: steps 7
 * and 15 read a page again and turn it by the same angles where steps 1-6 found the same skew, and the same view lets
 * {@link detectOnce} give its detections again.
 */
function straightenOnce(image: RgbImage, angle: number): StraightenedImage {
  return keptFor(straightened, image, angle, () => straighten(image, angle));
}

/**
 * The recogniser with its readings kept, by image (the same object), quads and mode, for one call of
 * {@link readMrzZone}: step 15 reads the page again with another first recogniser, but the second recogniser, the
 * arbiter and the name witness are asked many of the same crops of the same images (the page, its colour-dropped view)
 * as in steps 1-14, and a recogniser's reading of given quads depends on nothing else. A call is kept whole (the quads
 * as one batch, as they were read), so that a reading is the one an unkept call would return.
 */
export function readOnce(recognizer: LineRecognizer): LineRecognizer {
  const kept = new WeakMap<RgbImage, Map<string, Promise<LineReading[]>>>();
  const weight = recognizer.evidenceWeight?.bind(recognizer);
  return {
    id: recognizer.id,
    read: (im, quads, mode) => keptFor(kept, im, `${mode} ${JSON.stringify(quads)}`, () => recognizer.read(im, quads, mode)),
    ...(weight ? { evidenceWeight: weight } : {}),
  };
}

/**
 * Step 5b of {@link readMrzZone}: the image detected again with its colour dropped ({@link dropColour}, the brightest
 * channel), and read again where that detection finds a line the first did not (with a zone read whose check digits
 * fail, a line of that zone, {@link ZONE_MARGIN_ALONG}). A coloured stamp laid across the
 * zone (`SPECIMEN` in red over a published specimen) breaks the MRZ lines into pieces at the stamp's letter edges
 * for the detector, which sees colour; in the brightest channel the stamp over paper is as light as the paper, and
 * the lines come out whole. The recognisers drop colour themselves, so the crops are cut from the image as it is.
 */
async function readColourDropped(image: RgbImage, reader: MrzZoneReader, detected: readonly DetectedBox[], found: MrzZoneReading | null, minAspect: number, maxCandidates: number): Promise<MrzZoneReading | null> {
  if (colourShare(image) < COLOURED_MIN_SHARE) return null;
  const boxes = await reader.detect(colourDropped(image));
  const known = wideBoxes(mergeCollinearBoxes(detected).map((b) => b.quad), minAspect, Infinity);
  // With a zone already read (a check digit failing), only lines of that zone matter.
  const zone = found ? enclosingQuad(found.quads, ZONE_MARGIN_ALONG, ZONE_MARGIN_ACROSS) : null;
  const inZone = (q: Quad) => !zone || quadContains(zone, quadCentre(q));
  const fresh = wideBoxes(mergeCollinearBoxes(boxes).map((b) => b.quad), minAspect, maxCandidates).some((q) => inZone(q) && !known.some((k) => sameLine(q, k)));
  return fresh ? readDetected(image, reader, boxes, minAspect, maxCandidates) : null;
}

/**
 * Least share of coloured pixels ({@link COLOURED_MIN_CHROMA}) for which step 5b detects the image again: in an image
 * with less colour the colour-dropped view is the grey image the detector already saw (a printed letter, a scan in
 * grey). A red `SPECIMEN` stamp of opacity 0.2, laid as `npm run eval:document -- --stamp` lays it, colours 4.6-5.3% of
 * a white page's pixels by 38 levels (measured on pages 300, 1000 and 1600 px wide, 2026-11-29). Not tuned.
 */
const COLOURED_MIN_SHARE = 0.005;

/** See {@link COLOURED_MIN_SHARE}: a pixel is coloured where its brightest and darkest channels differ by this much (0-255). */
const COLOURED_MIN_CHROMA = 32;

/** Share of the pixels (every fourth one sampled) whose channels differ by at least {@link COLOURED_MIN_CHROMA}, 0-1. */
function colourShare(image: RgbImage): number {
  const d = image.data;
  let coloured = 0, sampled = 0;
  for (let i = 0; i + 2 < d.length; i += 12, sampled++) {
    const r = d[i] as number, g = d[i + 1] as number, b = d[i + 2] as number;
    if (Math.max(r, g, b) - Math.min(r, g, b) >= COLOURED_MIN_CHROMA) coloured++;
  }
  return sampled > 0 ? coloured / sampled : 0;
}

/** The {@link dropColour} view of each image, made once (step 7 reads the same image again). */
const colourless = new WeakMap<RgbImage, RgbImage>();
function colourDropped(image: RgbImage): RgbImage {
  let grey = colourless.get(image);
  if (!grey) colourless.set(image, (grey = dropColour(image)));
  return grey;
}

/**
 * Whether two text boxes are one line: centres closer than half the lower box's height, lengths within `lengthShare`
 * of the longer (by default {@link SAME_LINE_LENGTH}: one line as the detector boxed it).
 */
function sameLine(a: Quad, b: Quad, lengthShare = SAME_LINE_LENGTH): boolean {
  const sa = quadSize(a), sb = quadSize(b);
  const ca = quadCentre(a), cb = quadCentre(b);
  return Math.hypot(ca.x - cb.x, ca.y - cb.y) < 0.5 * Math.min(sa.height, sb.height) && Math.abs(sa.width - sb.width) <= lengthShare * Math.max(sa.width, sb.width);
}

/** See {@link sameLine}: one character of a 44-character line. Not tuned. */
const SAME_LINE_LENGTH = 1 / 44;

/** Step 6 of {@link readMrzZone}: the image turned upright, then the zone cut out, each read again. */
async function secondLook(image: RgbImage, reader: MrzZoneReader, detected: readonly DetectedBox[], first: MrzZoneReading | null, minAspect: number, maxCandidates: number, minSkewDeg: number): Promise<MrzZoneReading | null> {
  let found = first;
  // Step 6: a skewed document is read again turned upright (a clean reading only if its lines lie askew, see
  // readMrzZone); a zone whose check digits still fail is read again from its own upright crop.
  const readAgain = async (view: StraightenedImage): Promise<readonly DetectedBox[]> => {
    const boxes = await reader.detect(view.image);
    const again = await readDetected(view.image, reader, boxes, minAspect, maxCandidates);
    if (again && (!found || better(again, found))) found = { ...again, quads: again.quads.map((q) => q.map(view.toSource) as unknown as Quad) };
    return boxes;
  };
  // Without a line read or a box wide enough for one, the skew of the elongated boxes (see SKEW_MIN_ASPECT).
  const textSkew = (boxes: readonly DetectedBox[]): number | null => {
    const merged = mergeCollinearBoxes(boxes).map((b) => b.quad);
    const wide = wideBoxes(merged, minAspect, SKEW_WIDEST_BOXES);
    return levelling(wide.length > 0 ? wide : wideBoxes(merged, SKEW_MIN_ASPECT, SKEW_MAX_BOXES));
  };
  let skew = found ? residualSkew(found.quads) : textSkew(detected);
  // A page turned steeply comes out of the first turn still askew when no line was read: turned once more by what is
  // left, measured on the turned page (from the source, so the pixels are resampled once).
  for (let turn = 0, angle = 0; lyingAskew(skew, minSkewDeg) && turn < (found ? 1 : STRAIGHTEN_TURNS); turn++) {
    angle += skew;
    const boxes = await readAgain(straightenOnce(image, angle));
    skew = found ? null : textSkew(boxes);
  }
  if (found && found.checkRate < 1) await readAgain(cropUpright(image, enclosingQuad(found.quads, ZONE_MARGIN_ALONG, ZONE_MARGIN_ACROSS)));
  // Nothing read, but one line proven an MRZ line by its own check digits: its zone, cut out, is read again (the
  // detector boxed only that line; see loneLines).
  const lone = found ? undefined : loneLines.get(reader)?.get(image);
  if (lone) await readAgain(cropUpright(image, enclosingQuad([lone.candidate.quad], ZONE_MARGIN_ALONG, ZONE_MARGIN_ACROSS)));
  return found;
}

/**
 * Per reading (the reader object {@link readMrzZone} makes for each call) and image read, the line read by
 * {@link readDetected} that its own check digits best prove to be an MRZ line
 * (loneDataLine.ts) on a detection from which no MRZ could be put together. Blind specimen seed 69 `099` (a TD2
 * residence permit 522 px wide with a stamp over its names line, blurred by 1.5 px and saved at JPEG quality 92): at
 * every detection side the detector boxed the data line, read right with all four check digits verifying, and never
 * the names line, so no two-line MRZ could be made and the card was answered `back_side_required` (no MRZ on its
 * front); cut out around the data line, the zone's detection boxed both lines and the card read right in every field
 * (docs/document-verification-log.md "Fifty-ninth session"). Step 6 of {@link readMrzZone} reads that zone when nothing
 * else read.
 */
const loneLines = new WeakMap<MrzZoneReader, WeakMap<RgbImage, { readonly candidate: Candidate; readonly line: LoneDataLine }>>();

/** Keeps, of `candidates` read on `image`, the one {@link loneDataLine} proves best (see {@link loneLines}). */
function recordLoneLines(reader: MrzZoneReader, image: RgbImage, candidates: readonly Candidate[]): void {
  let byImage = loneLines.get(reader);
  for (const candidate of candidates) {
    const line = loneDataLine(candidate.text);
    if (!line) continue;
    if (!byImage) loneLines.set(reader, (byImage = new WeakMap()));
    const known = byImage.get(image);
    if (!known || line.verified > known.line.verified) byImage.set(image, { candidate, line });
  }
}

/**
 * Without an MRZ line read or a box wide enough to be one, step 6 takes the skew from the text boxes at least this
 * many times wider than high (at most {@link SKEW_MAX_BOXES}, the most elongated first): the lines of a document
 * turned steeply (about 20° off upright or off a quarter turn) come out of the detector in short, fat pieces, none
 * `minAspect` times wider than high, and no skew was measured at all (docs/document-verification-log.md
 * "Documents turned steeply"). Not tuned: the first values tried (2026-11-27).
 */
const SKEW_MIN_ASPECT = 3;

/** See {@link SKEW_MIN_ASPECT}. */
const SKEW_MAX_BOXES = 12;

/**
 * Most of the boxes at least `minAspect` times wider than high whose skew step 6 measures when no line was read (the
 * most elongated first). It was the anchor candidates' number (`maxCandidates`, 6) until the forty-fourth session
 * raised that to 48; the skew is measured over as many boxes as before.
 */
const SKEW_WIDEST_BOXES = 6;

/**
 * What a line read past the first anchors of {@link readDetected} must hold to count as an anchor: two fillers
 * together. Every MRZ prints them: between the primary and secondary identifiers of its name line (ICAO Doc 9303 Part
 * 3; a name filling the whole field is truncated and leaves none only in the rarest case), and in the fillers after
 * the names and optional data. The ten letters of print seed 1 (`npm run gen:documents:indep-print`), whose account
 * and IBAN lines the own recogniser reads as MRZ text without them, took 55.7 s to refuse instead of 33.9 s when any
 * MRZ text counted (docs/document-verification-log.md "Specimens shown on web pages").
 */
const ANCHOR_FILLERS = '<<';

/**
 * Turns step 6 makes while no line is read: the skew of fat pieces is a rough one (the Lithuanian card turned by 70°
 * measured -14° of its -20° off a quarter turn), and the page turned by it is measured again and turned by the rest.
 */
const STRAIGHTEN_TURNS = 2;

/**
 * Margins of the zone cut out for step 6 of {@link readMrzZone}: 8% of the lines' length on each end (rows are
 * rebuilt from the detector's pieces at the full MRZ width, and the lines read may stop short of it) and 2 line
 * heights above and below (a TD1 read as a TD2 from two of its lines keeps its third, one line pitch away). Not
 * tuned: the first values tried (2026-11-22).
 */
const ZONE_MARGIN_ALONG = 0.08;
/** See {@link ZONE_MARGIN_ALONG}. */
const ZONE_MARGIN_ACROSS = 2;

/**
 * Median angle (radians) of the quads' text directions off the nearest multiple of 90°: how far a document lies
 * askew of the orientations {@link readDetected} handles itself. Null without quads.
 */
function residualSkew(quads: readonly Quad[]): number | null {
  if (quads.length === 0) return null;
  const right = Math.PI / 2;
  const residuals = quads
    .map((q) => {
      const a = quadAngle(q);
      return a - Math.round(a / right) * right;
    })
    .sort((a, b) => a - b);
  return residuals[Math.floor(residuals.length / 2)] as number;
}

/** Whether a skew (radians, as {@link residualSkew} measures it) is at least `minSkewDeg` degrees either way. */
function lyingAskew(skew: number | null, minSkewDeg: number): skew is number {
  return skew !== null && Math.abs(skew) >= (minSkewDeg * Math.PI) / 180;
}

/**
 * The turn (radians) that lays text boxes of unknown reading direction level: their residual skew
 * ({@link residualSkew}), and a quarter turn more when most of them run closer to vertical than to horizontal (the
 * detector splits vertical lines into short pieces, and the reader then takes the level page both ways round). Null
 * without quads.
 */
function levelling(quads: readonly Quad[]): number | null {
  const skew = residualSkew(quads);
  if (skew === null) return null;
  const vertical = quads.filter((q) => Math.abs(Math.cos(quadAngle(q))) < Math.SQRT1_2).length;
  return 2 * vertical > quads.length ? skew + Math.PI / 2 : skew;
}

/** Boxes at least `minAspect` times wider than high, most elongated first, at most `max`. */
function wideBoxes(boxes: readonly Quad[], minAspect: number, max: number): Quad[] {
  return boxes
    .filter((q) => {
      const size = quadSize(q);
      return size.height >= 4 && size.width >= minAspect * size.height;
    })
    .sort((a, b) => aspect(b) - aspect(a))
    .slice(0, max);
}

/** {@link readMrzZone} on the boxes of one detection. */
async function readDetected(image: RgbImage, reader: MrzZoneReader, detected: readonly DetectedBox[], minAspect: number, maxCandidates: number): Promise<MrzZoneReading | null> {
  const boxes = mergeCollinearBoxes(detected).map((b) => b.quad);
  // MRZ lines are the most elongated text on a document: candidates in order of aspect ratio.
  const wide = wideBoxes(boxes, minAspect, maxCandidates);
  if (wide.length === 0) return null;
  // Vertical lines (a document photographed sideways) are read both ways at once; horizontal ones the usual way
  // first, and turned by 180° only if that finds nothing (an upside-down document).
  const vertical = (q: Quad) => Math.abs(Math.cos(quadAngle(q))) < Math.SQRT1_2;
  for (const pass of ['usual', 'upsideDown'] as const) {
    const orientations = (q: Quad): Quad[] => (pass === 'usual' ? (vertical(q) ? [q, flipQuad(q)] : [q]) : vertical(q) ? [] : [flipQuad(q)]);
    // Anchors are recognised two candidates at a time until one reads as MRZ text (recognition is the costly step).
    // Where the anchors found make no reading, the search goes on with the candidates after them: the own recogniser
    // knows only MRZ characters and reads lines of the page's text as MRZ text (a specimen shown on a web page, whose
    // paragraphs are as elongated as the MRZ lines and come first; see `maxCandidates`). Past the first anchors found,
    // only a line holding two fillers together counts as one (`ANCHOR_FILLERS`): every MRZ has such a line, and page
    // text read as MRZ text (capitals and digits of a letter's account lines) seldom does, and reading it cost seconds.
    // The anchors found before join the new ones in clusters (only clusters holding a new anchor are read): a visa's
    // data line boxed together with a stamp across it (blind specimen seed 56 `043`) was far less elongated than its
    // name line, came in a later pair, and the two lines, each read right, were never stacked.
    const earlier: Candidate[] = [];
    const recognised: Candidate[] = [];
    for (let next = 0; next < wide.length; ) {
      const first = next === 0;
      const anchor = (c: Candidate) => looksLikeMrz(c, MIN_ANCHOR_TEXT) && (first || c.text.includes(ANCHOR_FILLERS));
      const anchors: Candidate[] = [];
      for (; next < wide.length && !anchors.some(anchor); next += 2) {
        anchors.push(...(await recognise(image, reader, wide.slice(next, next + 2).flatMap(orientations))));
      }
      recognised.push(...anchors);
      const mrzAnchors = anchors.filter(anchor);
      let best: MrzZoneReading | null = null;
      const fresh = new Set(mrzAnchors);
      for (const cluster of clusters([...earlier, ...mrzAnchors])) {
        if (!cluster.some((c) => fresh.has(c))) continue;
        // Rows spanning the MRZ's full width, rebuilt from every piece the detector found, and long enough for the
        // shortest MRZ line length that holds the longest anchor's text (the detector may miss trailing fillers).
        const longest = cluster.reduce((a, b) => (b.text.length > a.text.length ? b : a));
        const pitch = quadSize(longest.quad).width / Math.max(longest.text.length, 1);
        const length = MRZ_LENGTHS.find((n) => n >= longest.text.length) ?? 44;
        // An anchor longer than a TD1 line belongs to a two-line MRZ (TD2, TD3): when both of its lines are anchors,
        // rows beyond them are printed text of the page, and reading them is wasted.
        const bothLines = longest.text.length > TWO_LINE_MIN_TEXT && groupRows(orderLines(cluster)).length >= 2;
        const rows = mrzRows(cluster.map((c) => c.quad), boxes, { minLength: (length + 1) * pitch, ...(bothLines ? { reach: 0.5 } : {}) });
        // A passport whose two anchors already read as a whole TD3 (every check digit verifies, both lines 44
        // characters, every character read with at least QUICK_MIN_CONFIDENCE: names have no check digit) is done:
        // its rows are the anchors, and reading them again would only double the recognition.
        const quick = rows.length === MRZ_SHAPE.TD3.lines ? zoneReading(cluster.filter((c) => looksLikeMrz(c, 20))) : null;
        if (quick?.format === MRZ_FORMAT.TD3 && quick.checkRate === 1 && quick.lengthMisfit === 0 && quick.minConfidence >= QUICK_MIN_CONFIDENCE) {
          if (!best || better(quick, best)) best = quick;
          continue;
        }
        // Otherwise every row is read, also where an anchor already covers part of it: two crops of a line are two
        // opinions, and on small images the rebuilt row's crop is often the better one.
        // A data row (digits: every field but sex and nationality under a check digit) that crops nearly the pixels of
        // its anchor (see sameCrop) is not read again: a misread there fails a check digit, which sends the rows to
        // the windowed reading below. Name rows have no check digit and are always read twice (the ICAO specimen's
        // ERIKSSON read ERIKSSDNS from its anchor alone, 2026-11-22).
        const known = (r: Quad) => cluster.some((c) => isDataLine(c.text) && sameCrop(c.quad, r));
        const rebuilt = await recognise(image, reader, rows.filter((r) => !known(r)), 'line');
        // Each line may now have several readings (the anchor's own box, the rebuilt row); all are kept.
        const lines = [...cluster, ...rebuilt].filter((c) => looksLikeMrz(c, 20));
        let reading = zoneReading(lines);
        if (!reading || reading.checkRate < 1 || reading.lengthMisfit > 0) {
          // A second opinion when a check digit fails or a line's free reading has the wrong length (names carry no
          // check digit: a reading that dropped fillers would be padded inside the name): the rows read in
          // overlapping windows, and, for TD1 lines, in crops squeezed along the line (widely letter-spaced lines,
          // which the recogniser garbles at their own aspect; ocr/paddle/paddleLineRecognizer.ts). A squeezed crop
          // gives a 30-character line three frames per character, a 44-character one two: the real Australian
          // specimen's name line (`62_pass-aus`) read squeezed as `P<AUSCITIZEN<<N<<<…` and came out `CGITIZEN`.
          const windowed = (await recognise(image, reader, rows, 'windows')).filter((c) => looksLikeMrz(c, 20));
          const squeezed = length <= MRZ_SHAPE.TD1.length ? (await recognise(image, reader, rows, 'squeezed')).filter((c) => looksLikeMrz(c, 20)) : [];
          const second = zoneReading([...lines, ...windowed, ...squeezed]);
          const whole = reading;
          if (second && (!reading || better(second, reading))) reading = second;
          // Neither clean: the rows read whole and the readings with the windows' spliced, as step 7c splices the two
          // recognisers' (blind photo seed 57 `0138`: the data line read whole misread the birth date, read in windows
          // a `0` of the personal number as `O`).
          const spliced = whole && second && whole.checkRate < 1 && second.checkRate < 1 ? splicedReading(whole, second) : null;
          if (spliced) reading = spliced;
        }
        // No reading at all counts here too: a passport's 36-character TD2 reading is no MRZ (see plausible).
        const mayBeTd3 = !reading || reading.format === MRZ_FORMAT.TD2 || reading.format === MRZ_FORMAT.TD3;
        if (mayBeTd3 && length < MRZ_SHAPE.TD3.length && (!reading || reading.format === MRZ_FORMAT.TD2 || reading.checkRate < 1)) {
          // TD2 and TD3 lines 2 share their first 28 characters and, with an empty TD3 personal number, every check
          // digit: a TD3 whose detected boxes stop inside the filler runs reads as a TD2 that verifies, or as a TD3
          // whose last characters were never in the crop. The rows are read again at the TD3 length; that reading
          // replaces the first only if it is a TD3 whose every check digit verifies and it fits better (a genuine TD2
          // read that long has nothing but background after its 36 characters). A TD2 whose rows stopped short of its
          // own end is read whole there too: a TD2 reading of the longer rows whose every check digit verifies
          // replaces a TD2 reading that fits worse (a card turned by 15° and bent, the blind photo set of seed 16,
          // `0137_td2`: its rows ended three characters early, the decoder stretched `F3408250<<<<<` over the line's
          // 36, and the expiry and composite failed); where the rows made no reading at all, a reading of the longer
          // rows whose every check digit verifies is taken whatever its format, and a TD3 reading of them at least
          // MIN_CHECK_RATE of whose check digits verify is taken too, for the later steps to mend or refuse: a passport
          // whose detector boxes stopped at a light spot over its lines' ends (blind photo seed 27, `0129_td3`: boxes
          // 16 and 21 characters long, so rows of a TD1's 30) was refused as `mrz_not_found`, its TD3 reading of the
          // longer rows verifying 4 of 5 check digits dropped.
          // The cluster's rows built at least `n` characters of the anchor's pitch long (one pitch to spare), read whole.
          const readRowsOf = async (n: number) => {
            const rows = mrzRows(cluster.map((c) => c.quad), boxes, { minLength: (n + 1) * pitch });
            return (await recognise(image, reader, rows, 'line')).filter((c) => looksLikeMrz(c, 20));
          };
          const extended = await readRowsOf(MRZ_SHAPE.TD3.length);
          let third = zoneReading([...lines, ...extended]);
          // A TD2 read from rows first built for a TD1 (anchors of at most 30 characters) is read once more in rows
          // of its own length: rows of a TD3's 44 run 8 pitches past a TD2's end, over the card's edge and what lies
          // beyond, and both recognisers read characters there (`<<<<<<<0U<<`). The line's longest free reading,
          // its length evidence (see `bestReading`), then counts them as misfit, and a misfit sends a clean reading
          // to the second recogniser, whose reading may verify by chance (blind photo seed 61 `0002_td2`: the own
          // recogniser's reading verified every check digit with a misfit of 0.07, a debugging print, and
          // PaddleOCR's, with `<<<53220` for `<<<<<<<0`, verified all four too and fit better). The rows of the TD2's
          // length join the first rows only: the longer rows' readings would count their overrun again.
          if (third?.format === MRZ_FORMAT.TD2 && length < MRZ_SHAPE.TD2.length && third.lengthMisfit > 0) {
            const fourth = zoneReading([...lines, ...(await readRowsOf(MRZ_SHAPE.TD2.length))]);
            if (fourth && fourth.format === MRZ_FORMAT.TD2 && better(fourth, third)) third = fourth;
          }
          const sameFormat = !reading || third?.format === reading.format;
          if (third && third.checkRate === 1 && (third.format === MRZ_FORMAT.TD3 || sameFormat) && (!reading || better(third, reading))) reading = third;
          else if (third && !reading && third.format === MRZ_FORMAT.TD3 && third.checkRate >= MIN_CHECK_RATE) reading = third;
        }
        if (reading && (!best || better(reading, best))) best = reading;
      }
      if (best) return best;
      earlier.push(...mrzAnchors);
    }
    recordLoneLines(reader, image, recognised);
  }
  return null;
}

async function recognise(image: RgbImage, reader: MrzZoneReader, quads: readonly Quad[], mode: RecognitionMode = 'line'): Promise<Candidate[]> {
  if (quads.length === 0) return [];
  const candidates = candidatesOf(quads, await reader.recognizer.read(image, quads, mode));
  // Lines read as MRZ text whose characters lean (a page seen obliquely) are read again upright (image/estimateSlant.ts).
  const upright = candidates.map((c) => (looksLikeMrz(c, MIN_ANCHOR_TEXT) ? uprightQuad(image, c.quad, c.text) : c.quad));
  const leaning = candidates.flatMap((c, i) => (upright[i] !== c.quad ? [i] : []));
  if (leaning.length === 0) return candidates;
  const again = candidatesOf(leaning.map((i) => upright[i] as Quad), await reader.recognizer.read(image, leaning.map((i) => upright[i] as Quad), mode));
  leaning.forEach((i, k) => (candidates[i] = again[k] as Candidate));
  return candidates;
}

/** Each quad with its reading and the reading's text. */
function candidatesOf(quads: readonly Quad[], readings: readonly LineReading[]): Candidate[] {
  return quads.map((quad, i) => {
    const reading = readings[i] as LineReading;
    return { quad, reading, text: reading.kind === 'text' ? cleanText(reading.text) : greedyDecode(reading.line) };
  });
}

/**
 * Anchors grouped into stacks (one MRZ each): sorted across the text, split where the gap exceeds
 * {@link CLUSTER_MAX_GAP} line heights.
 */
function clusters(anchors: readonly Candidate[]): Candidate[][] {
  const placed = orderLines(anchors);
  const out: Candidate[][] = [];
  let current: PlacedLine<Candidate>[] = [];
  for (const line of placed) {
    const prev = current[current.length - 1];
    if (prev && line.across - prev.across > CLUSTER_MAX_GAP * Math.max(prev.height, line.height)) {
      out.push(current.map((l) => l.item));
      current = [];
    }
    current.push(line);
  }
  if (current.length > 0) out.push(current.map((l) => l.item));
  return out.sort((a, b) => b.length - a.length);
}

/**
 * Largest gap, in line heights (the detector's box heights), between two anchors of one MRZ. Anchors may be lines 1
 * and 3 of a TD1, two line pitches apart (ICAO Doc 9303 Part 3: 6 lines per inch, 4.23 mm). The bound was 3.5 until
 * 2026-11-25: on a clean probe card whose MRZ was set in OCR-B of about 3 mm (smaller glyphs, so lower boxes, at the
 * same pitch) lines 1 and 3 lay 102 px apart with boxes 28-31 px high, 3.5 heights, and were split into two stacks of
 * which neither held three lines. Separate MRZs in one image (two documents) lie a document's height apart, far
 * beyond 5 heights.
 */
const CLUSTER_MAX_GAP = 5;

/**
 * Whether a row crops nearly the pixels of an anchor: the same line (corners within `SAME_CROP_ACROSS` line heights
 * across the text) and the same extent give or take about a character (`SAME_CROP_ALONG` heights along it; rows are
 * made one character pitch longer than the longest anchor's text). Read off a debugging run over the shared real
 * specimens (2026-11-22; no script reports it): rows rebuilt over a whole anchor differ from it by 0.13-0.94 heights
 * at the worst corner, other rows by more than 1.
 */
function sameCrop(anchor: Quad, row: Quad): boolean {
  const h = Math.min(quadSize(anchor).height, quadSize(row).height);
  const angle = quadAngle(anchor);
  const ux = Math.cos(angle), uy = Math.sin(angle);
  return anchor.every((p, i) => {
    const q = row[i] as Quad[number];
    const dx = q.x - p.x, dy = q.y - p.y;
    return Math.abs(dx * ux + dy * uy) <= SAME_CROP_ALONG * h && Math.abs(-dx * uy + dy * ux) <= SAME_CROP_ACROSS * h;
  });
}

/** A free reading with at least `DATA_LINE_MIN_DIGITS` digits: a data line, not a name line (which has none). */
function isDataLine(text: string): boolean {
  return (text.match(/[0-9]/g)?.length ?? 0) >= DATA_LINE_MIN_DIGITS;
}

/**
 * See {@link isDataLine}. The data line of a TD2 or TD3 holds at least 15 digits (two dates and at least three check
 * digits); a TD1 line 1 whose document number is mostly letters may hold fewer, and is then read twice like a name
 * line (slower, never less accurate).
 */
const DATA_LINE_MIN_DIGITS = 8;

/** See {@link sameCrop}. */
const SAME_CROP_ALONG = 1;
/** See {@link sameCrop}: a sixth of the line height is about 5 pixels of the 48-pixel recognition crop. */
const SAME_CROP_ACROSS = 0.15;

/** Free readings longer than this many characters come from a two-line MRZ (TD1 lines have 30; TD2 36, TD3 44). */
const TWO_LINE_MIN_TEXT = 33;

function aspect(q: Quad): number {
  const s = quadSize(q);
  return s.width / Math.max(s.height, 1);
}

function cleanText(text: string): string {
  return text.toUpperCase().replace(/[«‹]/g, '<').replace(/\s+/g, '');
}

/** Least length of an anchor's text (see {@link looksLikeMrz}), in characters. */
const MIN_ANCHOR_TEXT = 12;

/** MRZ text: long enough, (nearly) only MRZ characters, and a filler or many digits. */
function looksLikeMrz(c: Candidate, minLength: number): boolean {
  const t = c.text;
  if (c.reading.kind === 'probabilities' && c.reading.line.mrzMass < 0.75) return false;
  const valid = t.replace(/[^0-9A-Z<]/g, '');
  if (valid.length < minLength || valid.length < 0.9 * t.length) return false;
  return valid.includes('<') || (valid.match(/[0-9]/g)?.length ?? 0) >= 10;
}

/**
 * Lowest per-character probability (among the characters allowed at each position) with which a passport read from
 * its two anchor boxes alone is accepted without a second crop of each line. Names carry no check digit: without
 * this bound, letters misread on one crop (J read as S, N as Z on synthetic pages of seed 11) went through
 * unchecked; with a hesitation anywhere, the rows are read again and the readings compared as before.
 */
const QUICK_MIN_CONFIDENCE = 0.97;

/** MRZ line lengths of the formats, shortest first. */
const MRZ_LENGTHS = [...new Set(Object.values(MRZ_SHAPE).map((s) => s.length))].sort((a, b) => a - b);

/** Readings of one printed line (several crops of it). */
type Row = PlacedLine<Candidate>[];

/** Groups readings whose centres are within half a line height across into rows. */
function groupRows(lines: readonly PlacedLine<Candidate>[]): Row[] {
  const rows: Row[] = [];
  for (const line of lines) {
    const last = rows[rows.length - 1];
    const ref = last?.[0];
    if (last && ref && Math.abs(line.across - ref.across) <= 0.5 * Math.max(ref.height, line.height)) last.push(line);
    else rows.push([line]);
  }
  return rows;
}

/** The best reading ({@link bestReading}) of line candidates: ordered across the text and grouped into rows first. */
function zoneReading(lines: readonly Candidate[]): MrzZoneReading | null {
  return bestReading(groupRows(orderLines(lines)));
}

function bestReading(rows: readonly Row[]): MrzZoneReading | null {
  let best: MrzZoneReading | null = null;
  // Each row is represented by its widest reading (the rebuilt full-width row, when there is one).
  const widest = (r: Row) => r.reduce((a, b) => (b.width > a.width ? b : a));
  for (const run of stackedRuns(rows.map((r) => ({ ...widest(r), item: r })))) {
    for (const size of [3, 2]) {
      for (let start = 0; start + size <= run.length; start++) {
        const window = run.slice(start, start + size).map((l) => l.item);
        const formats: MrzFormat[] = size === 3 ? ['TD1'] : ['TD3', 'TD2', 'FRENCH_NATIONAL_ID'];
        for (const format of formats) {
          // Per row, one reading (see `fittingReading`).
          const n = MRZ_SHAPE[format].length;
          const chosen = window.map((row) => fittingReading(row.map((l) => l.item), n));
          // The line's length evidence is its longest free reading (OCR drops fillers far more often than it adds
          // characters), whichever reading is decoded.
          const lengths = window.map((row) => Math.max(...row.map((l) => l.item.text.length)));
          const reading = decodeWindow(chosen, format, lengths);
          if (reading && (!best || better(reading, best))) best = reading;
        }
      }
    }
  }
  return best;
}

/** Mean log-probability per frame of a line's best path (free decoding), for comparing readings of one line. */
function perFrame(c: Candidate): number {
  if (c.reading.kind === 'text') return c.reading.confidence;
  const { frames, probs } = c.reading.line;
  let sum = 0;
  for (let t = 0; t < frames; t++) {
    let best = 0;
    for (let k = 0; k < MRZ_CLASSES; k++) best = Math.max(best, probs[t * MRZ_CLASSES + k] as number);
    sum += Math.log(Math.max(best, 1e-12));
  }
  return sum / Math.max(frames, 1);
}

/**
 * Check digits that verify, less four times the relative line-length misfit (a TD1 read as TD2 pads 6 of 30), then
 * the most probable. Between two readings of one format whose check digits verify alike, fewer characters dropped
 * in the names (nameGaps.ts) comes first: names carry no check digit, and the free readings' lengths, which the
 * misfit measures, say little about a name once the format is settled (synthetic seed 31 `syn-0127`: the reading of
 * the straightened page, `HORVAT` read `HRVAT` with a gap of two pitches, misfit 0.045, beat the first reading,
 * every letter kept, misfit 0.068). Then, with as many gaps, the reading whose names keep a letter where the other
 * has a filler after the name, the lines otherwise the same (nameExtension.ts: `OLGA<<` over `OLG<<<`).
 */
function better(a: MrzZoneReading, b: MrzZoneReading): boolean {
  if (a.format === b.format && a.checkRate === b.checkRate) {
    if (a.nameGaps !== b.nameGaps) return a.nameGaps < b.nameGaps;
    const extension = nameExtension(a.readLines, b.readLines, (line) => lineFieldsOf(a.format, line).names);
    if (extension !== 0) return extension > 0;
  }
  const score = (r: MrzZoneReading) => r.checkRate - 4 * r.lengthMisfit;
  if (score(a) !== score(b)) return score(a) > score(b);
  return a.meanLogProb > b.meanLogProb;
}

/**
 * The reading of one line that is decoded for a format of line length `n`: the one whose free reading's length is
 * closest to `n`,
 * then the most probable per frame. Check digits are not used to choose between readings of a line: trying many
 * readings until one happens to verify would let a wrong field through by chance.
 */
function fittingReading(readings: readonly Candidate[], n: number): Candidate {
  const misfit = (c: Candidate) => Math.abs(c.text.length - n);
  return [...readings].sort((x, y) => misfit(x) - misfit(y) || perFrame(y) - perFrame(x))[0] as Candidate;
}

function decodeWindow(window: readonly Candidate[], format: MrzFormat, lengths: readonly number[]): MrzZoneReading | null {
  // A 2-line window decoded as the wrong format pads or squeezes characters: reject gross length mismatches early.
  const expected = MRZ_SHAPE[format].length;
  const lengthMisfit = lengths.reduce((s, n) => s + Math.abs(n - expected), 0) / (expected * window.length);
  if (lengthMisfit > 0.2) return null;
  const plain = decodeLines(window, format, false);
  if (!plain) return null;
  const first = finishWindow(window, format, plain, lengthMisfit);
  // Two lines of 36 are a TD2 or a French identity card by their first five characters (parseMrz.ts formatOf): a
  // window decoded with the other's layout is not a reading of either.
  if (first.parsed.format !== format || !plausible(first)) return null;
  // Names and state codes are decoded with the layout's knowledge (decodeMrzLine) only in a window whose plain
  // reading has at most one failing check digit (of 4-5): windows of wrong rows, which may still verify half of
  // theirs by chance, would only pay for it (up to 17 more decodings of a line).
  if (first.checkRate < MIN_CHECK_RATE_FOR_LAYOUT || window.every((c) => c.reading.kind === 'text')) return first;
  const informedLines = decodeLines(window, format, true);
  if (!informedLines || informedLines.lines.every((l, i) => l === plain.lines[i])) return first;
  const informed = finishWindow(window, format, informedLines, lengthMisfit);
  // Never at the cost of a check digit.
  return informed.checkRate >= first.checkRate && informed.parsed.format === format && plausible(informed) ? informed : first;
}

/**
 * Whether a window's reading can be an MRZ at all: at least one of its two state codes (issuing state, nationality)
 * is one ICAO Doc 9303 Part 3 §5 lists ({@link MRZ_STATE_CODES}) or an ISO 3166-1 alpha-2 code (a few pre-2013
 * issuers printed those: the Slovenian ID card's `SI<`), or, when neither is, every check digit verifies as
 * read, without correction. Rows of a rotated card read across two printed lines make junk in which check digits
 * still verify by chance, more so after corrections (1 in 10 each): on the Spanish ID card specimen turned by 15°
 * (../shared/data/documents, passporteye/0_id-esp.png), such a TD2 window (codes `DES`, `BFE`) verified all four
 * after two corrections and beat the card's genuine TD1 reading, whose check digits fail as printed. A specimen
 * with an unlisted code (`INP`) has a listed nationality.
 *
 * A reading whose document code starts with a letter ICAO does not use ({@link DOCUMENT_CODE_LETTERS}) counts only
 * if it verifies as read. A TD2 reading coded `P` never counts: passports are TD3 (ICAO Doc 9303 Part 4; TD2
 * documents are coded I, A, C or V, Parts 6 and 7). A passport page photographed at an angle is often detected only
 * up to its long filler runs, and its two lines' first 36 characters then read as a TD2 whose first four check
 * digits pass or nearly (TD2 and TD3 lines 2 share them): synthetic pages of seeds 7 and 11 turned by about 10° were
 * refused as `document_type_mismatch` that way, with every field dropped.
 */
function plausible(reading: MrzZoneReading): boolean {
  if (reading.format === MRZ_FORMAT.TD2 && reading.parsed.documentCode.startsWith('P')) return false;
  const verifiedAsRead = reading.checkRate === 1 && reading.corrected.length === 0;
  if (!DOCUMENT_CODE_LETTERS.includes(reading.parsed.documentCode.charAt(0)) && !verifiedAsRead) return false;
  const known = (code: string) => MRZ_STATE_CODES.has(code.padEnd(3, '<')) || (code.length === 2 && countries.isValid(code));
  return known(reading.parsed.issuingStateCode) || known(reading.parsed.nationalityCode) || verifiedAsRead;
}

/**
 * First letters of ICAO document codes: P (passports, Doc 9303 Part 4), V (visas, Part 7), I, A, C (travel documents
 * of sizes 1 and 2, Parts 5 and 6). A reading starting otherwise (`YP<IND…`: a stray character before a
 * passport's `P`, synthetic seed 11) counts only if it verifies as read. Since 2026-11-25 the decoder of
 * recogniser probabilities keeps that position within the format's letters (mrz/layouts.ts, `CHAR_CLASS.DocumentCode*`),
 * so this rule acts only on text recognisers (Tesseract), whose text is fitted to the layout without probabilities.
 */
const DOCUMENT_CODE_LETTERS = 'PVIAC';

/**
 * Share of check digits (0-1) an MRZ reading needs before any of its fields is used (readSide.ts): below it the zone
 * is taken as too damaged to read, and the document is refused as `mrz_checksum_failed`.
 */
export const MIN_CHECK_RATE = 0.5;

/** Share of check digits (0-1) a window's plain reading must verify before names and state codes are decoded again. */
const MIN_CHECK_RATE_FOR_LAYOUT = 0.75;

interface DecodedLines {
  readonly lines: string[];
  /** Per line, the glyph heights of its characters in the recogniser's line image (null: no image). */
  readonly heights: Array<Array<number | null> | null>;
  /**
   * Per line, the glyph heights measured in the line image with its margin (LineReading `margined`; the heights
   * above where there is none), for zeros and `O`s (zeroShapes.ts).
   */
  readonly zeroHeights: Array<Array<number | null> | null>;
  readonly alternatives: Array<PositionAlternatives[number]>;
  readonly logProb: number;
  readonly minConfidence: number;
  /** Characters dropped in the names, by the pitch of the alignment (nameGaps.ts). */
  readonly nameGaps: number;
}

/** Each line of a window decoded within the format's classes; `informed`: with names and state codes (decodeMrzLine). */
function decodeLines(window: readonly Candidate[], format: MrzFormat, informed: boolean): DecodedLines | null {
  const classes = positionClasses(format);
  const lines: string[] = [];
  const heights: Array<Array<number | null> | null> = [];
  const zeroHeights: Array<Array<number | null> | null> = [];
  const alternatives: Array<PositionAlternatives[number]> = [];
  let logProb = 0;
  let minConfidence = 1;
  let gaps = 0;
  for (let i = 0; i < window.length; i++) {
    const c = window[i] as Candidate;
    const allowed = classes[i] as readonly string[];
    if (c.reading.kind === 'text') {
      lines.push(fitTextToLayout(c.reading.text, allowed));
      heights.push(null);
      zeroHeights.push(null);
      alternatives.push([]);
      continue;
    }
    const decoded = decodeMrzLine(c.reading.line, allowed, informed ? lineFieldsOf(format, i) : NO_FIELDS);
    if (!decoded) return null;
    const measured = heightsOf(c.reading, decoded);
    const names = lineFieldsOf(format, i).names;
    // Fillers of names read as `C` or `K` (restoreFillers.ts), then fillers read as letters before other fillers and
    // a name separator read as a letter (restoreSeparator.ts), then `M`s read as `N` (restoreLetterM.ts).
    const sized = measured ? restoreFillers(decoded.text, measured, names, decoded.alternatives).text : decoded.text;
    const filled = restoreNameFillers(sized, decoded.alternatives, names).text;
    const separated = restoreSeparator(filled, decoded.alternatives, names).text;
    const line = restoreLetterM(separated, decoded.alternatives, names).text;
    lines.push(line);
    gaps += nameGaps(line, decoded.frames, names);
    heights.push(measured);
    zeroHeights.push(heightsOf(c.reading, decoded, 'margined') ?? measured);
    alternatives.push(decoded.alternatives);
    logProb += decoded.logScore;
    minConfidence = Math.min(minConfidence, ...decoded.confidence);
  }
  return { lines, heights, zeroHeights, alternatives, logProb, minConfidence, nameGaps: gaps };
}

/**
 * Glyph heights already measured, per decoding and line image (decodeMrzLine caches decodings; a line is decoded in
 * many windows).
 */
type HeightCache = WeakMap<FixedLengthReading, { image: RgbImage; heights: Array<number | null> }>;
const measuredHeights: Record<'crop' | 'margined', HeightCache> = { crop: new WeakMap(), margined: new WeakMap() };

/**
 * The glyph heights of a decoded line in the recogniser's line image (`crop`), or in that image with its margin
 * (`margined`, LineReading); null when the recogniser gave no such image.
 */
function heightsOf(reading: Extract<LineReading, { kind: 'probabilities' }>, decoded: FixedLengthReading, which: 'crop' | 'margined' = 'crop'): Array<number | null> | null {
  const { framePixels } = reading;
  const image = which === 'crop' ? reading.image : reading.margined?.image;
  if (!image || !framePixels) return null;
  const cache = measuredHeights[which];
  const known = cache.get(decoded);
  if (known?.image === image) return known.heights;
  const lineRows = which === 'margined' ? reading.margined?.lineRows : undefined;
  const heights = glyphHeights(image, decoded.frames, lineRows ? { framePixels, lineRows } : { framePixels });
  cache.set(decoded, { image, heights });
  return heights;
}

/** Corrections, parsing and scores of a window's decoded lines. */
function finishWindow(window: readonly Candidate[], format: MrzFormat, d: DecodedLines, lengthMisfit: number): MrzZoneReading {
  const { alternatives } = d;
  // Zeros and Os drawn letter- or digit-sized: evidence for the look-alikes O and 0 that check digits must prove
  // (measured with a margin: glyphs filling the recogniser's crop touch its edges and measure alike).
  const glyphShapes = zeroShapes(format, d.lines, d.zeroHeights);
  const check = (lines: readonly string[]) => {
    const { lines: fixed, corrected } = correctMrz(format, padOptionalData(format, lines, alternatives), alternatives, { glyphShapes });
    const parsed = parseMrz(fixed);
    return { lines, parsed, corrected, checkRate: checkRateOf(parsed.checks) };
  };
  let result = check(d.lines);
  // Characters that glyph heights, not the recogniser, made fillers: no place for a competitor (step 9).
  let fixed = new Set<string>();
  // Filler-sized characters in optional data (restorePadding), taken where check digits prove them.
  const padded = restorePadding(format, d.lines, d.heights);
  if (padded) {
    const candidate = check(padded);
    const changed = padded.flatMap((line, i) => [...line].flatMap((ch, k) => (ch !== d.lines[i]?.[k] ? [{ i, k }] : [])));
    const support = Math.min(...changed.map(({ i, k }) => (alternatives[i]?.length ? (alternatives[i]?.[k]?.find((a) => a.char === '<')?.p ?? 0) : 1)));
    if (takesRestoredPadding(result, candidate, support)) {
      result = candidate;
      fixed = new Set(changed.map(({ i, k }) => `${i}:${k}`));
    }
  }
  const { lines, parsed, corrected, checkRate } = result;
  return {
    format,
    readLines: lines,
    parsed,
    corrected,
    quads: window.map((c) => c.quad),
    checkRate,
    lengthMisfit,
    meanLogProb: d.logProb / (MRZ_SHAPE[format].length * window.length),
    minConfidence: d.minConfidence,
    nameGaps: d.nameGaps,
    namesArbitrated: [],
    statesArbitrated: [],
    competitors: once(() => competingReadings(format, parsed.lines, alternatives, { fixed })),
    competitor: null,
    alternatives,
  };
}
