// Video Library screen: URL-driven filters, streamed list, table and dialogs.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { listAssignees } from '../../api/assignments';
import { listSources, reingestSource } from '../../api/sources';
import { batchExport, batchProcess, type VideoListFilters } from '../../api/videos';
import type { BatchExportMode, BatchProcessFraction } from '../../../domain/constants';
import { atLeast } from '../../../domain/roles';
import type { Assignee, Source } from '../../../domain/types';
import { useSnackbar } from '../../components/dialogs/Alert';
import { Alert } from '../../components/dialogs/Alert';
import { useSession } from '../../session';
import { listStateMachine, type ListState } from '../../../machines/list-state';
import {
  filtersFromState,
  focusParam,
  listParams,
  parseListParams,
  safeSessionStorage,
  savedStateRedirect,
} from './library-params';
import { LibraryDialogs } from './LibraryDialogs';
import { LibraryToolbar } from './LibraryToolbar';
import { AssignBar } from './AssignBar';
import { useRowSelection } from './use-row-selection';
import { useRowActions } from './use-row-actions';
import { useStatusPolling } from './use-status-polling';
import { useVideoList } from './use-video-list';
import { VideoTable } from './VideoTable';
import { saveBlob } from '../../components/save-blob';

const errText = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

export function LibraryPage() {
  const [params, setParams] = useSearchParams();
  const [redirect] = useState(() => savedStateRedirect(params));
  const [ready, setReady] = useState(redirect === null);
  useLayoutEffect(() => {
    if (redirect) {
      setParams(redirect, { replace: true });
      setReady(true);
    }
  }, [redirect, setParams]);

  const state = useMemo(() => parseListParams(params), [params]);
  const focusId = focusParam(params);
  const listState = useActorRef(listStateMachine, { input: { storage: safeSessionStorage() } });
  useEffect(() => {
    if (ready) listState.send({ type: 'list.save', state });
  }, [ready, state, listState]);

  const filters = useMemo<VideoListFilters>(() => filtersFromState(state), [state]);
  const list = useVideoList(filters, ready);
  const polling = useStatusPolling(list.videos, list.patchVideo);
  const actions = useRowActions(list.patchVideo, polling);
  const { requireSignIn, role } = useSession();
  const selection = useRowSelection(list.videos);
  const canAssign = atLeast(role, 'admin');
  const snackbar = useSnackbar();

  const [sources, setSources] = useState<Source[]>([]);
  const [assignees, setAssignees] = useState<Assignee[]>([]);
  const loadMeta = useCallback(() => {
    listSources()
      .then(setSources)
      .catch(() => setSources([]));
    listAssignees()
      .then(setAssignees)
      .catch(() => setAssignees([]));
  }, []);
  // Sources and assignees load after the first block of rows so they never delay it (one embedded DB serves both).
  const firstBlockIn = list.videos.length > 0 || !list.loading;
  const metaLoaded = useRef(false);
  useEffect(() => {
    if (!firstBlockIn || metaLoaded.current) return;
    metaLoaded.current = true;
    loadMeta();
  }, [firstBlockIn, loadMeta]);

  const update = useCallback(
    (patch: Partial<ListState>) => {
      setParams(
        (prev) => {
          const cur = parseListParams(prev);
          const filterChanged = Object.keys(patch).some((k) => k !== 'page' && k !== 'rows');
          const next: ListState = {
            ...cur,
            ...patch,
            page: patch.page ?? (filterChanged || patch.rows ? 0 : cur.page),
          };
          const p = listParams(next);
          const f = focusParam(prev);
          if (f && !filterChanged) p.set('focus', String(f)); // the highlight stays while paging
          return p;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // focus / videoId: go to the page holding that row once it has loaded, and scroll it into view.
  const focusedRef = useRef<number | null>(null);
  useEffect(() => {
    if (!focusId || focusedRef.current === focusId) return;
    const idx = list.videos.findIndex((v) => v.id === focusId);
    if (idx < 0) return;
    focusedRef.current = focusId;
    const page = Math.floor(idx / state.rows);
    if (page !== state.page) update({ page });
    requestAnimationFrame(() => document.getElementById(`video-row-${focusId}`)?.scrollIntoView({ block: 'center' }));
  }, [focusId, list.videos, state.rows, state.page, update]);

  const [busy, setBusy] = useState({ export: false, reingest: false });
  const onProcess = async (fraction: BatchProcessFraction) => {
    if (!requireSignIn()) return;
    try {
      const r = await batchProcess(fraction, state.source || undefined);
      snackbar.show(
        'success',
        typeof r?.queued === 'number' ? `Batch processing started • Queued ${r.queued}` : 'Batch processing started',
      );
      list.reload();
    } catch (e) {
      snackbar.show('error', errText(e, 'Failed to start batch processing'));
    }
  };
  const onExport = async (mode: BatchExportMode) => {
    setBusy((b) => ({ ...b, export: true }));
    try {
      const { blob, filename } = await batchExport(mode, state.source || undefined);
      saveBlob(blob, filename);
      snackbar.show('success', `Exported ${filename}`);
    } catch (e) {
      snackbar.show('error', errText(e, 'Failed to export annotations'));
    } finally {
      setBusy((b) => ({ ...b, export: false }));
    }
  };
  const onReingest = async () => {
    const src = sources.find((s) => s.root === state.source);
    if (src && !src.enabled) {
      snackbar.show('warning', 'Source must be online before re-ingesting.');
      return;
    }
    if (!requireSignIn()) return;
    setBusy((b) => ({ ...b, reingest: true }));
    try {
      const r = await reingestSource(state.source);
      snackbar.show('success', `Re-ingest completed • Added ${r.added} • Removed ${r.removed}`);
      list.reload();
      loadMeta();
    } catch (e) {
      snackbar.show('error', errText(e, 'Failed to re-ingest source'));
    } finally {
      setBusy((b) => ({ ...b, reingest: false }));
    }
  };

  return (
    <section className="p-4" data-testid="library.page">
      <h2 className="mb-3 text-xl font-semibold text-slate-900">Video Library</h2>
      <LibraryToolbar
        state={state}
        sources={sources}
        assignees={assignees}
        onChange={update}
        busy={busy}
        onProcess={onProcess}
        onExport={onExport}
        onReingest={onReingest}
        onRefresh={() => {
          list.reload();
          loadMeta();
        }}
      />
      {list.error && (
        <div className="mb-3">
          <Alert severity="error" testId="library.error">
            {list.error}
          </Alert>
        </div>
      )}
      {canAssign && selection.ids.length > 0 && (
        <AssignBar
          selected={selection.ids}
          onClear={selection.clear}
          onAssigned={(r) => {
            for (const id of r.updated)
              list.patchVideo(id, { assigned_to_id: r.assigned_to_id, assigned_to_name: r.assigned_to_name });
            selection.clear();
            loadMeta();
          }}
        />
      )}
      <VideoTable
        videos={list.videos}
        loading={list.loading}
        page={state.page}
        rows={state.rows}
        focusId={focusId}
        actions={actions}
        onPage={(page) => update({ page })}
        onRows={(rows) => update({ rows })}
        selection={canAssign ? selection : undefined}
      />
      <LibraryDialogs
        dialog={actions.dialog}
        busy={actions.busy}
        onClose={() => actions.setDialog(null)}
        onMarkReviewed={(v) => void actions.markReviewed(v)}
        onConfirmRemark={(r) => void actions.confirmRemark(r)}
      />
    </section>
  );
}
