// The editor's save queue and what the server's answers change in the document. Those changes are not
// edits: they are published as 'server-stamp', so the history ignores them, and later saves are based on
// the versions the server named.
import { produce } from 'immer';
import type { ActionSegment } from '../../../domain/types';
import { blockFor, frameAt } from '../document/frame-blocks';
import { SaveQueue } from '../save/save-queue';
import type { EditorCore } from './editor-core';

/** The queue that carries every edit of `core` to the server (see save/save-queue.ts). */
export function newEditorSaves(core: EditorCore): SaveQueue {
  const { api, clock } = core.deps;
  return new SaveQueue({
    execute: api.execute,
    docVersion: (id) => core.getDoc()?.segments.find((s) => s.id === id)?.version,
    docDetectionVersion: (trackId, frame) => {
      const blocks = core.getDoc()?.detections[trackId];
      return blocks ? frameAt(blocks, frame)?.version : undefined;
    },
    docTrackVersion: (trackId) => core.getDoc()?.trackVersions?.[trackId],
    onTrackVersions: (versions) => stampTrackVersions(core, versions),
    onError: (text) => core.notify('error', text),
    onSaved: (op, segments, detectionVersion) => {
      showSavedBy(core, segments);
      if (
        (op.kind === 'detection.put' || op.kind === 'detection.keyframe' || op.kind === 'track.create') &&
        detectionVersion !== undefined
      )
        stampDetectionVersion(core, op.trackId, op.frame, detectionVersion);
      core.review.afterSave(op, segments);
    },
    setTimer: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimer: (t) => clock.clearTimeout(t),
  });
}

/**
 * A saved detection keeps the version the server answered, so a later merge computes the moved rows'
 * versions as the server does.
 */
function stampDetectionVersion(core: EditorCore, trackId: number, frame: number, version: number): void {
  const doc = core.getDoc();
  const blocks = doc?.detections[trackId];
  const det = blocks ? frameAt(blocks, frame) : null;
  if (!doc || !det || det.version === version) return;
  core.publishDoc(
    produce(doc, (d) => {
      blockFor(d.detections[trackId], frame)[frame].version = version;
    }),
    'server-stamp',
  );
}

/** Track versions an answer named: the next range op of the track sends them. */
function stampTrackVersions(core: EditorCore, versions: Record<number, number>): void {
  const doc = core.getDoc();
  const entries = Object.entries(versions).filter(([t, v]) => (doc?.trackVersions?.[Number(t)] ?? 0) < v);
  if (!doc || entries.length === 0) return;
  core.publishDoc(
    produce(doc, (d) => {
      const tv = (d.trackVersions ??= {});
      for (const [t, v] of entries) tv[Number(t)] = v;
    }),
    'server-stamp',
  );
}

/** The panel's updated-by / updated-at chips follow a save. */
function showSavedBy(core: EditorCore, saved: ActionSegment[]): void {
  const doc = core.getDoc();
  const byId = new Map(saved.map((s) => [s.id, s]));
  if (!doc || !doc.segments.some((s) => byId.has(s.id))) return;
  core.publishDoc(
    produce(doc, (d) => {
      for (const s of d.segments) {
        const e = byId.get(s.id);
        if (e) {
          s.updated_by_id = e.updated_by_id;
          s.updated_at = e.updated_at;
          s.version = e.version;
        }
      }
    }),
    'server-stamp',
  );
}
