// Business constants and limits of the product. Shared by browser and server.
export const STORED_USER_KEY = 'va_user';
export const USER_ID_PATTERN = /^[A-Za-z0-9._\-@]{3,64}$/;
export const FETCH_PAGE_SIZE = 1000;
export const FETCH_MAX_TOTAL = 100_000;
export const ROWS_PER_PAGE_OPTIONS = [5, 10, 25, 50, 100] as const;
export const DEFAULT_ROWS_PER_PAGE = 10;
export const LIST_STATE_TTL_MS = 24 * 60 * 60 * 1000;
export const LIST_STATE_RESTORE_TTL_MS = 5 * 60 * 1000;
export const REMARK_MAX_CHARS = 150;
export const REMARK_MAX_WORDS = 20;
export const DEFAULT_FPS = 30;
export const DEFAULT_WIDTH = 1280;
export const DEFAULT_HEIGHT = 720;
export const MIN_ACTION_LENGTH_S = 0.1;
export const PLAYHEAD_SNAP_S = 0.2;
export const BOX_GRID_PX = 8;
export const ARROW_STEP_PX = 1;
export const ARROW_STEP_SHIFT_PX = 5;
export const BRACKET_SHIFT_S = 0.1;
export const SKIP_S = 10;
export const SPEEDS = [0.5, 1, 1.5, 2] as const;
export const DEFAULT_VOLUME = 0.8;
export const DEFAULT_RATE = 1;
export const RENDER_POLL_MS = 500;
export const NEW_SEGMENT_LENGTH_S = 2;
export const NEW_ACTION_CONFIDENCE = 0.7;
export const NEW_ACTION_CLASS = 'run';
export const PLAYER_WIDTHS = { small: 720, medium: 960, large: 1200, full: 0 } as const;
export const SIDE_MENU_WIDTH = 240;
export const STATUS_BAR_POLL_MS = 10_000;

export const VIDEO_STATUSES = [
  'pending',
  'processing',
  'completed',
  'labelled',
  'failed',
  'reviewed',
  'kiv',
  'disqualified',
  'unknown',
] as const;
export const ALL_VIDEO_STATUSES = [...VIDEO_STATUSES, 'deleted'] as const;
export type VideoStatus = (typeof ALL_VIDEO_STATUSES)[number];

export const ACTION_CLASSES = [
  'kick',
  'hit',
  'run',
  'throw',
  'fall',
  'flap',
  'cry',
  'sleep',
  'sit',
  'jump',
  'others',
] as const;
export type ActionClass = (typeof ACTION_CLASSES)[number];

export const ROLES = ['annotator', 'admin', 'super'] as const;
export type Role = (typeof ROLES)[number];

export const BATCH_EXPORT_MODES = ['first10', 'first50', 'first100', '0.8', '1.0'] as const;
export type BatchExportMode = (typeof BATCH_EXPORT_MODES)[number];
export const BATCH_PROCESS_FRACTIONS = ['all', 'half', 'quarter', '10%', '5%'] as const;
export type BatchProcessFraction = (typeof BATCH_PROCESS_FRACTIONS)[number];
export const BATCH_PROCESS_FRACTION_VALUE: Record<BatchProcessFraction, number> = {
  all: 1,
  half: 0.5,
  quarter: 0.25,
  '10%': 0.1,
  '5%': 0.05,
};

/** Timeline snap step by visible span. */
export function timelineSnapStep(visibleSpanS: number): number {
  if (visibleSpanS <= 5) return 0.25;
  if (visibleSpanS <= 10) return 0.5;
  if (visibleSpanS <= 30) return 1;
  if (visibleSpanS <= 120) return 2;
  return 5;
}

/** Status polling interval by elapsed time since polling started. */
export function statusPollInterval(elapsedMs: number): number {
  if (elapsedMs < 10_000) return 1000;
  if (elapsedMs < 30_000) return 2000;
  return 5000;
}

export const COCO_KEYPOINTS = [
  'nose',
  'left_eye',
  'right_eye',
  'left_ear',
  'right_ear',
  'left_shoulder',
  'right_shoulder',
  'left_elbow',
  'right_elbow',
  'left_wrist',
  'right_wrist',
  'left_hip',
  'right_hip',
  'left_knee',
  'right_knee',
  'left_ankle',
  'right_ankle',
] as const;
export const COCO_SKELETON: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [0, 2],
  [1, 3],
  [2, 4],
  [5, 6],
  [5, 7],
  [7, 9],
  [6, 8],
  [8, 10],
  [5, 11],
  [6, 12],
  [11, 12],
  [11, 13],
  [13, 15],
  [12, 14],
  [14, 16],
];

export const VIDEO_SETTINGS_DEFAULTS = {
  auto_render_on_completed: false,
  auto_render_on_reviewed: true,
  render_preset: 'veryfast' as 'veryfast' | 'fast' | 'medium',
  render_crf: 22,
  render_codec: 'auto' as 'auto' | 'x264' | 'nvenc',
  render_max_res: 'original' as 'original' | '720p',
  tracker_name: 'auto' as 'auto' | 'botsort' | 'bytetrack',
  yolo_imgsz: 1280,
  /** Every frame analysed (the spec's default): each gets its own box and joints (docs/PROCESSING.md). */
  pipeline_frame_stride: 1,
  /**
   * 'tracking' (Fast, the default): five model passes per video second (person detector → light keypoints per
   * person), people followed by optical flow on the frames between, ≥ 1× real time on 2 cores at every frame;
   * 'topdown' (Best quality): detector → the larger keypoint model per person on every analysed frame;
   * 'multipose': one bottom-up pass (misses more).
   */
  pose_model: 'tracking' as 'tracking' | 'multipose' | 'topdown',
  overlay: { boxes: true, skeletons: true, keypoints: true, labels: true },
  realtime: { mode: 'auto' as const, interpolation: true },
  /** Propagate (P, or the call without to_frame) with no keyframe after it changes at most this much video. */
  propagate_max_seconds: 1,
  default_view: 'annotated' as 'annotated' | 'live',
};
export type VideoSettings = typeof VIDEO_SETTINGS_DEFAULTS;

/** Review queue: a confidence below this is flagged (warning icon, low-confidence detections and tracks). */
export const REVIEW_LOW_CONFIDENCE = 0.7;
