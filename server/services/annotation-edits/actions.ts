// Action segment writes: create, and update and delete with optimistic concurrency (the version is required).
import type { Db } from '../../db/connect';
import type { SegmentRow } from '../../repositories/annotations';
import {
  deleteSegmentAtVersion,
  findSegment,
  insertSegment,
  segmentIdTaken,
  updateSegmentAtVersion,
} from '../../repositories/action-segments';
import { NotFound, Conflict, PreconditionRequired, Unprocessable } from '../../domain-errors';
import { segmentDto } from '../annotation-set';
import { MIN_ACTION_LENGTH_S, type ActionClass } from '../../../domain/constants';
import { spanRuleBreak, type SpanRuleBreak } from '../../../domain/ops/segment-time';
import type { ActionSegment, Identity } from '../../../domain/types';
import { trackExists } from '../../repositories/detections';
import { writeAnnotations, type VideoFacts } from './common';
import { requireLiveVideo } from '../videos';
import { stampTracksEdited } from '../../repositories/track-verifications';

export interface NewAction {
  track_id: number;
  action_class: ActionClass;
  start_time: number;
  end_time: number;
  confidence: number;
  human_verified?: boolean;
  /** Undo of a delete: re-create the action under its old id (409 when that id is in use). */
  restore_id?: number;
}

export interface ActionChange {
  track_id?: number;
  action_class?: ActionClass;
  start_time?: number;
  end_time?: number;
  confidence?: number;
  human_verified?: boolean;
  /** The version the client edited (required: 428 without); a different stored version means someone else saved first → 409. */
  version?: number;
}

/** The shared segment time rule, in the API's field names. */
const TIME_RULE_DETAIL: Record<SpanRuleBreak, (duration: number) => string> = {
  'not-a-number': () => 'start_time and end_time must be numbers',
  'start-before-zero': () => 'start_time must be at least 0',
  'end-after-duration': (duration) => `end_time must be at most the video duration (${duration} s)`,
  'too-short': () => `An action must be at least ${MIN_ACTION_LENGTH_S} s long (end_time − start_time)`,
};

function checkTimes(v: VideoFacts, start: number, end: number): void {
  const broken = spanRuleBreak({ start, end }, v.duration);
  if (broken) throw new Unprocessable(TIME_RULE_DETAIL[broken](v.duration));
}

export async function createAction(db: Db, videoId: number, a: NewAction, who: Identity): Promise<ActionSegment> {
  return writeAnnotations(db, videoId, async (tx) => {
    const v = await requireLiveVideo(tx, videoId);
    checkTimes(v, a.start_time, a.end_time);
    if (!(await trackExists(tx, videoId, a.track_id)))
      throw new Unprocessable(`Track ${a.track_id} does not exist in video ${videoId}`);
    if (a.restore_id !== undefined && (await segmentIdTaken(tx, a.restore_id)))
      throw new Conflict(`Action ${a.restore_id} already exists`);
    const now = new Date();
    const row = await insertSegment(tx, {
      ...(a.restore_id !== undefined ? { id: a.restore_id } : {}),
      videoId,
      trackId: a.track_id,
      actionClass: a.action_class,
      startTime: a.start_time,
      endTime: a.end_time,
      confidence: a.confidence,
      humanVerified: a.human_verified ?? true,
      createdById: who.id,
      createdAt: now,
      updatedById: who.id,
      updatedAt: now,
    });
    await stampTracksEdited(tx, videoId, [a.track_id], who.id);
    return segmentDto(row);
  });
}

async function requireAction(db: Db, videoId: number, actionId: number) {
  const row = await findSegment(db, videoId, actionId);
  if (!row) throw new NotFound(`Action ${actionId} not found in video ${videoId}`);
  return row;
}

function staleDetail(row: SegmentRow): string {
  const by = row.updatedById ?? 'someone else';
  const at = row.updatedAt ? ` at ${row.updatedAt.toISOString()}` : '';
  return `This action was changed by ${by}${at} (version ${row.version}). Reload to see the latest version before saving.`;
}

/** A change or delete of a stored action must name the version it was based on. */
function requireVersion(row: SegmentRow, version: number | undefined): number {
  if (version === undefined) {
    throw new PreconditionRequired(
      `Action ${row.id} is at version ${row.version}: send the version your change is based on (PATCH body "version", DELETE ?version=).`,
    );
  }
  if (version !== row.version) throw new Conflict(staleDetail(row));
  return version;
}

export async function updateAction(
  db: Db,
  videoId: number,
  actionId: number,
  c: ActionChange,
  who: Identity,
): Promise<ActionSegment> {
  return writeAnnotations(db, videoId, async (tx) => {
    const v = await requireLiveVideo(tx, videoId);
    const row = await requireAction(tx, videoId, actionId);
    requireVersion(row, c.version);
    const start = c.start_time ?? row.startTime;
    const end = c.end_time ?? row.endTime;
    if (c.start_time !== undefined || c.end_time !== undefined) checkTimes(v, start, end);
    if (c.track_id !== undefined && c.track_id !== row.trackId && !(await trackExists(tx, videoId, c.track_id))) {
      throw new Unprocessable(`Track ${c.track_id} does not exist in video ${videoId}`);
    }
    // Saved only at the version read: a concurrent save between read and write loses.
    const saved = await updateSegmentAtVersion(tx, actionId, row.version, {
      trackId: c.track_id ?? row.trackId,
      actionClass: c.action_class ?? row.actionClass,
      startTime: start,
      endTime: end,
      confidence: c.confidence ?? row.confidence,
      humanVerified: c.human_verified ?? row.humanVerified,
      updatedById: who.id,
    });
    if (!saved) throw new Conflict(staleDetail(await requireAction(tx, videoId, actionId)));
    await stampTracksEdited(tx, videoId, [...new Set([row.trackId, saved.trackId])], who.id);
    return segmentDto(saved);
  });
}

export async function deleteAction(
  db: Db,
  videoId: number,
  actionId: number,
  who: Identity,
  version?: number,
): Promise<ActionSegment> {
  return writeAnnotations(db, videoId, async (tx) => {
    await requireLiveVideo(tx, videoId);
    const row = await requireAction(tx, videoId, actionId);
    // checked again by the delete itself, so a save between the read and the delete wins over it
    if (!(await deleteSegmentAtVersion(tx, actionId, requireVersion(row, version))))
      throw new Conflict(staleDetail(await requireAction(tx, videoId, actionId)));
    await stampTracksEdited(tx, videoId, [row.trackId], who.id);
    return segmentDto(row);
  });
}
