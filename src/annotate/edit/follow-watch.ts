// 'Follow this person' as a live tool: while the server's follow job runs, its boxes are read as they come
// (GET …/follow/{jobId}?after=n, a few times a second) and shown on the track at once, as the AI's. When it
// ends done, the boxes keep the versions the server wrote and the track its new version, so the next edit or
// a second Follow of the track needs no reload; its frames with a low pose score are in the problem list
// (the review summary is read again). Failed or cancelled, the server wrote nothing and the boxes shown
// go again. The status line says how it ended: how far, why it stopped, whose box it ran into.
import { produce } from 'immer';
import type { FollowProgress } from '../../api/track-corrections';
import { blockFor, frameAt } from '../document/frame-blocks';
import type { CompactDetection, EditorDoc } from '../document/types';
import type { AnnotationEditor } from '../editor/annotation-editor';
import { ensureTrack } from '../commands/track-frames';

/** How often a running follow is asked for its new frames. */
export const FOLLOW_POLL_MS = 400;

type Frames = FollowProgress['frames'];

function asDetection(f: Frames[number]): CompactDetection {
  return {
    ...f.box,
    confidence: f.confidence,
    keypoints: Float32Array.from(f.keypoints.flat()),
    visibility: null,
    source: 'ai',
  };
}

/** The document with a follow's new frames on the track; `replaced` keeps what stood there before. */
function withFrames(
  doc: EditorDoc,
  trackId: number,
  frames: Frames,
  replaced: Map<number, CompactDetection | undefined>,
) {
  // what stood there, read from the published document (not the draft, which is gone after produce)
  for (const f of frames) if (!replaced.has(f.frame)) replaced.set(f.frame, frameAt(doc.detections[trackId], f.frame));
  return produce(doc, (d) => {
    ensureTrack(d, trackId);
    const track = d.detections[trackId];
    for (const f of frames) {
      blockFor(track, f.frame)[f.frame] = asDetection(f);
    }
    const span = frames.map((f) => f.frame);
    const r = d.trackRanges[trackId];
    d.trackRanges[trackId] = {
      first: Math.min(r?.first ?? Infinity, ...span),
      last: Math.max(r?.last ?? -Infinity, ...span),
    };
  });
}

/** Follows job `jobId` of `trackId` until it ends; answers a stop function (the page is left, another video). */
export function watchFollow(editor: AnnotationEditor, videoId: number, trackId: number, jobId: number): () => void {
  const read = editor.deps.api.followProgress;
  const { clock } = editor.deps;
  const replaced = new Map<number, CompactDetection | undefined>();
  let after = 0;
  let timer: unknown = null;
  let stopped = false;
  const onVideo = () => !stopped && editor.getDoc()?.videoId === videoId;

  const ended = (p: FollowProgress) => {
    const doc = editor.getDoc()!;
    if (p.state === 'done') {
      editor.publishDoc(
        produce(doc, (d) => {
          for (const v of p.detection_versions) {
            const det = frameAt(d.detections[v.track_id], v.frame);
            if (det) det.version = v.version;
          }
          if (p.track_version !== null) (d.trackVersions ??= {})[trackId] = p.track_version;
        }),
        'server-stamp',
      );
      void editor.review.load(videoId);
    } else {
      editor.publishDoc(
        produce(doc, (d) => {
          const track = d.detections[trackId];
          for (const [f, was] of replaced) {
            if (was) blockFor(track, f)[f] = was;
            else delete blockFor(track, f)[f];
          }
        }),
        'detections-loaded',
      );
    }
    const how = p.state === 'done' ? 'ended' : p.state;
    editor.notify(
      p.state === 'failed' ? 'error' : 'info',
      `Follow of T${trackId} ${how}: ${p.message ?? p.stopped ?? ''}`,
    );
  };

  const poll = async () => {
    timer = null;
    if (!read || !onVideo()) return;
    let p: FollowProgress;
    try {
      p = await read(videoId, trackId, jobId, after);
    } catch (e) {
      if (onVideo())
        editor.notify('error', `Follow of T${trackId}: ${e instanceof Error ? e.message : 'network error'}`);
      return;
    }
    if (!onVideo()) return;
    if (p.frames.length)
      editor.publishDoc(withFrames(editor.getDoc()!, trackId, p.frames, replaced), 'detections-loaded');
    after = p.next;
    if (p.state === 'running') timer = clock.setTimeout(() => void poll(), FOLLOW_POLL_MS);
    else ended(p);
  };
  void poll();
  return () => {
    stopped = true;
    if (timer !== null) clock.clearTimeout(timer);
  };
}
