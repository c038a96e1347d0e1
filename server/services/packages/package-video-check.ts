// The checks of one package video file, run where import-parser.ts puts them (a worker thread for a large
// file): its sha256 against the manifest's, JSON of the format, a safe rel_path, and every detection by the
// import rules. What comes back is the video without its tracks, its counts, and, for a real run, its rows
// as columns (no row objects: detection-columns.ts).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ColumnsBuilder, type DetectionColumns } from '../imports/detection-columns';
import { MANIFEST_ENTRY, checkVideoDetections, videoEntrySchema, type PackageVideo } from './package-format';
import { lastIssueFrame } from '../review-issues/package-issues';

export class PackageError extends Error {}

/** A relative path that stays inside the folder it is joined to. */
export function safeRelPath(rel: string): boolean {
  if (!rel || rel.includes('\0') || rel.includes('\\') || path.posix.isAbsolute(rel) || /^[A-Za-z]:/.test(rel))
    return false;
  return !rel.split('/').some((seg) => seg === '..' || seg === '');
}

/** `buf` as JSON checked by `check`; a PackageError naming the entry and the first problems otherwise. */
export function parseEntry<T>(name: string, buf: Uint8Array, check: (json: unknown) => T): T {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString('utf8'));
  } catch (e) {
    throw new PackageError(`${name}: not valid JSON (${(e as Error).message})`);
  }
  try {
    return check(json);
  } catch (e) {
    const issues = (e as { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues;
    throw new PackageError(
      `${name}: ${
        issues
          ? issues
              .slice(0, 3)
              .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
              .join('; ')
          : (e as Error).message
      }`,
    );
  }
}

/** A package video without its tracks, with what an import needs to know of them. */
export interface CheckedPackageVideo {
  video: Omit<PackageVideo, 'tracks'>;
  trackCount: number;
  rowCount: number;
  /** The last frame any track or review issue reaches (-1 without either). */
  lastFrame: number;
  /** The rows, when asked for (a real run writes them; a dry run and the request's check do not). */
  rows: DetectionColumns | null;
}

export function checkPackageVideo(
  file: { path: string; sha256: string },
  buf: Uint8Array,
  withRows: boolean,
): CheckedPackageVideo {
  if (createHash('sha256').update(buf).digest('hex') !== file.sha256)
    throw new PackageError(`${file.path}: its sha256 differs from ${MANIFEST_ENTRY}`);
  return parseEntry(file.path, buf, (j) => {
    const { tracks, ...video } = videoEntrySchema.parse(j);
    if (!safeRelPath(video.rel_path)) throw new Error(`rel_path '${video.rel_path}' is not a safe relative path`);
    const rowCount = tracks.reduce((n, t) => n + t.frames.length, 0);
    const builder = withRows ? new ColumnsBuilder(rowCount) : null;
    let lastFrame = -1;
    checkVideoDetections({ tracks, probe: video.probe, review_issues: video.review_issues }, (trackId, row) => {
      if (row.frame > lastFrame) lastFrame = row.frame;
      builder?.push({ ...row, trackId });
    });
    // a review issue pinned to a frame needs that frame in the target video too
    lastFrame = Math.max(lastFrame, lastIssueFrame(video.review_issues));
    return { video, trackCount: tracks.length, rowCount, lastFrame, rows: builder?.finish() ?? null };
  });
}
