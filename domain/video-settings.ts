// Render/detection settings: the option sets and the dialog's fallbacks for empty fields, shared by the
// settings dialog (browser) and PUT /settings/render (server).
import { VIDEO_SETTINGS_DEFAULTS, type VideoSettings } from './constants';

export const RENDER_PRESETS = ['veryfast', 'fast', 'medium'] as const;
export const RENDER_CODECS = ['auto', 'x264', 'nvenc'] as const;
export const RENDER_MAX_RES = ['original', '720p'] as const;
export const TRACKER_NAMES = ['auto', 'botsort', 'bytetrack'] as const;
export const POSE_MODELS = ['tracking', 'topdown', 'multipose'] as const;
/** What each processing mode trades, as the settings dialog names it (docs/PROCESSING.md has the figures). */
export const POSE_MODEL_LABELS: Record<(typeof POSE_MODELS)[number], string> = {
  tracking:
    'Fast: model passes five times a second, people followed by optical flow between (on 2 cores about real time at every frame with a few people in view; small people are read larger, at 0.5–0.8×)',
  topdown:
    'Best quality: detector and the larger keypoint model on every analysed frame (about 20× the CPU time of Fast)',
  multipose: 'Fastest: one MultiPose pass per frame (misses more people)',
};
export const DEFAULT_VIEWS = ['annotated', 'live'] as const;
/** realtime.mode: only 'auto' exists (the live view draws in the browser and picks its own pace). */
export const REALTIME_MODES = ['auto'] as const;

export const CRF_RANGE = { min: 0, max: 51 } as const; // x264's quality scale
export const IMGSZ_RANGE = { min: 160, max: 4096 } as const;
export const STRIDE_MAX = 1000;
/** propagate_max_seconds: from a tenth of a second up to a minute of video. */
export const PROPAGATE_SECONDS_RANGE = { min: 0.1, max: 60 } as const;

/** The dialog's number fields as typed (text, possibly empty). */
export interface SettingsNumberInputs {
  render_crf: string;
  yolo_imgsz: string;
  pipeline_frame_stride: string;
  propagate_max_seconds: string;
}

const intOf = (text: string): number | null => {
  const t = text.trim();
  if (!t) return null;
  const n = Math.round(Number(t));
  return Number.isFinite(n) ? n : null;
};

/**
 * The numbers Save sends: an empty (or unreadable) CRF is 22 and image size 1280; the frame stride is
 * at least 1 whatever was typed (empty → 1).
 */
export function numbersFromInputs(
  inputs: SettingsNumberInputs,
): Pick<VideoSettings, 'render_crf' | 'yolo_imgsz' | 'pipeline_frame_stride' | 'propagate_max_seconds'> {
  const seconds = Number(inputs.propagate_max_seconds.trim() || NaN);
  const { min, max } = PROPAGATE_SECONDS_RANGE;
  return {
    render_crf: intOf(inputs.render_crf) ?? VIDEO_SETTINGS_DEFAULTS.render_crf,
    yolo_imgsz: intOf(inputs.yolo_imgsz) ?? VIDEO_SETTINGS_DEFAULTS.yolo_imgsz,
    pipeline_frame_stride: Math.max(1, intOf(inputs.pipeline_frame_stride) ?? 1),
    propagate_max_seconds: Number.isFinite(seconds)
      ? Math.min(max, Math.max(min, seconds))
      : VIDEO_SETTINGS_DEFAULTS.propagate_max_seconds,
  };
}

/** Stored (possibly partial or older) settings with every missing field at its default. */
export function withDefaults(v: Partial<VideoSettings> | null | undefined): VideoSettings {
  const s = v ?? {};
  return {
    ...VIDEO_SETTINGS_DEFAULTS,
    ...s,
    overlay: { ...VIDEO_SETTINGS_DEFAULTS.overlay, ...s.overlay },
    realtime: { ...VIDEO_SETTINGS_DEFAULTS.realtime, ...s.realtime },
  };
}
