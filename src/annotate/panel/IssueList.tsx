// The Annotate screen's review issues, above the data panel so they are seen when the screen opens: each
// open issue with its kind, frames, track and text. A click goes to its first frame and selects its track;
// the selected one shows its thread, a comment box, and Resolve (Reopen once resolved). 'Show resolved'
// lists the closed ones too. Raising one is the R key (or the button), see commands/issue-raise.ts.
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { useSession } from '../../session';
import type { ReviewIssue } from '../../api/review-issues';
import { ISSUE_KIND_LABEL, issueFrames } from '../../../domain/review-issues';
import { navCommand } from '../keys/key-registry';
import { useEditor } from '../editor/editor-context';
import { useStore } from '../store';

const whole = <T,>(v: T) => v;
const who = (id: string, name: string | null) => name || id;
const when = (iso: string) => new Date(iso).toLocaleString();

function trackText(i: ReviewIssue): string | null {
  if (!i.track_label) return null;
  return i.track_exists ? i.track_label : `${i.track_label} (gone)`;
}

function IssueThread({ issue }: { issue: ReviewIssue }) {
  const editor = useEditor();
  const { requireSignIn } = useSession();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const t = text.trim();
    if (!t || !requireSignIn()) return;
    setBusy(true);
    if (await editor.issues.comment(issue.id, t)) setText('');
    setBusy(false);
  };
  const toggle = async () => {
    if (!requireSignIn()) return;
    setBusy(true);
    const note = text.trim() || undefined;
    if (await editor.issues.setState(issue.id, issue.state === 'open' ? 'resolved' : 'open', note)) setText('');
    setBusy(false);
  };
  return (
    <div className="mt-1 space-y-1 border-t border-rose-100 pt-1 text-xs" onClick={(e) => e.stopPropagation()}>
      <div className="text-slate-500">
        Raised by {who(issue.raised_by_id, issue.raised_by_name)} · {when(issue.raised_at)}
        {issue.resolved_at && (
          <>
            {' '}
            · resolved by {who(issue.resolved_by_id ?? '', issue.resolved_by_name)} · {when(issue.resolved_at)}
          </>
        )}
      </div>
      {issue.comments.map((c) => (
        <div key={c.id} data-testid="issue.comment" className="text-slate-700">
          <span className="font-medium">{who(c.author_id, c.author_name)}</span>
          {c.event && <span className="text-slate-500"> {c.event} it</span>}
          {c.text && `: ${c.text}`}
        </div>
      ))}
      <div className="flex gap-1">
        <input
          data-testid="issue.commentText"
          aria-label="Comment"
          placeholder="Comment, or a note with Resolve"
          maxLength={2000}
          className="min-w-0 flex-1 rounded border border-slate-300 px-1 py-0.5"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button data-testid="issue.commentSend" disabled={busy || !text.trim()} onClick={() => void send()}>
          Comment
        </Button>
        <Button
          data-testid={issue.state === 'open' ? 'issue.resolve' : 'issue.reopen'}
          variant={issue.state === 'open' ? 'primary' : 'secondary'}
          disabled={busy}
          onClick={() => void toggle()}
        >
          {issue.state === 'open' ? 'Resolve' : 'Reopen'}
        </Button>
      </div>
    </div>
  );
}

function IssueRow({ issue, selected }: { issue: ReviewIssue; selected: boolean }) {
  const editor = useEditor();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  const track = trackText(issue);
  return (
    <li
      ref={ref}
      data-testid="issue.item"
      data-issue-id={issue.id}
      data-state={issue.state}
      aria-selected={selected}
      className={`cursor-pointer rounded border px-2 py-1 text-xs ${selected ? 'border-rose-400 bg-rose-50' : 'border-slate-200 hover:bg-slate-50'} ${issue.state === 'resolved' ? 'opacity-70' : ''}`}
      onClick={() => void editor.issues.select(issue.id)}
    >
      <div className="flex flex-wrap items-center gap-1">
        <span data-testid="issue.kind" className="rounded bg-rose-600 px-1.5 font-medium text-white">
          {ISSUE_KIND_LABEL[issue.kind]}
        </span>
        <span data-testid="issue.frames" className="text-slate-600">
          {issueFrames(issue)}
        </span>
        {track && (
          <span data-testid="issue.track" className="font-medium text-slate-700">
            {track}
          </span>
        )}
        {issue.state === 'resolved' && <span className="text-green-700">✓ resolved</span>}
        {issue.comments.some((c) => !c.event) && <span className="text-slate-500">💬</span>}
      </div>
      <div data-testid="issue.text" className="mt-0.5 whitespace-pre-wrap text-slate-800">
        {issue.text}
      </div>
      {selected && <IssueThread issue={issue} />}
    </li>
  );
}

export function IssueList() {
  const editor = useEditor();
  const { requireSignIn } = useSession();
  const state = useStore(editor.issues.state, whole);
  const [showResolved, setShowResolved] = useState(false);
  const open = state.issues.filter((i) => i.state === 'open');
  const shown = showResolved ? state.issues : open;
  return (
    <section
      data-testid="issues.panel"
      className="mb-2 flex max-h-[40%] min-h-0 shrink-0 flex-col rounded border border-rose-200 bg-white"
    >
      <header className="flex items-center gap-2 border-b border-rose-100 px-2 py-1">
        <h2 className="text-sm font-semibold">
          Review issues <span data-testid="issues.openCount">({open.length} open)</span>
        </h2>
        <label className="ml-auto flex items-center gap-1 text-xs text-slate-600">
          <input
            type="checkbox"
            data-testid="issues.showResolved"
            checked={showResolved}
            onChange={(e) => setShowResolved(e.target.checked)}
          />
          Show resolved
        </label>
        <Button
          data-testid="issues.raise"
          title="Raise an issue on the selected track here (R), or on a region you draw (Shift+R)"
          className="!px-2 !py-0.5 text-xs"
          onClick={() => navCommand('issue.raise').run(editor, { requireSignIn: () => requireSignIn() })}
        >
          + Issue (R)
        </Button>
      </header>
      {state.error && <p className="px-2 py-1 text-xs text-red-700">{state.error}</p>}
      <ul data-testid="issues.list" className="min-h-0 space-y-1 overflow-y-auto p-1">
        {shown.map((i) => (
          <IssueRow key={i.id} issue={i} selected={state.selectedId === i.id} />
        ))}
        {state.loaded && !shown.length && (
          <li data-testid="issues.empty" className="px-1 text-xs text-slate-500">
            No open issues. Select a track and press R to raise one.
          </li>
        )}
      </ul>
    </section>
  );
}
