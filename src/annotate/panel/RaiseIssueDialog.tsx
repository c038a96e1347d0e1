// The dialog R opens: what the issue is pinned to (frame, track, region), the kind (1–7 pick it while the
// text is empty, Alt+1–7 at any time, or a click), the text and an optional last frame. Enter sends it;
// an empty text sends the kind's name. The focus starts in the text, so R, 3, typing and Enter raise a
// "Wrong box" issue without the mouse.
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';
import { ISSUE_KINDS, ISSUE_KIND_LABEL, ISSUE_TEXT_MAX, type IssueKind } from '../../../domain/review-issues';
import { useEditor } from '../editor/editor-context';
import { useStore } from '../store';

/** The kind a digit key picks (1 → the first kind), or null. */
function kindOfDigit(key: string): IssueKind | null {
  const n = Number(key);
  return Number.isInteger(n) && n >= 1 && n <= ISSUE_KINDS.length ? ISSUE_KINDS[n - 1] : null;
}

export function RaiseIssueDialog({ totalFrames }: { totalFrames: number }) {
  const editor = useEditor();
  const draft = useStore(editor.issues.state, (s) => s.draft);
  const [kind, setKind] = useState<IssueKind>('wrong_box');
  const [text, setText] = useState('');
  const [toFrame, setToFrame] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!draft) return;
    setKind(draft.kind);
    setText('');
    setToFrame('');
  }, [draft]);
  if (!draft) return null;

  const last = toFrame.trim() === '' ? null : Math.round(Number(toFrame));
  const badRange =
    last !== null && (!Number.isFinite(last) || last < draft.frame || (totalFrames > 0 && last >= totalFrames));
  const send = async () => {
    if (busy || badRange) return;
    setBusy(true);
    await editor.issues.submit(kind, text.trim() || ISSUE_KIND_LABEL[kind], last === draft.frame ? null : last);
    setBusy(false);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const picked = kindOfDigit(e.key);
    if (picked && (e.altKey || (e.currentTarget.value === '' && e.currentTarget.id === 'issue-text'))) {
      e.preventDefault();
      setKind(picked);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void send();
    }
  };
  const pinned = [
    `frame ${draft.frame}`,
    draft.trackId !== null ? `track T${draft.trackId}${draft.box && !draft.drawn ? ' (its box here)' : ''}` : null,
    draft.drawn ? 'the region drawn' : null,
  ].filter(Boolean);
  return (
    <Modal
      open
      onClose={() => editor.issues.cancelRaise()}
      title="Raise review issue"
      testId="dialog.raiseIssue"
      actions={
        <>
          <Button onClick={() => editor.issues.cancelRaise()}>Cancel</Button>
          <Button
            variant="primary"
            data-testid="raiseIssue.send"
            disabled={busy || badRange}
            onClick={() => void send()}
          >
            Raise issue (Enter)
          </Button>
        </>
      }
    >
      <p data-testid="raiseIssue.pinned" className="mb-2 text-sm text-slate-600">
        On {pinned.join(', ')}
      </p>
      <label htmlFor="issue-text" className="block text-sm font-medium text-slate-700">
        What is wrong
      </label>
      <input
        id="issue-text"
        data-testid="raiseIssue.text"
        maxLength={ISSUE_TEXT_MAX}
        placeholder={`${ISSUE_KIND_LABEL[kind]} — 1–7 pick the kind first`}
        className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
      />
      <div role="radiogroup" aria-label="Kind" className="mt-2 flex flex-wrap gap-1">
        {ISSUE_KINDS.map((k, i) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            data-testid={`raiseIssue.kind.${k}`}
            className={`rounded border px-2 py-0.5 text-xs ${kind === k ? 'border-rose-600 bg-rose-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
            onClick={() => {
              setKind(k);
              document.getElementById('issue-text')?.focus();
            }}
          >
            {i + 1} {ISSUE_KIND_LABEL[k]}
          </button>
        ))}
      </div>
      <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
        Up to frame
        <input
          data-testid="raiseIssue.toFrame"
          inputMode="numeric"
          placeholder={String(draft.frame)}
          className={`w-24 rounded border px-2 py-0.5 text-sm ${badRange ? 'border-red-500' : 'border-slate-300'}`}
          value={toFrame}
          onChange={(e) => setToFrame(e.target.value.replace(/[^0-9]/g, ''))}
          onKeyDown={onKey}
        />
        <span className="text-xs text-slate-500">(empty: this frame only)</span>
      </label>
      {badRange && (
        <p className="mt-1 text-xs text-red-700">
          The last frame must be from {draft.frame} to {Math.max(draft.frame, totalFrames - 1)}.
        </p>
      )}
    </Modal>
  );
}
