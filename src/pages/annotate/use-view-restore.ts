// Reload-proof Annotate view: the frame shown is kept in the URL (?frame=, replaced in place while
// paused), the View/Edit mode and the hidden tracks in the tab's session (view-memory.ts). On opening,
// once the document and the video are ready, the saved view comes back: the hidden tracks, edit mode
// (only for a signed-in user) and a seek to the URL's frame. Until then nothing is written, so the first
// render's defaults never overwrite what is being restored.
import { useEffect } from 'react';
import type { AnnotationEditor } from '../../annotate/editor/annotation-editor';
import { safeFps } from '../../annotate/playback/frame-math';
import { frameFromSearch, readViewMemory, searchWithFrame, writeViewMemory } from './view-memory';

/** The frame URL follows the playhead this long after it stops moving (no history spam while stepping). */
const URL_DELAY_MS = 300;
/** How often the restore looks whether the document and the video are ready. */
const READY_POLL_MS = 50;

export interface RestoreSession {
  checking: boolean;
  signedIn: boolean;
  requireSignIn: (text?: string) => void;
}

export function useViewRestore(editor: AnnotationEditor, videoId: number, session: RestoreSession): void {
  const { checking, signedIn, requireSignIn } = session;
  useEffect(() => {
    if (checking) return;
    const targetFrame = frameFromSearch(window.location.search);
    const memory = readViewMemory(videoId);
    let restored = false;
    let urlTimer: ReturnType<typeof setTimeout> | null = null;

    const ready = () => {
      const doc = editor.getDoc();
      const v = editor.player.element;
      return !!doc && !!v && v.readyState >= 1 && Math.abs(editor.player.frameRate - safeFps(doc.info.fps)) < 1e-6;
    };
    const finish = () => {
      restored = true;
    };
    const poll = setInterval(() => {
      if (restored || !ready()) return;
      clearInterval(poll);
      const doc = editor.getDoc()!;
      if (memory.hiddenTracks?.length)
        editor.updateUi({ hiddenTracks: memory.hiddenTracks.filter((t) => doc.trackIds.includes(t)) });
      if (memory.mode === 'edit' && signedIn)
        editor.requestMode('edit', {
          signedIn,
          requireSignIn: (t) => {
            requireSignIn(t);
          },
        });
      if (targetFrame !== null && targetFrame > 0) void editor.player.seekFrame(targetFrame).then(finish, finish);
      else finish();
    }, READY_POLL_MS);

    const off = editor.ui.subscribe((s, p) => {
      if (!restored) return;
      if (s.mode !== p.mode || s.hiddenTracks !== p.hiddenTracks)
        writeViewMemory(videoId, { mode: s.mode, hiddenTracks: [...s.hiddenTracks] });
      if (s.frame !== p.frame || s.playing !== p.playing) {
        if (urlTimer) clearTimeout(urlTimer);
        if (s.playing) return;
        urlTimer = setTimeout(() => {
          const search = searchWithFrame(window.location.search, editor.getUi().frame);
          if (search !== window.location.search)
            window.history.replaceState(
              window.history.state,
              '',
              `${window.location.pathname}${search}${window.location.hash}`,
            );
        }, URL_DELAY_MS);
      }
    });
    return () => {
      clearInterval(poll);
      off();
      if (urlTimer) clearTimeout(urlTimer);
    };
    // the session's sign-in callback changes identity on every render; the restore runs once per video
    // eslint-disable-next-line react-hooks/exhaustive-deps -- signedIn/requireSignIn are read once, when the restore runs
  }, [editor, videoId, checking]);
}
