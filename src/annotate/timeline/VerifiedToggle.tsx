// A track row's verified mark: a check that shows who verified the track and when, amber when the track
// was edited since. Clicking it (or V with the track selected) sets the mark, verifies an edited track
// again, or clears a current mark. A write, so it needs a signed-in user.
import { useSession } from '../../session';
import { navCommand } from '../keys/key-registry';
import { useEditor } from '../editor/editor-context';
import { useStore } from '../store';

const when = (iso: string) => new Date(iso).toLocaleString();

export function VerifiedToggle({ trackId }: { trackId: number }) {
  const editor = useEditor();
  const mark = useStore(
    editor.review.state,
    (s) => s.summary?.tracks.find((t) => t.track_id === trackId)?.verified ?? null,
  );
  const { requireSignIn } = useSession();
  const state = !mark ? 'no' : mark.edited_at ? 'edited' : 'yes';
  const title = !mark
    ? `Mark track ${trackId} verified (V)`
    : `Verified by ${mark.by_name || mark.by_id} at ${when(mark.at)}${mark.edited_at ? ` — edited since verified (${when(mark.edited_at)}${mark.edited_by_id ? ` by ${mark.edited_by_id}` : ''}); click to verify again` : '; click to clear'}`;
  const colour =
    state === 'yes'
      ? 'text-emerald-600'
      : state === 'edited'
        ? 'text-amber-600'
        : 'text-slate-300 hover:text-slate-500';
  return (
    <button
      type="button"
      data-testid="timeline.verified"
      data-verified={state}
      aria-pressed={state === 'yes'}
      aria-label={title}
      title={title}
      className={`rounded px-0.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${colour}`}
      onClick={() => {
        editor.updateUi({ selectedTrackId: trackId });
        navCommand('track.verify').run(editor, { requireSignIn: () => requireSignIn() });
      }}
    >
      <svg
        width="13"
        height="13"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        aria-hidden="true"
      >
        <path d="M4 12l5 5L20 6" />
      </svg>
    </button>
  );
}
