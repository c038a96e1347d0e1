// The review walk's controls in the Track Timeline header: Previous / Next problem, the problem kind, how
// many problems of that kind there are, and 'Skip verified tracks'. The review keys (N, Shift+N, K, V —
// commands/navigation.ts) go through the screen's one key listener (edit/hotkeys.ts), in both modes.
import { useCallback, useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/Button';
import { useSession } from '../../session';
import { PROBLEM_KINDS, PROBLEM_LABEL, type OverlapCap, type ProblemFilter } from '../../../domain/review-navigation';
import { navCommand } from '../keys/key-registry';
import { useEditor } from '../editor/editor-context';
import { useStore } from '../store';

const whole = <T,>(v: T) => v;

/** How many problems of the chosen kind: follows the summary, the segments and the hidden tracks. */
function useProblemCount(): number {
  const editor = useEditor();
  const subscribe = useCallback(
    (cb: () => void) => {
      const offs = [
        editor.review.state.subscribe(cb),
        editor.doc.subscribe(cb),
        editor.ui.subscribe(cb),
        editor.issues.state.subscribe(cb),
      ];
      return () => {
        for (const off of offs) off();
      };
    },
    [editor],
  );
  const read = () => editor.review.problems().length;
  return useSyncExternalStore(subscribe, read, read);
}

/** The overlap test stops early in frames piled with boxes (domain/review-runs.ts); say so, in plain words. */
function OverlapCapNote({ cap }: { cap: OverlapCap }) {
  const frames =
    cap.frames === 1 ? `frame ${cap.first_frame}` : `${cap.frames} frames (the first is frame ${cap.first_frame})`;
  return (
    <span data-testid="review-nav.overlaps-capped" className="text-amber-700">
      Overlaps only partly checked in {frames}: too many boxes on top of each other.
    </span>
  );
}

export function ReviewNavBar() {
  const editor = useEditor();
  const { review } = editor;
  const state = useStore(review.state, whole);
  const count = useProblemCount();
  const { requireSignIn } = useSession();

  const run = (name: 'problem.next' | 'problem.prev') =>
    navCommand(name).run(editor, { requireSignIn: () => requireSignIn() });
  return (
    <div data-testid="review-nav.bar" className="flex flex-wrap items-center gap-1.5 text-xs">
      <Button data-testid="review-nav.prev" title="Previous problem (Shift+N)" onClick={() => run('problem.prev')}>
        ◀ Prev problem
      </Button>
      <select
        aria-label="Problem kind"
        title="Problem kind (K)"
        data-testid="review-nav.kind"
        value={state.filter}
        className="rounded border border-slate-300 px-1 py-1"
        onChange={(e) => review.setFilter(e.target.value as ProblemFilter)}
      >
        {(['all', ...PROBLEM_KINDS] as ProblemFilter[]).map((k) => (
          <option key={k} value={k}>
            {PROBLEM_LABEL[k]}
          </option>
        ))}
      </select>
      <Button data-testid="review-nav.next" title="Next problem (N)" onClick={() => run('problem.next')}>
        Next problem ▶
      </Button>
      <span data-testid="review-nav.count" className="text-slate-600">
        {state.summary ? `${count} ${count === 1 ? 'problem' : 'problems'}` : 'Finding problems…'}
      </span>
      <label className="flex items-center gap-1 text-slate-600">
        <input
          type="checkbox"
          data-testid="review-nav.skip-verified"
          checked={state.skipVerified}
          onChange={(e) => review.setSkipVerified(e.target.checked)}
        />
        Skip verified tracks
      </label>
      {state.summary?.overlaps_capped && <OverlapCapNote cap={state.summary.overlaps_capped} />}
      {state.message && (
        <span data-testid="review-nav.message" role="status" className="text-slate-500">
          {state.message}
        </span>
      )}
    </div>
  );
}
