// Payload types of the API (snake_case as on the wire). Shared by browser and server. Those of videos and
// annotations are inferred from their schemas in the API contract (domain/contract).
import type { Role } from './constants';
export type { HistoryEntry, Video, VideoStatusInfo } from './contract/videos';
export type {
  ActionSegment, AnnotationSet, BBox, Detection, DetectionSource, Keypoint, PersonTrack, Relationship, VideoInfo,
} from './contract/annotations';

export interface Source {
  root: string;
  label: string;
  role: Role | null;
  enabled: boolean;
  created_at?: string;
  stats?: { total: number; pending: number; processing: number; completed: number; reviewed: number; labelled: number };
}

export interface Assignee { id: string; name: string | null; count: number }

export interface Identity { id: string; name: string | null; role: Role }
export interface Me { signed_in: boolean; id: string | null; name: string | null; role: Role; header_role: string | null }
