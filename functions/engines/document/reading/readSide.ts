import type { DataSource } from '../constants.ts';
import { AamvaFormatError, parseAamva, type AamvaData } from '../barcode/parseAamva.ts';
import type { RgbImage } from '../image/loadImage.ts';
import type { VisualZoneReader } from './readVisualZone.ts';
import { MIN_CHECK_RATE, readMrzZone, type MrzZoneReader, type MrzZoneReading } from './readMrzZone.ts';

/** Machine-readable data of one image. */
export type SideData =
  | { readonly source: 'mrz'; readonly mrz: MrzZoneReading }
  | { readonly source: 'pdf417'; readonly aamva: AamvaData };

/** What reading an image needs. */
export interface SideReader {
  readonly mrz: MrzZoneReader;
  readonly readPdf417: (image: RgbImage) => Promise<string | null>;
  /**
   * Reads the words printed outside the MRZ (readVisualZone.ts), for names the MRZ's recognisers leave in doubt
   * (witnessNames.ts); absent: such names stay in doubt.
   */
  readonly visualZone?: VisualZoneReader;
}

/** Result of {@link readSide}. */
export interface SideReading {
  /** The data read, or null. */
  readonly data: SideData | null;
  /**
   * An MRZ-shaped zone whose check digits mostly fail (fewer than {@link MIN_CHECK_RATE} verify): too damaged to take any
   * field from, but evidence that the document has an MRZ.
   */
  readonly damagedMrz: MrzZoneReading | null;
}

/**
 * Reads one image with the template's data sources, in the template's order, stopping at the first that yields
 * data. A PDF417 that decodes but is not an AAMVA payload (e.g. the Peruvian ID card's) is ignored.
 *
 * @param image - RGB pixels
 * @param sources - the template's data sources, in order
 * @param reader - detectors and recognisers
 */
export async function readSide(image: RgbImage, sources: readonly DataSource[], reader: SideReader): Promise<SideReading> {
  let damagedMrz: MrzZoneReading | null = null;
  for (const source of sources) {
    if (source === 'pdf417') {
      const text = await reader.readPdf417(image);
      if (text === null) continue;
      try {
        return { data: { source, aamva: parseAamva(text) }, damagedMrz };
      } catch (error) {
        if (error instanceof AamvaFormatError) continue;
        throw error;
      }
    } else {
      const mrz = await readMrzZone(image, reader.mrz);
      if (!mrz) continue;
      if (mrz.checkRate < MIN_CHECK_RATE) {
        damagedMrz = mrz;
        continue;
      }
      return { data: { source, mrz }, damagedMrz };
    }
  }
  return { data: null, damagedMrz };
}
