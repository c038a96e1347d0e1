// 'Follow this person' (POST …/tracks/{id}/follow): starts the server's follow job for a track from the
// current frame. The job (progress, Cancel) shows in the activity panel like a render, and its boxes show
// on the track as they are made (follow-watch.ts), with no reload.
import type { AnnotationEditor } from '../editor/annotation-editor';
import { FOLLOW_MAX_FRAMES } from '../keys/follow-person';

export type FollowDirection = 'forward' | 'backward';

export async function startFollow(
  editor: AnnotationEditor,
  trackId: number,
  direction: FollowDirection,
  maxFrames: number,
): Promise<number | null> {
  const doc = editor.getDoc();
  const follow = editor.deps.api.followTrack;
  if (!doc || !follow) return null;
  const frames = Math.min(FOLLOW_MAX_FRAMES, Math.max(1, Math.round(maxFrames)));
  try {
    // the track's waiting saves land first, so the version sent is the one they leave
    await editor.saves.flush(null);
    const version = editor.saves.trackVersionOf(trackId);
    const r = await follow(doc.videoId, trackId, {
      from_frame: editor.getUi().frame,
      direction,
      max_frames: frames,
      ...(version === undefined ? {} : { version }),
    });
    editor.notify('info', `Following T${trackId} ${direction} (up to ${frames} frames): its boxes show as they come.`);
    editor.watchFollow(doc.videoId, trackId, r.job_id);
    return r.job_id;
  } catch (e) {
    editor.notify('error', `Follow failed: ${e instanceof Error ? e.message : 'network error'}`);
    return null;
  }
}
