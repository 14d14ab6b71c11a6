// Face detection in process: @vladmandic/face-api's tiny face detector and 68-point tiny landmark model, whose
// weights ship inside the npm package, run on TensorFlow.js with the WebAssembly backend (its .wasm files ship
// in @tensorflow/tfjs-backend-wasm). Nothing is downloaded at install or at run time, and no native addon is
// built. Loaded once per process, on first use (or at listen, see routes/photo.ts).
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FaceBox, Pixels } from './measure';

export interface Point {
  x: number;
  y: number;
}

export interface DetectedFace {
  /** The detector's confidence, 0-1. */
  score: number;
  box: FaceBox;
  /** Midpoint between the eyes. */
  eyes: Point;
  /** Angle of the line through the eyes, in degrees (0 is level). */
  roll: number;
  /** The bottom of the chin (landmark 8). */
  chin: Point;
}

export type FaceResult = { checked: true; faces: DetectedFace[] } | { checked: false; reason: string };

export interface FaceDetector {
  detect(pixels: Pixels): Promise<FaceResult>;
}

/** Faces the detector is less sure of than this are not counted. */
export const MIN_FACE_SCORE = 0.5;

// The few parts of face-api and tfjs used here, typed locally so the type check does not load their declarations.
interface Tensor {
  dispose(): void;
}
interface FaceApi {
  tf: {
    setBackend(name: string): Promise<boolean>;
    ready(): Promise<void>;
    getBackend(): string;
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor;
    enableProdMode(): void;
  };
  nets: Record<'tinyFaceDetector' | 'faceLandmark68TinyNet', { loadFromDisk(dir: string): Promise<void> }>;
  TinyFaceDetectorOptions: new (options: { inputSize: number; scoreThreshold: number }) => unknown;
  detectAllFaces(
    input: Tensor,
    options: unknown,
  ): {
    withFaceLandmarks(tiny: boolean): Promise<
      Array<{ detection: { score: number; box: FaceBox }; landmarks: { positions: Point[] } }>
    >;
  };
}

const require = createRequire(import.meta.url);

async function loadFaceApi(): Promise<FaceApi> {
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(prefix: string): void };
  // The backend's .wasm files, read from the package on disk (never fetched).
  wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}${path.sep}`);
  faceapi.tf.enableProdMode();
  if (!(await faceapi.tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WebAssembly backend did not start');
  await faceapi.tf.ready();
  const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.tinyFaceDetector.loadFromDisk(models);
  await faceapi.nets.faceLandmark68TinyNet.loadFromDisk(models);
  return faceapi;
}

/** The tiny face detector at this input size (a multiple of 32): about 0.1 s on one core. */
const INPUT_SIZE = 416;

export class FaceApiDetector implements FaceDetector {
  private loading: Promise<FaceApi> | undefined;

  async detect(pixels: Pixels): Promise<FaceResult> {
    let faceapi: FaceApi;
    try {
      this.loading ??= loadFaceApi();
      faceapi = await this.loading;
    } catch (err) {
      return { checked: false, reason: `The face detector could not start here (${(err as Error).message}).` };
    }
    const tensor = faceapi.tf.tensor3d(pixels.data, [pixels.height, pixels.width, 3], 'int32');
    try {
      const found = await faceapi
        .detectAllFaces(tensor, new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_FACE_SCORE }))
        .withFaceLandmarks(true);
      return {
        checked: true,
        faces: found
          .map(({ detection, landmarks }) => {
            const points = landmarks.positions;
            const mean = (from: number, to: number): Point => {
              const slice = points.slice(from, to + 1);
              return { x: slice.reduce((s, p) => s + p.x, 0) / slice.length, y: slice.reduce((s, p) => s + p.y, 0) / slice.length };
            };
            const left = mean(36, 41);
            const right = mean(42, 47);
            const { x, y, width, height } = detection.box;
            return {
              score: detection.score,
              box: { x, y, width, height },
              eyes: { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2 },
              roll: (Math.atan2(right.y - left.y, right.x - left.x) * 180) / Math.PI,
              chin: points[8] ?? { x: x + width / 2, y: y + height },
            };
          })
          .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height),
      };
    } finally {
      tensor.dispose();
    }
  }
}

/** A detector that never runs: the face requirement is reported as not checked, with the reason. */
export class UnavailableFaceDetector implements FaceDetector {
  constructor(private readonly reason: string) {}

  async detect(): Promise<FaceResult> {
    return { checked: false, reason: this.reason };
  }
}
