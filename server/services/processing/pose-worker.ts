// worker_threads entry: the pose graphs on tfjs-backend-wasm, one set per thread (wasm runs single-threaded
// in Node, so parallelism comes from one worker per core). Loads the models from the cached files through a
// custom IOHandler — no network. Per frame it answers rows of POSE_ROW floats in MoveNet MultiPose's
// layout plus an appearance histogram per row (pose-rows.ts): from MultiPose directly ('multipose'), or
// from the CenterNet person detector followed by SinglePose Thunder on a crop per person ('topdown').
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import type { GraphFiles, ModelPaths } from './model-fetch';
import { appendAppearance, MULTIPOSE_ROWS, POSE_ROW } from './pose-rows';
import { detectPeople, topDownRows } from './topdown';

export type PoseModelName = 'multipose' | 'topdown';
export type PoseWorkerRequest =
  | { type: 'init'; model: ModelPaths }
  | { type: 'infer'; id: number; rgb: Uint8Array; width: number; height: number; mode: PoseModelName };
export type PoseWorkerReply =
  | { type: 'ready'; backend: string }
  | { type: 'result'; id: number; output: Float32Array; ms: number }
  | { type: 'error'; id?: number; message: string };

const require = createRequire(import.meta.url);
let graphs: { multipose: GraphModel; detector: GraphModel; single: GraphModel } | null = null;

function fileIOHandler(files: GraphFiles): tf.io.IOHandler {
  return {
    async load() {
      const json = JSON.parse(fs.readFileSync(files.json, 'utf8')) as {
        modelTopology: object; format?: string; generatedBy?: string; convertedBy?: string; signature?: object;
        weightsManifest: Array<{ weights: tf.io.WeightsManifestEntry[] }>;
      };
      const bin = fs.readFileSync(files.bin);
      return {
        modelTopology: json.modelTopology, format: json.format, generatedBy: json.generatedBy, convertedBy: json.convertedBy ?? undefined,
        signature: json.signature, weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
        weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
      };
    },
  };
}

async function init(model: ModelPaths): Promise<string> {
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  setWasmPaths(wasmDir + path.sep);
  // the threaded build needs SharedArrayBuffer workers of its own; one plain SIMD instance per thread is what scales here
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend failed to initialise');
  await tf.ready();
  const [multipose, detector, single] = await Promise.all([model, model.detector, model.single].map((f) => loadGraphModel(fileIOHandler(f))));
  graphs = { multipose, detector, single };
  return tf.getBackend();
}

async function infer(rgb: Uint8Array, width: number, height: number, mode: PoseModelName): Promise<Float32Array> {
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

parentPort?.on('message', (msg: PoseWorkerRequest) => {
  if (msg.type === 'init') {
    init(msg.model).then(
      (backend) => parentPort!.postMessage({ type: 'ready', backend } satisfies PoseWorkerReply),
      (e: Error) => parentPort!.postMessage({ type: 'error', message: `pose model load failed: ${e.message}` } satisfies PoseWorkerReply),
    );
  } else if (msg.type === 'infer') {
    const t0 = performance.now();
    infer(msg.rgb, msg.width, msg.height, msg.mode).then(
      (output) => parentPort!.postMessage({ type: 'result', id: msg.id, output, ms: performance.now() - t0 } satisfies PoseWorkerReply, [output.buffer as ArrayBuffer]),
      (e: Error) => parentPort!.postMessage({ type: 'error', id: msg.id, message: e.message } satisfies PoseWorkerReply),
    );
  }
});
