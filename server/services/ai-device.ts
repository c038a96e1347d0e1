// The device the pose model runs on. tfjs-backend-wasm runs on the CPU in this build.
import os from 'node:os';

export function aiDevice(): string {
  return `cpu (tfjs-wasm, ${os.cpus().length} cores)`;
}
