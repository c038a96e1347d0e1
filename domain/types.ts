// Payload types of the API (snake_case as on the wire). Shared by browser and server. Those of videos and
// annotations are inferred from their schemas in the API contract (domain/contract).
import type { Role } from './constants';
import type { ActionSegment } from './contract/annotations';
export type { HistoryEntry, Video } from './contract/videos';
export type {
  ActionSegment,
  AnnotationSet,
  Detection,
  DetectionSource,
  Keypoint,
  PersonTrack,
  Relationship,
  VideoInfo,
} from './contract/annotations';

export interface Source {
  root: string;
  label: string;
  role: Role | null;
  enabled: boolean;
  created_at?: string;
  stats?: { total: number; pending: number; processing: number; completed: number; reviewed: number; labelled: number };
}

export interface Assignee {
  id: string;
  name: string | null;
  count: number;
}

/** The fields of an action segment an edit can change. */
export type SegmentFieldName =
  'track_id' | 'action_class' | 'start_time' | 'end_time' | 'confidence' | 'human_verified';
/** Some of those fields: an edit's changes, a PATCH body, an unsaved row of the data panel. */
export type SegmentFields = Partial<Pick<ActionSegment, SegmentFieldName>>;

export interface Identity {
  id: string;
  name: string | null;
  role: Role;
}
