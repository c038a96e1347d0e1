// Track merge and track delete: the server does them first (one transaction there, and it hands out the
// undo token), then the same edit becomes one undoable command in the document. A failure is named by
// the save queue ('Merge failed ({status})', 'Delete track {status}') and changes nothing here.
import type { AnnotationEditor } from '../editor/annotation-editor';

export async function mergeTracks(
  editor: AnnotationEditor,
  baseTrackId: number,
  mergeTrackId: number,
): Promise<boolean> {
  const doc = editor.getDoc();
  if (!doc) return false;
  try {
    const r = await editor.saves.run({
      kind: 'track.merge',
      videoId: doc.videoId,
      baseTrackId,
      mergeTrackId,
      token: { value: null },
    });
    editor.perform('track.merge', { baseTrackId, mergeTrackId }, { synced: true, token: r.undo_token });
    if (editor.getUi().selectedTrackId === mergeTrackId) editor.updateUi({ selectedTrackId: baseTrackId });
    return true;
  } catch {
    return false;
  }
}

export async function deleteTrack(editor: AnnotationEditor, trackId: number): Promise<boolean> {
  const doc = editor.getDoc();
  if (!doc) return false;
  try {
    const r = await editor.saves.run({
      kind: 'track.delete',
      videoId: doc.videoId,
      trackId,
      token: { value: null },
    });
    editor.perform('track.delete', { trackId }, { synced: true, token: r.undo_token });
    if (editor.getUi().selectedTrackId === trackId) editor.updateUi({ selectedTrackId: null, selectedSegmentId: null });
    return true;
  } catch {
    return false;
  }
}
