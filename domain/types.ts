// Payload types of the API (snake_case as on the wire). Shared by browser and server.
import type { ActionClass, Role, VideoStatus } from './constants';

export interface Video {
  id: number;
  filename: string;
  path: string;
  rel_path: string;
  source_root: string;
  size_bytes: number;
  duration: number;
  width: number;
  height: number;
  fps: number;
  /** Exact frame rate as a rational, e.g. "30000/1001" (extension). */
  fps_rational: string;
  total_frames: number;
  processing_status: VideoStatus;
  previous_status: VideoStatus | null;
  ai_processed_at: string | null;
  status_updated_at: string | null;
  assigned_to_id: string | null;
  assigned_to_name: string | null;
  last_status_by_id: string | null;
  last_status_changed_at: string | null;
  created_at: string;
  /** Progress of the video's queued or running processing job, filled in by status polling (not in the list). */
  progress?: number | null;
  stage?: string | null;
  eta_s?: number | null;
}

export interface Source {
  root: string;
  label: string;
  role: Role | null;
  enabled: boolean;
  created_at?: string;
  stats?: { total: number; pending: number; processing: number; completed: number; reviewed: number; labelled: number };
}

export interface Assignee { id: string; name: string | null; count: number }

export interface VideoStatusInfo {
  status: VideoStatus; previous_status: VideoStatus | null; last_updated: string | null;
  /** Extension: the queued or running processing job (all null without one). */
  progress?: number | null; stage?: string | null; eta_s?: number | null; job_id?: number | null; job_started_by?: string | null; can_cancel?: boolean;
}

export interface HistoryEntry {
  id: number;
  changed_at: string;
  old_status: string | null;
  new_status: string;
  remark: string | null;
  changed_by_id: string | null;
}

export interface BBox { x1: number; y1: number; x2: number; y2: number; confidence: number }
/** 17 COCO keypoints as [x, y] or [x, y, score], fractions of the frame size. */
export type Keypoint = [number, number] | [number, number, number];

/**
 * `version`: in reads of stored detections; a change names it back (optimistic concurrency). `source`: ai,
 * human (a keyframe) or interpolated (filled between keyframes); `outside`: an outside keyframe (the track
 * has no box from this frame to its next keyframe; the box is the previous keyframe's, not drawn).
 * `keypoint_visibility`: per keypoint 2 visible, 1 occluded, 0 absent (COCO's v) as a person set it; null
 * when none is stored (the score decides).
 */
export interface Detection {
  frame: number; bbox: BBox; keypoints: Keypoint[]; keypoint_visibility?: number[] | null; source?: DetectionSource; outside?: boolean; version?: number;
}
export type DetectionSource = 'ai' | 'human' | 'interpolated';
/** `version`: the track version, bumped by every change of the track's boxes (range calls send it back). */
export interface PersonTrack { track_id: number; detections: Detection[]; version?: number }

export interface ActionSegment {
  id: number;
  track_id: number;
  action_class: ActionClass;
  start_time: number;
  end_time: number;
  confidence: number;
  human_verified: boolean;
  version?: number;
  created_by_id?: string | null;
  created_at?: string | null;
  updated_by_id?: string | null;
  updated_at?: string | null;
}

/** The fields of an action segment an edit can change. */
export type SegmentFieldName = 'track_id' | 'action_class' | 'start_time' | 'end_time' | 'confidence' | 'human_verified';
/** Some of those fields: an edit's changes, a PATCH body, an unsaved row of the data panel. */
export type SegmentFields = Partial<Pick<ActionSegment, SegmentFieldName>>;

export interface Relationship {
  id: number; subject_track_id: number; object_track_id: number; kind: string; start_time: number; end_time: number;
}

export interface VideoInfo {
  id: number; filename: string; width: number; height: number; fps: number; duration: number; total_frames: number;
  /** Frames analysed by the AI: every n-th frame (1 = all). Detections in between may be interpolated. */
  frame_stride?: number;
}

export interface AnnotationSet {
  person_tracks: PersonTrack[];
  action_segments: ActionSegment[];
  relationships: Relationship[];
  video_info: VideoInfo;
}

export interface Identity { id: string; name: string | null; role: Role }
