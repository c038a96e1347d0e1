// The render job: claims its queued render, draws the saved annotations (human corrections included)
// onto every frame, writes the video to a temporary file beside the artifact and renames it into place,
// then records it and deletes the previous artifact. A failure or a server stop leaves the previous
// artifact and marks the render failed, so nothing stays "running". Its job_progress row (the shared view
// of long jobs) follows it: begun here, reported on per frame, ended done, failed or cancelled; a cancel
// aborts the reporter's signal, which kills both ffmpeg processes and stops the draw loop.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/connect';
import { findVideo } from '../../repositories/processing-results';
import { failRender, finishRender, startRender, touchRender } from '../../repositories/renders';
import { withdrawQueuedJob } from '../job-cancel';
import { beginJob, finishJob, ProgressReporter, readJob, startJob } from '../job-progress';
import { appendProcessingLog as appendLog } from '../../repositories/status';
import { readRootConfig } from '../repository/root-config';
import { getRenderSettings } from '../settings';
import { RenderAnnotations } from './annotation-source';
import { renderVideo } from './pipeline';
import { requireVideoFile } from '../video-file';
import type { RenderJobData } from './requests';

export interface RendererDeps {
  database: Database;
  ffmpegPath: string;
  dataDir: string;
  log?: { info(m: string): void; warn(m: string): void };
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export class VideoRenderer {
  private readonly abort = new AbortController();
  constructor(private readonly deps: RendererDeps) {}

  /** Runs one job; never throws for a bad video (the render ends failed with the reason). */
  async run(job: RenderJobData): Promise<'done' | 'failed' | 'skipped' | 'cancelled'> {
    const { db } = this.deps.database;
    const { videoId, token } = job;
    const progressId = job.progressId ?? await startJob(db, { kind: 'render', videoId, startedBy: job.requestedBy, state: 'queued', link: `/videos/${videoId}/annotate` });
    if (this.abort.signal.aborted) {
      const reason = 'the server stopped before the render started';
      await failRender(db, videoId, token, reason);
      await finishJob(db, progressId, 'failed', { message: reason });
      return 'failed';
    }
    if (!(await beginJob(db, progressId, 'loading'))) {
      // cancelled while it waited: whoever ends the queued row withdraws it and restores the renders row
      const row = await readJob(db, progressId);
      if (row?.state === 'queued' && row.cancelRequestedBy) await withdrawQueuedJob({ db }, row, row.cancelRequestedBy);
      return row?.cancelRequestedBy ? 'cancelled' : 'skipped';
    }
    if (!(await startRender(db, videoId, token))) { // superseded or recovered meanwhile
      await finishJob(db, progressId, 'failed', { message: 'superseded by a newer render or recovered after a restart' });
      return 'skipped';
    }
    const progress = new ProgressReporter(db, progressId);
    const signal = AbortSignal.any([this.abort.signal, progress.signal]);
    const t0 = performance.now();
    let tmp: string | null = null;
    try {
      progress.report(0, 'loading');
      const video = await findVideo(db, videoId);
      if (!video || video.processingStatus === 'deleted') throw new Error('the video no longer exists');
      const settings = await getRenderSettings(db);
      if (settings.render_codec === 'nvenc') {
        await appendLog(db, videoId, 'render: render_codec nvenc is not available on this server; encoding with libx264');
      }
      const { target_root } = await readRootConfig(db, this.deps.dataDir);
      const dir = path.join(target_root, `video-${videoId}`);
      await fs.mkdir(dir, { recursive: true });
      await this.removeLeftovers(dir);
      const key = randomBytes(16).toString('hex');
      tmp = path.join(dir, `.${key}.part.mp4`);
      const final = path.join(dir, `${key}.mp4`);
      const version = video.annotationVersion; // read before the annotations: a later edit makes this render stale
      const annotations = await RenderAnnotations.load(this.deps.database, videoId, { stride: video.frameStride, interpolate: settings.realtime.interpolation });
      if (signal.aborted) throw new Error('stopped');
      await appendLog(db, videoId, `render started: ${annotations.trackIds.length} track(s), preset ${settings.render_preset}, crf ${settings.render_crf}, ${settings.render_max_res}`);
      let lastTouch = 0;
      progress.report(0, 'rendering');
      const out = await renderVideo({
        // the real file, and only one inside its source (a link out of it is refused)
        ffmpegPath: this.deps.ffmpegPath, input: await requireVideoFile(video), output: tmp,
        width: video.width, height: video.height, fpsNum: video.fpsNum, fpsDen: video.fpsDen, totalFrames: video.totalFrames,
        settings, annotations,
      }, {
        signal,
        onProgress: (f) => {
          const pct = Math.min(99, f * 100);
          progress.report(pct, 'rendering');
          if (Date.now() - lastTouch < 400) return;
          lastTouch = Date.now();
          void touchRender(db, videoId, token, pct).catch(() => {});
        },
      });
      progress.report(99, 'finalising');
      await progress.flush();
      // the last point of no return: a cancel that arrived during the flush still wins
      if (signal.aborted || progress.cancelledBy) throw new Error('stopped');
      await fs.rename(tmp, final);
      tmp = null;
      const size = (await fs.stat(final)).size;
      const seconds = (out.frames * video.fpsDen) / video.fpsNum;
      const recorded = await finishRender(db, videoId, token, {
        key, path: final, annotationVersion: version,
        artifact: { width: out.width, height: out.height, frames: out.frames, fps: video.fps, duration: seconds, size_bytes: size, codec: 'h264', rendered_at: new Date().toISOString() },
      });
      await progress.close();
      if (!recorded) {
        await fs.rm(final, { force: true });
        await finishJob(db, progressId, 'failed', { message: 'superseded by a newer render or recovered after a restart' });
        return 'skipped';
      }
      if (recorded.previousPath && recorded.previousPath !== final) await fs.rm(recorded.previousPath, { force: true }).catch(() => {});
      await appendLog(db, videoId, `render done: ${out.frames} frames ${out.width}x${out.height} in ${secs(out.ms.total)} (${(seconds / (out.ms.total / 1000)).toFixed(2)}× real time)`);
      await finishJob(db, progressId, 'done', { link: `/videos/${videoId}/annotate`, result: { frames: out.frames, width: out.width, height: out.height, key } });
      return 'done';
    } catch (e) {
      await progress.close();
      if (tmp) await fs.rm(tmp, { force: true }).catch(() => {});
      const by = progress.cancelledBy;
      if (by && !this.abort.signal.aborted) {
        const row = await readJob(db, progressId);
        const reason = `cancelled by ${by}`;
        await failRender(db, videoId, token, reason);
        await appendLog(db, videoId, `render ${reason} after ${secs(performance.now() - t0)} at ${Math.floor(row?.progress ?? 0)}%; the previous rendered video is kept`).catch(() => {});
        await finishJob(db, progressId, 'cancelled', { message: reason, link: `/videos/${videoId}/annotate` });
        return 'cancelled';
      }
      const reason = this.abort.signal.aborted ? 'the server stopped during the render; render again' : (e as Error).message || String(e);
      this.deps.log?.warn(`video ${videoId}: render failed: ${reason}`);
      await failRender(db, videoId, token, reason);
      await appendLog(db, videoId, `render failed: ${reason}`).catch(() => {});
      await finishJob(db, progressId, 'failed', { message: reason.slice(0, 500), link: `/videos/${videoId}/annotate` });
      return 'failed';
    }
  }

  /** Temporary files of renders a crash cut off (one render per video runs at a time, so none is live). */
  private async removeLeftovers(dir: string): Promise<void> {
    for (const f of await fs.readdir(dir).catch(() => [] as string[])) {
      if (f.endsWith('.part.mp4')) await fs.rm(path.join(dir, f), { force: true }).catch(() => {});
    }
  }

  /** Stops a running render at once; it ends failed and its previous artifact stays. */
  stop(): void { this.abort.abort(); }
}
