/**
 * One vision engine (issue 15): @vladmandic/human on the tfjs WASM backend, fully offline. It finds
 * faces, their head pose (from the face mesh) and expression scores in one camera frame. It never
 * identifies anyone: face description (the embedding model) is off, and nothing but numbers leaves it.
 *
 * WASM runs one detect on one core, so a process scales with worker threads (vision-pool.ts), each
 * holding its own engine. Loading takes 0.5–2 s and the first detect 1–1.7 s (RECIPES, Vision): build
 * an engine once per thread and keep it.
 */
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Tfjs from '@tensorflow/tfjs';
import type { Config, Human, FaceResult, Tensor } from '@vladmandic/human';
import { loadImage, createCanvas } from '@napi-rs/canvas';

/** Human's expression labels, as the emotion model reports them. */
export const HUMAN_EMOTIONS = ['angry', 'disgust', 'fear', 'happy', 'sad', 'surprise', 'neutral'] as const;
export type HumanEmotion = (typeof HUMAN_EMOTIONS)[number];

export type FaceObservation = {
  /** x, y, width, height as fractions (0..1) of the frame. */
  box: [number, number, number, number];
  /** The face detector's score (0..1). */
  score: number;
  /** Head pose in degrees, null when the mesh could not fit the face. */
  pose: { pitch: number; yaw: number; roll: number } | null;
  /** Expression scores (0..1) per label; empty when the emotion model did not run on this face. */
  expressions: Partial<Record<HumanEmotion, number>>;
};

export type FrameObservation = {
  width: number;
  height: number;
  faces: FaceObservation[];
  /** People found by the body model (teacher camera); absent unless the engine was made with `persons`. */
  persons?: { score: number; box: [number, number, number, number] }[];
  /**
   * Elapsed ms of decoding and detection. A detect is single-threaded, busy WASM work on the calling
   * thread, so on a free core this is its CPU time; on a contended core it is an upper bound.
   */
  ms: number;
};

export type VisionEngine = {
  /** Faces of one JPEG or PNG frame. One call at a time per thread gives the figures of RECIPES. */
  analyse(image: Buffer): Promise<FrameObservation>;
  /** Refuses further frames. The models stay loaded until the thread ends (see sharedHuman). */
  close(): Promise<void>;
};

export type VisionEngineOptions = {
  /** Most faces reported per frame (a lecture hall holds more than Human's default of 1). */
  maxFaces?: number;
  /** Faces below this detector score are dropped by Human itself. */
  minScore?: number;
  /** Skip the mesh (no head pose) and the emotion model: about half the time per frame (RECIPES). */
  detectOnly?: boolean;
  /**
   * Also look for one person's body (movenet-lightning, shipped with Human): for the teacher camera,
   * where the teacher may face the board. One person at most: multi-person needs another package.
   */
  persons?: boolean;
};

type HumanModule = { Human: new (config?: Partial<Config>) => Human };

const require = createRequire(import.meta.url);
const humanDir = path.dirname(require.resolve('@vladmandic/human'));
// The package's exports map refuses the node-wasm build by name (ERR_PACKAGE_PATH_NOT_EXPORTED, RECIPES).
const HUMAN_NODE_WASM = path.join(humanDir, 'human.node-wasm.js');
const MODELS_DIR = path.join(humanDir, '..', 'models');
const WASM_DIR = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), path.sep);
/** A screenshot shipped with Human that shows five faces. */
const WARMUP_IMAGE = path.join(humanDir, '..', 'assets', 'screenshot-facedetect.jpg');
/**
 * Human loads models with the global fetch, and Node 20's fetch has no file://. Models are asked for
 * under this origin and answered from the package's folder by a shim (withModelFetch); `.invalid` can
 * never resolve, so a request that slipped past the shim would fail rather than reach a network.
 */
const MODEL_ORIGIN = 'http://hxk-human-models.invalid/';

/** Serves MODEL_ORIGIN from MODELS_DIR while `load` runs; every other request goes to the real fetch. */
async function withModelFetch<T>(load: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  const shim: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(MODEL_ORIGIN)) return realFetch(input, init);
    const name = decodeURIComponent(url.slice(MODEL_ORIGIN.length).split(/[?#]/)[0] ?? '');
    // Only plain file names of the models folder: no path segments, no escaping it.
    if (!/^[\w.-]+\.(json|bin)$/.test(name)) return new Response('not found', { status: 404 });
    try {
      const body = await fsp.readFile(path.join(MODELS_DIR, name));
      const type = name.endsWith('.json') ? 'application/json' : 'application/octet-stream';
      return new Response(body, { status: 200, headers: { 'content-type': type } });
    } catch {
      return new Response('not found', { status: 404 });
    }
  };
  globalThis.fetch = shim;
  try {
    return await load();
  } finally {
    if (globalThis.fetch === shim) globalThis.fetch = realFetch;
  }
}

function humanConfig(opts: VisionEngineOptions): Partial<Config> {
  const full = !opts.detectOnly;
  return {
    backend: 'wasm',
    wasmPath: WASM_DIR,
    wasmPlatformFetch: false,
    modelBasePath: MODEL_ORIGIN,
    debug: false,
    async: false,
    warmup: 'none',
    cacheModels: false,
    // Frames are independent samples, not a video: never reuse a previous frame's boxes.
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: {
        enabled: true,
        rotation: false,
        maxDetected: opts.maxFaces ?? 60,
        minConfidence: opts.minScore ?? 0.3,
        skipFrames: 0,
        skipTime: 0,
        return: false,
      },
      mesh: { enabled: full },
      attention: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: full, skipFrames: 0, skipTime: 0 },
      // No embedding, no age or gender: nobody is identified or profiled.
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      gear: { enabled: false },
    },
    body: { enabled: opts.persons === true, modelPath: 'movenet-lightning.json', maxDetected: 1, minConfidence: 0.2, skipFrames: 0, skipTime: 0 },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  };
}

const RAD_TO_DEG = 180 / Math.PI;
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

function toObservation(face: FaceResult): FaceObservation {
  const [x, y, w, h] = face.boxRaw;
  const x0 = clamp01(x);
  const y0 = clamp01(y);
  const angle = face.rotation?.angle;
  const pose =
    angle && [angle.pitch, angle.yaw, angle.roll].every(Number.isFinite)
      ? { pitch: angle.pitch * RAD_TO_DEG, yaw: angle.yaw * RAD_TO_DEG, roll: angle.roll * RAD_TO_DEG }
      : null;
  const expressions: Partial<Record<HumanEmotion, number>> = {};
  for (const e of face.emotion ?? []) expressions[e.emotion] = e.score;
  return {
    box: [x0, y0, clamp01(x + w) - x0, clamp01(y + h) - y0],
    score: face.boxScore,
    pose,
    expressions,
  };
}

/**
 * Human keeps its models in module state shared by every instance, and resetting the tfjs engine
 * would pull the weights from under another instance. So one Human per thread, loaded on first use and
 * kept for the thread's life (a pool's worker frees it by exiting); engines differ only by the config
 * they pass to each detect.
 */
let shared: Promise<Human> | undefined;
function sharedHuman(): Promise<Human> {
  shared ??= (async () => {
    const { Human: HumanClass } = require(HUMAN_NODE_WASM) as HumanModule;
    const human = new HumanClass(humanConfig({}));
    await withModelFetch(() => human.init());
    return human;
  })();
  shared.catch(() => (shared = undefined));
  return shared;
}

/** Loads Human with the local models and WASM (once per thread), warms it up, and returns an engine. */
export async function createVisionEngine(opts: VisionEngineOptions = {}): Promise<VisionEngine> {
  const human = await sharedHuman();
  const config = humanConfig(opts);
  // Human types its bundled tfjs as any; it is @tensorflow/tfjs 4.22 (the package's peer).
  const tf = human.tf as typeof Tfjs;
  // Loads what this config enables and the thread has not loaded yet.
  await withModelFetch(() => human.load(config));
  let closed = false;

  async function analyse(image: Buffer): Promise<FrameObservation> {
    if (closed) throw new Error('vision engine closed');
    const started = performance.now();
    const img = await loadImage(image);
    const { width, height } = img;
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const rgba = ctx.getImageData(0, 0, width, height).data;
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
      rgb[j] = rgba[i]!;
      rgb[j + 1] = rgba[i + 1]!;
      rgb[j + 2] = rgba[i + 2]!;
    }
    const input = tf.tensor4d(rgb, [1, height, width, 3], 'int32');
    try {
      const result = await human.detect(input as unknown as Tensor, config);
      if (result.error) throw new Error(`vision detect failed: ${result.error}`);
      const observation: FrameObservation = { width, height, faces: result.face.map(toObservation), ms: 0 };
      if (opts.persons) {
        observation.persons = result.body.map((b) => {
          const [x, y, w, h] = b.boxRaw;
          return { score: b.score, box: [clamp01(x), clamp01(y), clamp01(w), clamp01(h)] };
        });
      }
      observation.ms = performance.now() - started;
      return observation;
    } finally {
      tf.dispose(input);
    }
  }

  // The first detect compiles and allocates (1–1.7 s): pay it here, not on the first real frame. The
  // picture must hold faces, or the mesh and emotion models would stay cold.
  await analyse(await fsp.readFile(WARMUP_IMAGE));

  return {
    analyse,
    async close() {
      // The models stay with the thread (see sharedHuman); a closed engine only refuses frames.
      closed = true;
    },
  };
}
