// The Annotated View / Live View choice of the Annotate screen and the render flow behind it. The flow
// machine reads the render status at start and polls it every 500 ms while a render is queued or
// running (the actor stops with the page). The screen opens in the settings' default_view when a
// rendered video exists; edit mode always shows the live overlay (a rendered picture cannot show edits);
// after an edit the status is read again, so a rendered video older than the annotations shows as stale.
import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { renderFlowMachine } from '../../../machines/render-flow';
import type { RenderStatus } from '../../../domain/render-status';
import { fetchRenderStatus, renderDownloadUrl, startRender } from '../../api/render';
import { fetchVideoSettings } from '../../api/settings';
import { useEditor, useUi } from '../../annotate/editor/editor-context';

export type PlayerView = 'annotated' | 'live';
/** Edits are saved in the background; the status is read again this long after the last one. */
const REFRESH_AFTER_EDIT_MS = 1500;

export interface AnnotatedView {
  videoId: number;
  flowState: string;
  status: RenderStatus | null;
  error: string | null;
  view: PlayerView;
  setView: (v: PlayerView) => void;
  start: () => void;
  /** The rendered video's URL while the annotated view is shown, else null (play the source with the live overlay). */
  annotatedSrc: string | null;
}

export function useAnnotatedView(videoId: number): AnnotatedView {
  const actor = useActorRef(
    renderFlowMachine.provide({
      actors: {
        fetchStatus: fromPromise(() => fetchRenderStatus(videoId)),
        startRender: fromPromise(() => startRender(videoId)),
      },
    }),
  );
  const flowState = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]));
  const status = useSelector(actor, (s) => s.context.status);
  const error = useSelector(actor, (s) => s.context.error);
  const [view, setView] = useState<PlayerView>('live');
  const mode = useUi((s) => s.mode);
  const editor = useEditor();

  // default_view applies once, when both the settings and the first status are known
  const [defaultView, setDefaultView] = useState<PlayerView | null>(null);
  useEffect(() => {
    fetchVideoSettings().then(
      (s) => setDefaultView(s.default_view),
      () => setDefaultView('annotated'),
    );
  }, []);
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || defaultView === null || flowState === 'loading') return;
    applied.current = true;
    if (defaultView === 'annotated' && status?.artifact) setView('annotated');
  }, [defaultView, flowState, status]);

  useEffect(() => {
    if (mode === 'edit') setView('live');
  }, [mode]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = editor.doc.subscribe((_doc, _prev, reason) => {
      if (reason !== 'edit' && reason !== 'server-stamp') return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => actor.send({ type: 'render.refresh' }), REFRESH_AFTER_EDIT_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [actor, editor]);

  const available = Boolean(status?.artifact && status.key);
  const shown: PlayerView = view === 'annotated' && available && mode !== 'edit' ? 'annotated' : 'live';
  return {
    videoId,
    flowState,
    status,
    error,
    view: shown,
    setView,
    start: () => actor.send({ type: 'render.start' }),
    annotatedSrc: shown === 'annotated' ? renderDownloadUrl(videoId, status!.key!) : null,
  };
}
