// worker_threads entry: the pose graphs on tfjs-backend-wasm, one set per thread (wasm runs single-threaded
// in Node, so parallelism comes from one worker per core). Loads the models from the cached files through a
// custom IOHandler — no network. Per frame it answers rows of POSE_ROW floats in MoveNet MultiPose's
// layout plus an appearance histogram per row (pose-rows.ts): from MultiPose directly ('multipose'), or
// from the CenterNet person detector followed by SinglePose Thunder on a crop per person ('topdown').
// Crop tracking (crop-tracking.ts) asks for the two halves separately: 'detect' answers person boxes,
// 'crop' runs SinglePose Lightning or Thunder on one square crop cut from a region of the frame, and 'flow'
// follows people over the frames between model passes by optical flow (optical-flow.ts). The messages
// and the row layout are in pose-protocol.ts, shared with the pool.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import {
  MULTIPOSE_ROWS,
  POSE_ROW,
  type CropSquare,
  type GraphFiles,
  type ModelPaths,
  type PoseWorkerReply,
  type PoseWorkerRequest,
  type SinglePoseModel,
} from './pose-protocol';
import { appendAppearance } from './pose-rows';
import { detectPeople, detectPeopleStacked, singlePoseOnCrop, topDownRows } from './topdown';
import { followByFlow, loadOpenCv } from './optical-flow';

const require = createRequire(import.meta.url);
let graphs: { multipose: GraphModel; detector: GraphModel; single: GraphModel; light: GraphModel } | null = null;

function fileIOHandler(files: GraphFiles): tf.io.IOHandler {
  return {
    async load() {
      const json = JSON.parse(fs.readFileSync(files.json, 'utf8')) as {
        modelTopology: object;
        format?: string;
        generatedBy?: string;
        convertedBy?: string;
        signature?: object;
        weightsManifest: Array<{ weights: tf.io.WeightsManifestEntry[] }>;
      };
      const bin = fs.readFileSync(files.bin);
      return {
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy ?? undefined,
        signature: json.signature,
        weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
        weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
      };
    },
  };
}

async function init(model: ModelPaths, flow: boolean): Promise<string> {
  // OpenCV's WebAssembly takes about half a second to compile: done here, beside the models, it is off the
  // path of the first job's first flow segment (which the other worker would wait for)
  const opencv = flow ? loadOpenCv() : null;
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  setWasmPaths(wasmDir + path.sep);
  // the threaded build needs SharedArrayBuffer workers of its own; one plain SIMD instance per thread is what scales here
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend failed to initialise');
  await tf.ready();
  const [multipose, detector, single, light] = await Promise.all(
    [model, model.detector, model.single, model.light].map((f) => loadGraphModel(fileIOHandler(f))),
  );
  graphs = { multipose, detector, single, light };
  await opencv;
  return tf.getBackend();
}

async function detect(rgb: Uint8Array, width: number, height: number): Promise<Float32Array> {
  if (!graphs) throw new Error('pose model not initialised');
  const frame = tf.tensor3d(Int32Array.from(rgb), [height, width, 3], 'int32');
  try {
    return Float32Array.from(
      (await detectPeople(graphs.detector, frame)).flatMap((p) => [p.x1, p.y1, p.x2, p.y2, p.score]),
    );
  } finally {
    frame.dispose();
  }
}

async function detectStacked(rgb: Uint8Array, width: number, height: number, count: number): Promise<Float32Array> {
  if (!graphs) throw new Error('pose model not initialised');
  const size = width * height * 3;
  const frames = Array.from({ length: count }, (_, i) =>
    tf.tensor3d(Int32Array.from(rgb.subarray(i * size, (i + 1) * size)), [height, width, 3], 'int32'),
  );
  try {
    const found = await detectPeopleStacked(graphs.detector, frames);
    return Float32Array.from([
      ...found.map((f) => f.length),
      ...found.flatMap((f) => f.flatMap((p) => [p.x1, p.y1, p.x2, p.y2, p.score])),
    ]);
  } finally {
    tf.dispose(frames);
  }
}

async function crop(
  rgb: Uint8Array,
  width: number,
  height: number,
  square: CropSquare,
  model: SinglePoseModel,
): Promise<Float32Array> {
  if (!graphs) throw new Error('pose model not initialised');
  const region = tf.tensor3d(Int32Array.from(rgb), [height, width, 3], 'int32');
  try {
    return await singlePoseOnCrop(model === 'lightning' ? graphs.light : graphs.single, model, region, square);
  } finally {
    region.dispose();
  }
}

function run(msg: Exclude<PoseWorkerRequest, { type: 'init' }>): Promise<Float32Array> {
  if (msg.type === 'detect') return detect(msg.rgb, msg.width, msg.height);
  if (msg.type === 'detect-stacked') return detectStacked(msg.rgb, msg.width, msg.height, msg.count);
  if (msg.type === 'crop') return crop(msg.rgb, msg.width, msg.height, msg.crop, msg.model);
  if (msg.type === 'flow') return followByFlow(msg.rgb, msg.count, msg.width, msg.height, msg.start);
  return infer(msg.rgb, msg.width, msg.height, msg.mode);
}

async function infer(
  rgb: Uint8Array,
  width: number,
  height: number,
  mode: 'multipose' | 'topdown',
): Promise<Float32Array> {
  if (!graphs) throw new Error('pose model not initialised');
  const frame = tf.tensor3d(Int32Array.from(rgb), [height, width, 3], 'int32');
  try {
    let rows: Float32Array;
    if (mode === 'topdown') {
      const people = await detectPeople(graphs.detector, frame);
      rows = await topDownRows(graphs.single, frame, people);
    } else {
      const input = tf.expandDims(frame, 0);
      const out = graphs.multipose.execute(input) as tf.Tensor;
      rows = (await out.data()).slice(0, MULTIPOSE_ROWS * POSE_ROW) as Float32Array;
      tf.dispose([input, out]);
    }
    return appendAppearance(rows, rgb, width, height);
  } finally {
    frame.dispose();
  }
}

/** Requests run one after the other, in the order they came: the pool may hand over the next while one runs. */
let working: Promise<void> = Promise.resolve();

/** Runs one request and posts its answer or its error; never rejects, so the chain above never stops. */
async function answer(msg: Exclude<PoseWorkerRequest, { type: 'init' }>): Promise<void> {
  const t0 = performance.now();
  try {
    const output = await run(msg);
    parentPort!.postMessage(
      { type: 'result', id: msg.id, output, ms: performance.now() - t0 } satisfies PoseWorkerReply,
      [output.buffer as ArrayBuffer],
    );
  } catch (e) {
    parentPort!.postMessage({ type: 'error', id: msg.id, message: (e as Error).message } satisfies PoseWorkerReply);
  }
}

parentPort?.on('message', (msg: PoseWorkerRequest) => {
  if (msg.type === 'init') {
    init(msg.model, msg.flow).then(
      (backend) => parentPort!.postMessage({ type: 'ready', backend, flow: msg.flow } satisfies PoseWorkerReply),
      (e: Error) =>
        parentPort!.postMessage({
          type: 'error',
          message: `pose model load failed: ${e.message}`,
        } satisfies PoseWorkerReply),
    );
  } else {
    working = working.then(() => answer(msg));
  }
});
