// The Annotate header's Actions menu: Mark KIV / Unmark, Disqualify / Unmark (remark
// dialogs), Mark Reviewed, Mark Labelled / 'Already Labelled', and 'History Status: {filename}'.
import { useState } from 'react';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { VideoStatus } from '../../../domain/constants';
import type { HistoryEntry, Video } from '../../../domain/types';
import { getVideoHistory, setVideoStatus } from '../../api/videos';
import { RemarkDialog, type RemarkKind } from '../../components/dialogs/RemarkDialog';
import { StatusHistoryDialog, historyErrorEntry } from '../../components/dialogs/StatusHistoryDialog';
import { useSnackbar } from '../../components/dialogs/Alert';
import { useSession } from '../../session';
import { canSetStatus, unmarkTarget } from '../../../domain/status-rules';
import { openIssuesShort } from '../../../domain/review-issues';

export function StatusActionsMenu({
  video,
  onChanged,
  openIssues = 0,
}: {
  video: Video;
  onChanged: (v: Video) => void;
  /** Open review issues: reviewed and labelled wait until they are resolved. */
  openIssues?: number;
}) {
  const { user, requireSignIn } = useSession();
  const snackbar = useSnackbar();
  const [remarkKind, setRemarkKind] = useState<RemarkKind | null>(null);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<{ open: boolean; loading: boolean; entries: HistoryEntry[] }>({
    open: false,
    loading: false,
    entries: [],
  });
  const status = video.processing_status;

  async function change(to: VideoStatus, remark?: string) {
    if (!requireSignIn()) return;
    setBusy(true);
    try {
      const res = await setVideoStatus(video.id, to, remark);
      onChanged({ ...video, processing_status: res.status, previous_status: res.previous_status });
      setRemarkKind(null);
    } catch (e) {
      snackbar.show('error', (e as Error).message || 'Failed to update status');
    } finally {
      setBusy(false);
    }
  }

  function askRemark(kind: RemarkKind) {
    if (requireSignIn()) setRemarkKind(kind);
  }

  async function openHistory() {
    setHistory({ open: true, loading: true, entries: [] });
    try {
      setHistory({ open: true, loading: false, entries: await getVideoHistory(video.id) });
    } catch (e) {
      setHistory({ open: true, loading: false, entries: [historyErrorEntry((e as Error).message)] });
    }
  }

  const item = 'block w-full px-3 py-1.5 text-left text-sm data-[focus]:bg-indigo-50 data-[disabled]:text-slate-400';
  const labelled = status === 'labelled';
  // reviewed means resolved: with open issues both marks are refused, and the menu says why
  const blocked = openIssues > 0 ? openIssuesShort(openIssues) : null;
  const canReviewed = canSetStatus(video, 'reviewed');
  const canLabelled = user.signedIn && canSetStatus(video, 'labelled');
  const why = (text: string | null) =>
    text && (
      <span data-testid="actions.refusedWhy" className="block text-xs text-rose-700">
        {text}
      </span>
    );
  return (
    <>
      <Menu as="div" className="relative">
        <MenuButton
          data-testid="header.actions"
          className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Actions ▾
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-40 mt-1 w-56 rounded border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
        >
          <MenuItem>
            {status === 'kiv' ? (
              <button
                type="button"
                data-testid="actions.unmark-kiv"
                className={item}
                onClick={() => void change(unmarkTarget(video))}
              >
                Unmark KIV
              </button>
            ) : (
              <button type="button" data-testid="actions.kiv" className={item} onClick={() => askRemark('kiv')}>
                Mark KIV
              </button>
            )}
          </MenuItem>
          <MenuItem>
            {status === 'disqualified' ? (
              <button
                type="button"
                data-testid="actions.unmark-disqualified"
                className={item}
                onClick={() => void change(unmarkTarget(video))}
              >
                Unmark Disqualified
              </button>
            ) : (
              <button
                type="button"
                data-testid="actions.disqualify"
                className={item}
                onClick={() => askRemark('disqualified')}
              >
                Disqualify
              </button>
            )}
          </MenuItem>
          <MenuItem disabled={!canReviewed || !!blocked}>
            <button
              type="button"
              data-testid="actions.reviewed"
              className={item}
              title={canReviewed ? (blocked ?? undefined) : undefined}
              onClick={() => void change('reviewed')}
            >
              Mark Reviewed
              {canReviewed && why(blocked)}
            </button>
          </MenuItem>
          <MenuItem disabled={!canLabelled || !!blocked}>
            <button
              type="button"
              data-testid="actions.labelled"
              className={item}
              title={canLabelled ? (blocked ?? undefined) : undefined}
              onClick={() => void change('labelled')}
            >
              {labelled ? 'Already Labelled' : 'Mark Labelled'}
              {canLabelled && why(blocked)}
            </button>
          </MenuItem>
          <MenuItem>
            <button type="button" data-testid="actions.history" className={item} onClick={() => void openHistory()}>
              History Status
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      <RemarkDialog
        open={remarkKind !== null}
        kind={remarkKind ?? 'kiv'}
        busy={busy}
        onClose={() => setRemarkKind(null)}
        onConfirm={(remark) => void change(remarkKind === 'disqualified' ? 'disqualified' : 'kiv', remark)}
      />
      <StatusHistoryDialog
        open={history.open}
        loading={history.loading}
        entries={history.entries}
        title={`History Status: ${video.filename}`}
        onClose={() => setHistory((h) => ({ ...h, open: false }))}
      />
    </>
  );
}
