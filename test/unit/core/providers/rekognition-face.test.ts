import { CompareFacesCommand, DetectFacesCommand, InvalidImageFormatException, RekognitionClient, ThrottlingException } from '@aws-sdk/client-rekognition';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { rekognitionFaceMatch } from '../../../../functions/core/providers/rekognition-face.ts';
import { ProviderError } from '../../../../functions/core/errors.ts';

const rek = mockClient(RekognitionClient);
const client = () => new RekognitionClient({ region: 'us-east-1' });
const img = Buffer.from('image');
const face = { Confidence: 99.9 };

afterEach(() => rek.reset());

describe('rekognitionFaceMatch', () => {
  it('maps CompareFaces similarity (0-100) to 0-1 and counts the selfie faces with DetectFaces', async () => {
    rek.on(DetectFacesCommand).resolves({ FaceDetails: [face] });
    rek.on(CompareFacesCommand).resolves({ FaceMatches: [{ Similarity: 97.5 }, { Similarity: 12 }], UnmatchedFaces: [] });
    const m = await rekognitionFaceMatch(client(), img, img);
    expect(m).toMatchObject({ similarity: 0.975, cosine: null, errorCategory: null, selfie: { faceCount: 1, multipleFaces: false } });
    expect(rek.commandCalls(CompareFacesCommand)[0]!.args[0].input.SimilarityThreshold).toBe(0);
  });

  it('reports multiple_faces, and no_face_detected for either image', async () => {
    rek.on(DetectFacesCommand).resolves({ FaceDetails: [face, face] });
    rek.on(CompareFacesCommand).resolves({ FaceMatches: [{ Similarity: 99.5 }] });
    expect((await rekognitionFaceMatch(client(), img, img)).errorCategory).toBe('multiple_faces');
    rek.reset();
    rek.on(DetectFacesCommand).resolves({ FaceDetails: [] });
    expect(await rekognitionFaceMatch(client(), img, img)).toMatchObject({ errorCategory: 'no_face_detected', selfie: { faceDetected: false } });
    rek.reset();
    rek.on(DetectFacesCommand).resolves({ FaceDetails: [face] });
    rek.on(CompareFacesCommand).resolves({ FaceMatches: [], UnmatchedFaces: [] });
    expect(await rekognitionFaceMatch(client(), img, img)).toMatchObject({ errorCategory: 'no_face_detected', reference: { faceDetected: false } });
  });

  it('maps a bad image to invalid_image and other failures to a provider error', async () => {
    rek.on(DetectFacesCommand).rejects(new InvalidImageFormatException({ message: 'bad', $metadata: {} }));
    expect((await rekognitionFaceMatch(client(), img, img)).errorCategory).toBe('invalid_image');
    rek.reset();
    rek.on(DetectFacesCommand).rejects(new ThrottlingException({ message: 'slow down', $metadata: {} }));
    await expect(rekognitionFaceMatch(client(), img, img)).rejects.toThrow(ProviderError);
  });
});
