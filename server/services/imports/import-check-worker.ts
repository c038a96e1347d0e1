// worker_threads entry: checks an imported file (a package video, an interchange file) away from the
// server's event loop and hands the rows back as columns, their buffers transferred, not copied.
import { parentPort } from 'node:worker_threads';
import { checkPackageVideo, PackageError } from '../packages/package-video-check';
import { decodeInterchangeFile, ImportRefusal } from '../formats/interchange-decode';
import { columnBuffers, type DetectionColumns } from './detection-columns';
import type { ImportCheckReply, ImportCheckRequest } from './import-check-protocol';

function run(m: ImportCheckRequest): { result: unknown; rows: DetectionColumns | null } {
  if (m.job === 'package-video') {
    const result = checkPackageVideo(m.file, m.bytes, m.withRows);
    return { result, rows: result.rows };
  }
  const result = decodeInterchangeFile(m.format, m.bytes, m.video);
  return { result, rows: result.rows };
}

parentPort!.on('message', (m: ImportCheckRequest) => {
  let reply: ImportCheckReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const { result, rows } = run(m);
    reply = { id: m.id, ok: true, result };
    if (rows) transfer = columnBuffers(rows);
  } catch (e) {
    const error = e instanceof PackageError ? 'package' : e instanceof ImportRefusal ? 'refusal' : 'other';
    reply = { id: m.id, ok: false, error, message: (e as Error).message };
  }
  parentPort!.postMessage(reply, transfer);
});
