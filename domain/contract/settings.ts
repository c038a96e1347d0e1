// /api/v1/settings/render: the render and detection settings (read by anyone, saved by administrators).
import { z } from 'zod';
import {
  CRF_RANGE,
  DEFAULT_VIEWS,
  IMGSZ_RANGE,
  POSE_MODELS,
  PROPAGATE_SECONDS_RANGE,
  RENDER_CODECS,
  RENDER_MAX_RES,
  REALTIME_MODES,
  RENDER_PRESETS,
  STRIDE_MAX,
  TRACKER_NAMES,
} from '../video-settings';
import { VIDEO_SETTINGS_DEFAULTS } from '../constants';

/** The whole settings record: what PUT takes and what GET and PUT answer (defaults filled in). */
export const videoSettings = z
  .object({
    auto_render_on_completed: z.boolean(),
    auto_render_on_reviewed: z.boolean(),
    render_preset: z.enum(RENDER_PRESETS),
    render_crf: z.number().int().min(CRF_RANGE.min).max(CRF_RANGE.max),
    render_codec: z.enum(RENDER_CODECS),
    render_max_res: z.enum(RENDER_MAX_RES),
    tracker_name: z.enum(TRACKER_NAMES),
    yolo_imgsz: z.number().int().min(IMGSZ_RANGE.min).max(IMGSZ_RANGE.max),
    pipeline_frame_stride: z.number().int().min(1).max(STRIDE_MAX),
    pose_model: z.enum(POSE_MODELS),
    overlay: z.object({ boxes: z.boolean(), skeletons: z.boolean(), keypoints: z.boolean(), labels: z.boolean() }),
    realtime: z.object({ mode: z.enum(REALTIME_MODES), interpolation: z.boolean() }),
    default_view: z.enum(DEFAULT_VIEWS),
    propagate_max_seconds: z
      .number()
      .min(PROPAGATE_SECONDS_RANGE.min)
      .max(PROPAGATE_SECONDS_RANGE.max)
      .default(VIDEO_SETTINGS_DEFAULTS.propagate_max_seconds),
  })
  .meta({ id: 'VideoSettings' });
