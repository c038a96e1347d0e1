// One uploaded file: streamed to a temporary file in temp_root (never held in memory, cut off at the
// size limit), probed with ffprobe, moved into upload_root under a safe unique name and ingested as a
// pending video of the 'Uploads' source. Whatever goes wrong, nothing is left behind: no temporary file,
// no half-written file in upload_root, no row.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../db/connect';
import { Invalid, TooLarge, UnsupportedMedia } from '../../domain-errors';
import { insertSourceIfAbsent } from '../../repositories/sources';
import { insertUploadedVideo, videoPathTaken } from '../../repositories/uploads';
import type { VideoRow } from '../../repositories/videos';
import { normaliseRoot, VIDEO_EXTENSIONS } from '../ingest';
import type { MediaService, ProbeResult } from '../../media/media-service';
import { readRootConfig } from '../storage/root-config';
import { candidateName, safeUploadName } from './safe-filename';
import { identityOf } from '../video-file';

export const UPLOAD_SOURCE_LABEL = 'Uploads';

export interface UploadContext {
  db: Db;
  media: MediaService;
  dataDir: string;
  maxUploadBytes: number;
}
/** The file part of a multipart request: busboy marks `truncated` when it cut the file at the limit. */
export interface UploadPart {
  filename: string;
  file: Readable & { truncated?: boolean };
}

/** The 413 text for a limit of `bytes`. */
export const uploadLimitText = (bytes: number) =>
  `File is larger than the upload limit of ${Math.round(bytes / (1024 * 1024))} MB`;
const removeQuietly = (p: string) => fsp.rm(p, { force: true }).catch(() => undefined);

/** Streams the part to `tmp`; throws TooLarge the moment the limit is passed (busboy would otherwise
 * keep reading the rest of the part before ending the stream). The caller removes `tmp` on any error. */
async function streamToTemp(part: UploadPart, tmp: string, limit: number): Promise<number> {
  const tooLarge = () => new TooLarge(uploadLimitText(limit));
  const out = fs.createWriteStream(tmp, { flags: 'wx' });
  let onLimit = () => {};
  const overLimit = new Promise<never>((_, reject) => {
    onLimit = () => reject(tooLarge());
  });
  part.file.once('limit', onLimit);
  const written = pipeline(part.file, out);
  try {
    await Promise.race([written, overLimit]);
  } catch (e) {
    written.catch(() => undefined);
    out.destroy(); // stops the pipeline; the file stream is destroyed with it
    if (!out.closed) await once(out, 'close').catch(() => undefined); // a late open must not recreate tmp after it is removed
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw e;
  } finally {
    part.file.off('limit', onLimit);
  }
  if (part.file.truncated) throw tooLarge();
  return (await fsp.stat(tmp)).size;
}

async function probeVideo(media: MediaService, tmp: string, shownName: string): Promise<ProbeResult> {
  let meta: ProbeResult;
  try {
    meta = await media.probe(tmp);
  } catch (e) {
    // the message names the temporary path, which means nothing to the user: keep only the reason
    const reason = (e as Error).message.split(': ').pop() ?? 'unreadable';
    throw new UnsupportedMedia(`${shownName} is not a readable video (${reason})`);
  }
  if (!(meta.duration > 0) || meta.totalFrames < 2)
    throw new UnsupportedMedia(`${shownName} is not a video (no frames over time)`);
  return meta;
}

/** Links `tmp` into `dir` under the first free candidate name (a link never replaces an existing file,
 * so two uploads of 'clip.mp4' at once get 'clip.mp4' and 'clip (1).mp4'). Falls back to a copy into a
 * hidden file of `dir` when the folders are on different file systems. */
async function placeUnique(db: Db, tmp: string, dir: string, name: { base: string; ext: string }): Promise<string> {
  let source = tmp;
  let staged: string | null = null;
  try {
    for (let n = 0; n < 10_000; n++) {
      const dest = path.join(dir, candidateName(name, n));
      if (await videoPathTaken(db, dest)) continue; // a row of a file that went missing keeps its name
      try {
        await fsp.link(source, dest);
        return dest;
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === 'EEXIST') continue;
        if ((code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP') && !staged) {
          staged = path.join(dir, `.upload-${randomUUID()}.part`); // hidden: scans skip dot files
          await fsp.copyFile(tmp, staged, fs.constants.COPYFILE_EXCL);
          source = staged;
          n--;
          continue;
        }
        throw e;
      }
    }
    throw new Invalid('Too many files with this name in the upload folder');
  } finally {
    if (staged) await removeQuietly(staged);
  }
}

/** The safe name of a client's file name, or UnsupportedMedia when it is not a video file name. */
export function checkUploadName(clientName: string): { base: string; ext: string } {
  const name = safeUploadName(clientName);
  if (!VIDEO_EXTENSIONS.has(name.ext)) {
    throw new UnsupportedMedia(
      `${candidateName(name, 0)} is not a supported video file (${[...VIDEO_EXTENSIONS].join(', ')})`,
    );
  }
  return name;
}

/** The working folders, created when missing. */
export async function uploadFolders(ctx: UploadContext): Promise<{ tempDir: string; uploadDir: string }> {
  const roots = await readRootConfig(ctx.db, ctx.dataDir);
  const tempDir = normaliseRoot(roots.temp_root);
  const uploadDir = normaliseRoot(roots.upload_root);
  await fsp.mkdir(tempDir, { recursive: true });
  await fsp.mkdir(uploadDir, { recursive: true });
  return { tempDir, uploadDir };
}

/** A complete file in temp_root becomes a library video: probed, placed in upload_root, ingested. The
 * temporary file is gone afterwards whatever happens; on failure nothing is left in upload_root either. */
export async function ingestTempFile(
  ctx: UploadContext,
  tmp: string,
  clientName: string,
  uploadedBy: string,
): Promise<VideoRow> {
  let placed: string | null = null;
  try {
    const name = checkUploadName(clientName);
    const { uploadDir } = await uploadFolders(ctx);
    const meta = await probeVideo(ctx.media, tmp, candidateName(name, 0));
    placed = await placeUnique(ctx.db, tmp, uploadDir, name);
    await removeQuietly(tmp);
    await insertSourceIfAbsent(ctx.db, uploadDir, UPLOAD_SOURCE_LABEL);
    // the placed file's identity, so a purge can later tell it is still this file
    const st = await fsp.stat(placed, { bigint: true });
    const filename = path.basename(placed);
    return await insertUploadedVideo(
      ctx.db,
      {
        filename,
        path: placed,
        relPath: filename,
        sourceRoot: uploadDir,
        ...identityOf(st),
        duration: meta.duration,
        width: meta.width,
        height: meta.height,
        fps: meta.fps,
        fpsNum: meta.fpsNum,
        fpsDen: meta.fpsDen,
        totalFrames: meta.totalFrames,
        codec: meta.codec,
      },
      `uploaded by ${uploadedBy} as ${JSON.stringify(clientName)}`,
    );
  } catch (e) {
    await removeQuietly(tmp);
    if (placed) await removeQuietly(placed);
    throw e;
  }
}

/** One multipart file part: streamed to temp_root under the size limit, then ingested. */
export async function receiveUpload(ctx: UploadContext, part: UploadPart, uploadedBy: string): Promise<VideoRow> {
  try {
    checkUploadName(part.filename ?? '');
  } catch (e) {
    part.file.resume(); // read the rest of the body to nowhere, so the client gets the answer
    throw e;
  }
  const { tempDir } = await uploadFolders(ctx);
  const tmp = path.join(tempDir, `upload-${randomUUID()}.part`);
  try {
    await streamToTemp(part, tmp, ctx.maxUploadBytes);
  } catch (e) {
    await removeQuietly(tmp);
    throw e;
  }
  return ingestTempFile(ctx, tmp, part.filename ?? '', uploadedBy);
}
