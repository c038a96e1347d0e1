// Where an import's files are parsed and checked: a large file (OFF_THREAD_BYTES and up) in a worker
// thread, so a 200,000-row import never holds the server's event loop (JSON parsing, the format's decoder,
// the import rules and the columns happen there; the request's thread only moves bytes and typed arrays);
// a small one in the request's own thread, where it costs less than starting a worker. One parser per
// import: its worker starts with the first large file and ends with close().
import { Worker } from 'node:worker_threads';
import type { FormatName, FormatVideo } from '../../../domain/formats';
import { checkPackageVideo, PackageError, type CheckedPackageVideo } from '../packages/package-video-check';
import { decodeInterchangeFile, ImportRefusal, type DecodedInterchange } from '../formats/interchange-decode';
import type { ImportCheckReply, ImportCheckRequest } from './import-check-protocol';

/** Files from this size on are checked off the event loop (a 1 MB file takes about 10 ms in-line). */
export const OFF_THREAD_BYTES = 1024 * 1024;
/**
 * The checker's heap at most: a hostile or oversized file ends in a refusal of that file, not in the
 * server's own memory running out.
 */
const WORKER_HEAP_MB = 3072;

/** The checker's thread ended before it answered (out of its memory, or killed): the file was not checked. */
export class CheckerStopped extends Error {}

type Request = ImportCheckRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The bytes as a buffer of their own, so that they move to the worker instead of being copied. */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const own =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return own ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

export class ImportParser {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;

  /** One package video, checked; its rows as columns only `withRows`. */
  async checkPackageVideo(
    file: { path: string; sha256: string },
    bytes: Uint8Array,
    withRows: boolean,
  ): Promise<CheckedPackageVideo> {
    if (bytes.byteLength < OFF_THREAD_BYTES) return checkPackageVideo(file, bytes, withRows);
    return this.offThread({
      job: 'package-video',
      file,
      bytes: ownBuffer(bytes),
      withRows,
    }) as Promise<CheckedPackageVideo>;
  }

  /** An interchange file, decoded and checked (ImportRefusal when it breaks a rule). */
  async decodeInterchange(format: FormatName, bytes: Uint8Array, video: FormatVideo): Promise<DecodedInterchange> {
    if (bytes.byteLength < OFF_THREAD_BYTES) return decodeInterchangeFile(format, bytes, video);
    return this.offThread({
      job: 'interchange',
      format,
      video,
      bytes: ownBuffer(bytes),
    }) as Promise<DecodedInterchange>;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private offThread(request: Request): Promise<unknown> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id }, [request.bytes.buffer as ArrayBuffer]);
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./import-check-worker-boot.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.on('message', (m: ImportCheckReply) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.ok) p?.resolve(m.result);
      else
        p?.reject(
          m.error === 'package'
            ? new PackageError(m.message)
            : m.error === 'refusal'
              ? new ImportRefusal(m.message)
              : new Error(m.message),
        );
    });
    const fail = (e: Error) => {
      if (this.worker === worker) this.worker = null;
      const stopped = new CheckerStopped(`The file could not be checked: its checker stopped (${e.message})`);
      for (const p of this.pending.values()) p.reject(stopped);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    this.worker = worker;
    return worker;
  }
}
