// The render job: claims its queued render, draws the saved annotations (human corrections included)
// onto every frame, writes the video to a temporary file beside the artifact and renames it into place,
// then records it and deletes the previous artifact. A failure or a server stop leaves the previous
// artifact and marks the render failed, so nothing stays "running". Its job_progress row (the shared view
// of long jobs) follows it through the job runner (services/job-runner.ts): begun, reported on per frame, ended done,
// failed or cancelled; a cancel aborts the run's signal, which kills both ffmpeg processes and stops the draw loop.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../../db/connect';
import { findVideo } from '../../../repositories/processing-results';
import { finishRender, startRender, touchRender } from '../../../repositories/renders';
import { startJob } from '../../../services/job-progress';
import { runJob } from '../../../services/job-runner';
import { renderJob, type RenderWork } from './definition';
import type { JobContext, JobEnd, JobWorker, WorkerDeps } from '../../../services/job-definition';
import { appendProcessingLog as appendLog } from '../../../repositories/status';
import { readRootConfig } from '../../../services/storage/root-config';
import { getVideoSettings } from '../../../services/settings';
import { RenderAnnotations } from '../../../services/render/annotation-source';
import { renderVideo } from '../../../services/render/pipeline';
import { requireVideoFile } from '../../../services/video-file';
import type { RenderJobData } from '../../../services/render/requests';

export interface RendererDeps {
  database: Database;
  ffmpegPath: string;
  dataDir: string;
  log?: { info(m: string): void; warn(m: string): void };
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export class VideoRenderer implements RenderWork {
  private readonly abort = new AbortController();
  constructor(private readonly deps: RendererDeps) {}

  /** Runs one job; never throws for a bad video (the render ends failed with the reason). */
  async run(job: RenderJobData): Promise<'done' | 'failed' | 'skipped' | 'cancelled'> {
    const { db } = this.deps.database;
    const progressId =
      job.progressId ??
      (await startJob(db, {
        kind: 'render',
        videoId: job.videoId,
        startedBy: job.requestedBy,
        state: 'queued',
        link: `/videos/${job.videoId}/annotate`,
      }));
    const end = await runJob(renderJob, { db, deps: this, progressId, data: job, stop: this.abort.signal });
    return end.outcome as 'done' | 'failed' | 'skipped' | 'cancelled';
  }

  warn(m: string): void {
    this.deps.log?.warn(m);
  }

  /** The work of one run (the runner, services/job-runner.ts, begins and ends its row and handles cancel, failure and stop). */
  async render(ctx: JobContext<RenderWork>, job: RenderJobData): Promise<JobEnd> {
    const { db } = this.deps.database;
    const { videoId, token } = job;
    const superseded = {
      state: 'failed',
      outcome: 'skipped',
      message: 'superseded by a newer render or recovered after a restart',
    } as const;
    if (!(await startRender(db, videoId, token))) return superseded; // superseded or recovered meanwhile
    let tmp: string | null = null;
    try {
      ctx.report(0, 'loading');
      const video = await findVideo(db, videoId);
      if (!video || video.processingStatus === 'deleted') throw new Error('the video no longer exists');
      const settings = await getVideoSettings(db);
      if (settings.render_codec === 'nvenc') {
        await appendLog(
          db,
          videoId,
          'render: render_codec nvenc is not available on this server; encoding with libx264',
        );
      }
      const { target_root } = await readRootConfig(db, this.deps.dataDir);
      const dir = path.join(target_root, `video-${videoId}`);
      await fs.mkdir(dir, { recursive: true });
      await this.removeLeftovers(dir);
      const key = randomBytes(16).toString('hex');
      tmp = path.join(dir, `.${key}.part.mp4`);
      const final = path.join(dir, `${key}.mp4`);
      const version = video.annotationVersion; // read before the annotations: a later edit makes this render stale
      const annotations = await RenderAnnotations.load(this.deps.database, videoId, {
        stride: video.frameStride,
        interpolate: settings.realtime.interpolation,
      });
      ctx.throwIfStopped();
      await appendLog(
        db,
        videoId,
        `render started: ${annotations.trackIds.length} track(s), preset ${settings.render_preset}, crf ${settings.render_crf}, ${settings.render_max_res}`,
      );
      let lastTouch = 0;
      ctx.report(0, 'rendering');
      const out = await renderVideo(
        {
          // the real file, and only one inside its source (a link out of it is refused)
          ffmpegPath: this.deps.ffmpegPath,
          input: await requireVideoFile(video),
          output: tmp,
          width: video.width,
          height: video.height,
          fpsNum: video.fpsNum,
          fpsDen: video.fpsDen,
          totalFrames: video.totalFrames,
          settings,
          annotations,
        },
        {
          signal: ctx.signal,
          onProgress: (f) => {
            const pct = Math.min(99, f * 100);
            ctx.report(pct, 'rendering');
            if (Date.now() - lastTouch < 400) return;
            lastTouch = Date.now();
            void touchRender(db, videoId, token, pct).catch(() => {});
          },
        },
      );
      ctx.report(99, 'finalising');
      await ctx.pointOfNoReturn();
      await fs.rename(tmp, final);
      tmp = null;
      const size = (await fs.stat(final)).size;
      const seconds = (out.frames * video.fpsDen) / video.fpsNum;
      const recorded = await finishRender(db, videoId, token, {
        key,
        path: final,
        annotationVersion: version,
        artifact: {
          width: out.width,
          height: out.height,
          frames: out.frames,
          fps: video.fps,
          duration: seconds,
          size_bytes: size,
          codec: 'h264',
          rendered_at: new Date().toISOString(),
        },
      });
      if (!recorded) {
        await fs.rm(final, { force: true });
        return superseded;
      }
      if (recorded.previousPath && recorded.previousPath !== final)
        await fs.rm(recorded.previousPath, { force: true }).catch(() => {});
      await appendLog(
        db,
        videoId,
        `render done: ${out.frames} frames ${out.width}x${out.height} in ${secs(out.ms.total)} (${(seconds / (out.ms.total / 1000)).toFixed(2)}× real time)`,
      );
      return {
        link: `/videos/${videoId}/annotate`,
        result: { frames: out.frames, width: out.width, height: out.height, key },
      };
    } catch (e) {
      if (tmp) await fs.rm(tmp, { force: true }).catch(() => {});
      throw e;
    }
  }

  /** Temporary files of renders a crash cut off (one render per video runs at a time, so none is live). */
  private async removeLeftovers(dir: string): Promise<void> {
    for (const f of await fs.readdir(dir).catch(() => [] as string[])) {
      if (f.endsWith('.part.mp4')) await fs.rm(path.join(dir, f), { force: true }).catch(() => {});
    }
  }

  /** Stops a running render at once; it ends failed and its previous artifact stays. */
  stop(): void {
    this.abort.abort();
  }
}

/** The render queue's worker: one VideoRenderer per process. */
export function renderWorker(deps: WorkerDeps): JobWorker<RenderJobData> {
  const renderer = new VideoRenderer({
    database: deps.database,
    ffmpegPath: deps.media.ffmpegPath,
    dataDir: deps.config.dataDir,
    log: { info: (m) => deps.log.info(m), warn: (m) => deps.log.warn(m) },
  });
  return {
    handle: async (data) => {
      await renderer.run(data);
    },
    stop: async () => {
      renderer.stop();
    }, // the running render ends failed at once; its previous artifact stays
  };
}
