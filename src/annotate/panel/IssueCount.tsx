// The Annotate header's count of open review issues: the video row's count until the list has loaded, then
// the list's (it follows every raise and resolve). A click goes to the first open issue.
import type { Video } from '../../../domain/types';
import { useEditor } from '../editor/editor-context';
import { useStore } from '../store';

export function useOpenIssueCount(video: Video | null): number {
  const editor = useEditor();
  const s = useStore(editor.issues.state, (st) => st);
  if (s.loaded && s.videoId === video?.id) return s.issues.filter((i) => i.state === 'open').length;
  return video?.open_issues ?? 0;
}

export function IssueCountButton({ count }: { count: number }) {
  const editor = useEditor();
  const first = () => {
    const open = editor.issues.openIssues();
    if (open.length) void editor.issues.select(open[0].id);
  };
  return (
    <button
      type="button"
      data-testid="header.openIssues"
      data-count={count}
      title={count ? 'Go to the first open review issue' : 'No open review issues'}
      onClick={first}
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${count ? 'bg-rose-600 text-white' : 'bg-slate-100 text-slate-500'}`}
    >
      {count ? `${count} open issue${count === 1 ? '' : 's'}` : 'No open issues'}
    </button>
  );
}
