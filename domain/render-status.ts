// The render status a video answers (GET /videos/{id}/render/status): the spec's {state, progress,
// artifact, key} plus the job phase, the last error and whether the artifact shows older annotations.

export type RenderPhase = 'idle' | 'queued' | 'running' | 'done' | 'failed';

export interface RenderArtifact {
  url: string; width: number; height: number; frames: number; fps: number; duration: number;
  size_bytes: number; codec: string; rendered_at: string; annotation_version: number | null;
}

export interface RenderStatus {
  /** idle: nothing rendered; queued: a render waits or runs; done: a rendered video exists. */
  state: 'idle' | 'queued' | 'done';
  /** 0–100 while running, 100 when done. */
  progress: number;
  artifact: RenderArtifact | null;
  key: string | null;
  phase: RenderPhase;
  error: string | null;
  stale: boolean;
  annotation_version: number;
}
