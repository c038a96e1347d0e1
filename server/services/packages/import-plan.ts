// What an import does with one package video, decided the same way for a dry run and a real run: the
// target is the live video at target_root/rel_path; reviewed and labelled videos are never changed, a video
// being processed is left alone, and an annotated video is skipped (skip_existing) or replaced (overwrite);
// a video with fewer frames here than the package's tracks reach is skipped.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db, Tx } from '../../db/connect';
import { findLiveVideoByPath, hasAnnotations } from '../../repositories/package-import';
import type { VideoRow } from '../../repositories/videos';
import type { CheckedPackageVideo } from './package-video-check';

export type ImportMode = 'skip_existing' | 'overwrite';
export interface ImportSettings {
  targetRoot: string;
  mode: ImportMode;
  validateFiles: boolean;
}

export type VideoDecision =
  { action: 'import'; video: VideoRow; replace: boolean } | { action: 'skip'; warning: string };

/** Statuses whose annotations a person has signed off: an import never changes them. */
const PROTECTED = new Set(['reviewed', 'labelled']);

export async function decideVideo(
  db: Db | Tx,
  { video: pkg, lastFrame }: CheckedPackageVideo,
  s: ImportSettings,
): Promise<VideoDecision> {
  const target = path.join(s.targetRoot, ...pkg.rel_path.split('/'));
  const video = await findLiveVideoByPath(db, target);
  if (!video) return { action: 'skip', warning: `${pkg.rel_path}: no video at ${target} in this environment` };
  if (s.validateFiles) {
    const st = await fs.stat(target).catch(() => null);
    if (!st?.isFile()) return { action: 'skip', warning: `${pkg.rel_path}: file not found at ${target}` };
  }
  if (PROTECTED.has(video.processingStatus)) {
    return { action: 'skip', warning: `${pkg.rel_path}: not overwritten, the video is ${video.processingStatus}` };
  }
  if (video.processingStatus === 'processing')
    return { action: 'skip', warning: `${pkg.rel_path}: skipped, the video is being processed` };
  const annotated = await hasAnnotations(db, video.id);
  if (annotated && s.mode === 'skip_existing')
    return { action: 'skip', warning: `${pkg.rel_path}: skipped, it already has annotations` };
  // the package's frames were checked against its own frame count; this copy of the video may be shorter
  if (video.totalFrames > 0 && lastFrame >= video.totalFrames) {
    return {
      action: 'skip',
      warning: `${pkg.rel_path}: skipped, its tracks reach frame ${lastFrame} but the video here has ${video.totalFrames} frames`,
    };
  }
  return { action: 'import', video, replace: annotated };
}
