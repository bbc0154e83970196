/**
 * The model files the face and liveness engines run, with their provenance (DESIGN.md "Data the engines need";
 * models/MODELS.md is the human-readable register and must agree with this list).
 *
 * All four come from the npm package `faceplugin-face-recognition-js@0.0.1` (tarball sha1
 * `056667561ecd072add05a2a3e7e5850163fbd1a0`, directory `model/`), published under the MIT licence
 * (`models/faceplugin-LICENSE.txt`). They are committed under `models/` with a `faceplugin-` prefix rather than
 * installed as a dependency because that package declares jest, eslint, webpack and babel as runtime dependencies.
 * Their sha256 is checked when an engine loads them.
 */

/** One model file: where it is, what it is, and under which terms it may be used. */
export interface ModelFile {
  /** Stable id recorded in a step's provenance. */
  readonly id: string;
  /** File name under the models directory. */
  readonly file: string;
  /** Lower-case hex SHA-256 of the file. */
  readonly sha256: string;
  /** SPDX licence id of the file as published. */
  readonly licence: string;
  /** Where the file was taken from. */
  readonly source: string;
  /** What the network does, with its input and output conventions. */
  readonly description: string;
}

const FACEPLUGIN_SOURCE = 'npm faceplugin-face-recognition-js@0.0.1, model/';

/**
 * The default model set. Each entry's `description` records the input/output convention established by reading the
 * package's own JavaScript (`lib/fr_*.js`) and then confirmed by measurement (docs/accuracy.md): e.g. the embedding
 * and liveness networks were trained on BGR input (OpenCV order); feeding RGB costs 0.3 points of LFW accuracy and
 * half of the liveness separation.
 */
export const FACE_MODELS = {
  detector: {
    id: 'faceplugin-fr_detect',
    file: 'faceplugin-fr_detect.onnx',
    sha256: '6c0256ccd3164f844736a401faf936ec2930764a87ae39442180887d0c5c8854',
    licence: 'MIT',
    source: `${FACEPLUGIN_SOURCE}fr_detect.onnx`,
    description:
      'Face detector of the Ultra-Light-Fast-Generic-Face-Detector "RFB-320" family (SSD-style anchors with the ' +
      'box decoding inside the graph). Input 1x3x240x320, BGR, (v - 127) / 128. Outputs `scores` 1x4420x2 ' +
      '(softmax, index 1 = face) and `boxes` 1x4420x4 (x1, y1, x2, y2 normalised to the input).',
  },
  landmarks: {
    id: 'faceplugin-fr_landmark',
    file: 'faceplugin-fr_landmark.onnx',
    sha256: 'f10b0ba1d2a8a099adefede1ebf3733e44fe370715e7303dbeb7f59c02142258',
    licence: 'MIT',
    source: `${FACEPLUGIN_SOURCE}fr_landmark.onnx`,
    description:
      '68-point facial landmark regressor (iBUG 300-W point order). Input 1x1x64x64 grey, v / 256, of the square ' +
      'detector box. Output 1x136: (x, y) pairs normalised to the crop.',
  },
  embedding: {
    id: 'faceplugin-fr_feature',
    file: 'faceplugin-fr_feature.onnx',
    sha256: '87aacdfe57510db2af90c0251df680e8eec88f122ee94712121d09bcaaaf3581',
    licence: 'MIT',
    source: `${FACEPLUGIN_SOURCE}fr_feature.onnx`,
    description:
      'Face recognition embedding network. Input 1x3x112x112, BGR, (v - 127) / 128, a face aligned by a ' +
      'similarity transform to the ArcFace 5-point template. Output 1x512, compared by cosine similarity.',
  },
  liveness: {
    id: 'faceplugin-fr_liveness',
    file: 'faceplugin-fr_liveness.onnx',
    sha256: 'afa783b7e902fdfcf323a7240cac2a1c580c25314ea4161129dc1b0d100dc32d',
    licence: 'MIT',
    source: `${FACEPLUGIN_SOURCE}fr_liveness.onnx`,
    description:
      'Passive (single-image) presentation attack detector of the MiniFASNet kind (Silent-Face-Anti-Spoofing crop ' +
      'convention: the detector box enlarged 2.7x, kept inside the image). Input 1x3x128x128, BGR, raw 0-255. ' +
      'Output 1x3 logits; softmax index 0 = live (indices 1 and 2 = attack classes).',
  },
} as const satisfies Record<string, ModelFile>;

/** Role of a model in {@link FACE_MODELS}. */
export type FaceModelRole = keyof typeof FACE_MODELS;
