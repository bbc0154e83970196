import {
  CompareFacesCommand,
  DetectFacesCommand,
  ImageTooLargeException,
  InvalidImageFormatException,
  InvalidParameterException,
  RekognitionClient,
} from '@aws-sdk/client-rekognition';
import { ErrorCategory } from '../constants.ts';
import { ProviderError } from '../errors.ts';
import type { FaceMatchMeasurement } from '../../engines/face/types.ts';

/**
 * Amazon Rekognition as a second face-match provider (`FACE_PROVIDER=rekognition`), with the same measurement shape
 * as the ONNX engine so that the step's result and errorCategory mapping stay the same. CompareFaces gives the
 * similarity of the selfie's largest face with the reference's faces (0-100, mapped to 0-1); DetectFaces counts the
 * selfie's faces.
 * @see https://docs.aws.amazon.com/rekognition/latest/APIReference/API_CompareFaces.html
 * @see https://docs.aws.amazon.com/rekognition/latest/APIReference/API_DetectFaces.html
 */

/**
 * Thresholds on Rekognition's similarity (0-1). They are AWS's guidance, not our measurement (Rekognition cannot be
 * called from the machines that run the evaluation): AWS recommends a similarity threshold of 99% for identity
 * verification where false matches are costly, and uses 80% as the API default; the review band runs between them.
 * (Amazon Rekognition Developer Guide, "Using similarity thresholds to match faces").
 */
export const REKOGNITION_FACE_THRESHOLDS = { verifyAtOrAbove: 0.99, reviewAtOrAbove: 0.8 } as const;

const noFace = (selfieFound: boolean, count: number): FaceMatchMeasurement['selfie'] => ({ faceDetected: selfieFound, multipleFaces: count > 1, faceCount: count });

/**
 * Compares two images with Rekognition.
 * @returns a measurement like the ONNX engine's (`cosine` is null: Rekognition gives no embedding).
 * @throws ProviderError when Rekognition fails for another reason than the images (throttling, access, outage).
 */
export async function rekognitionFaceMatch(client: RekognitionClient, selfie: Buffer, reference: Buffer): Promise<FaceMatchMeasurement> {
  const started = performance.now();
  const finish = (m: Omit<FaceMatchMeasurement, 'elapsedMs'>): FaceMatchMeasurement => ({ ...m, elapsedMs: performance.now() - started });
  let count = 0;
  try {
    const detected = await client.send(new DetectFacesCommand({ Image: { Bytes: selfie }, Attributes: ['DEFAULT'] }));
    count = detected.FaceDetails?.length ?? 0;
    if (count === 0) {
      return finish({ similarity: 0, cosine: null, selfie: noFace(false, 0), reference: noFace(true, 1), errorCategory: ErrorCategory.NoFaceDetected });
    }
    const compared = await client.send(
      new CompareFacesCommand({ SourceImage: { Bytes: selfie }, TargetImage: { Bytes: reference }, SimilarityThreshold: 0 }),
    );
    const matches = [...(compared.FaceMatches ?? [])].sort((a, b) => (b.Similarity ?? 0) - (a.Similarity ?? 0));
    const referenceCount = matches.length + (compared.UnmatchedFaces?.length ?? 0);
    if (referenceCount === 0) {
      return finish({ similarity: 0, cosine: null, selfie: noFace(true, count), reference: noFace(false, 0), errorCategory: ErrorCategory.NoFaceDetected });
    }
    const similarity = (matches[0]?.Similarity ?? 0) / 100;
    return finish({
      similarity,
      cosine: null,
      selfie: noFace(true, count),
      reference: noFace(true, referenceCount),
      errorCategory: count > 1 ? ErrorCategory.MultipleFaces : null,
    });
  } catch (err) {
    if (err instanceof InvalidImageFormatException || err instanceof ImageTooLargeException) {
      return finish({ similarity: 0, cosine: null, selfie: noFace(false, 0), reference: noFace(false, 0), errorCategory: ErrorCategory.InvalidImage });
    }
    if (err instanceof InvalidParameterException) {
      // Rekognition's answer when the source image has no face it can use.
      return finish({ similarity: 0, cosine: null, selfie: noFace(false, count), reference: noFace(true, 1), errorCategory: ErrorCategory.NoFaceDetected });
    }
    throw new ProviderError(`Rekognition failed: ${(err as Error).message}`, { cause: err });
  }
}
