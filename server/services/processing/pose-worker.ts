// worker_threads entry: one MoveNet MultiPose Lightning graph on tfjs-backend-wasm per thread (wasm runs
// single-threaded in Node, so parallelism comes from one worker per core). Loads the model from the cached
// files through a custom IOHandler — no network — and answers inference requests with the raw [6, 56] output.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

export type PoseWorkerRequest =
  | { type: 'init'; jsonPath: string; binPath: string }
  | { type: 'infer'; id: number; rgb: Uint8Array; width: number; height: number };
export type PoseWorkerReply =
  | { type: 'ready'; backend: string }
  | { type: 'result'; id: number; output: Float32Array; ms: number }
  | { type: 'error'; id?: number; message: string };

const require = createRequire(import.meta.url);
let model: GraphModel | null = null;

function fileIOHandler(jsonPath: string, binPath: string): tf.io.IOHandler {
  return {
    async load() {
      const json = JSON.parse(fs.readFileSync(jsonPath, 'utf8')) as {
        modelTopology: object; format?: string; generatedBy?: string; convertedBy?: string; signature?: object;
        weightsManifest: Array<{ weights: tf.io.WeightsManifestEntry[] }>;
      };
      const bin = fs.readFileSync(binPath);
      return {
        modelTopology: json.modelTopology, format: json.format, generatedBy: json.generatedBy, convertedBy: json.convertedBy ?? undefined,
        signature: json.signature, weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
        weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
      };
    },
  };
}

async function init(jsonPath: string, binPath: string): Promise<string> {
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  setWasmPaths(wasmDir + path.sep);
  // the threaded build needs SharedArrayBuffer workers of its own; one plain SIMD instance per thread is what scales here
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend failed to initialise');
  await tf.ready();
  model = await loadGraphModel(fileIOHandler(jsonPath, binPath));
  return tf.getBackend();
}

async function infer(rgb: Uint8Array, width: number, height: number): Promise<Float32Array> {
  if (!model) throw new Error('pose model not initialised');
  const input = tf.tensor(Int32Array.from(rgb), [1, height, width, 3], 'int32');
  try {
    const out = model.execute(input) as tf.Tensor;
    const data = (await out.data()) as Float32Array;
    out.dispose();
    return data;
  } finally {
    input.dispose();
  }
}

parentPort?.on('message', (msg: PoseWorkerRequest) => {
  if (msg.type === 'init') {
    init(msg.jsonPath, msg.binPath).then(
      (backend) => parentPort!.postMessage({ type: 'ready', backend } satisfies PoseWorkerReply),
      (e: Error) => parentPort!.postMessage({ type: 'error', message: `pose model load failed: ${e.message}` } satisfies PoseWorkerReply),
    );
  } else if (msg.type === 'infer') {
    const t0 = performance.now();
    infer(msg.rgb, msg.width, msg.height).then(
      (output) => parentPort!.postMessage({ type: 'result', id: msg.id, output, ms: performance.now() - t0 } satisfies PoseWorkerReply, [output.buffer as ArrayBuffer]),
      (e: Error) => parentPort!.postMessage({ type: 'error', id: msg.id, message: e.message } satisfies PoseWorkerReply),
    );
  }
});
