// Render controls of the Annotate header: 'Render Annotated Video', the render progress bar with its
// percentage, 'Download' (the rendered MP4 as a file), the Annotated View / Live View toggle (Annotated
// needs a rendered video) and, when the rendered video is older than the annotations, a note with a
// one-click re-render.
import { Button } from '../../components/ui/Button';
import { Tooltip } from '../../components/ui/Tooltip';
import { useSession } from '../../session';
import { renderDownloadUrl } from '../../api/render';
import type { AnnotatedView, PlayerView } from './use-annotated-view';

export const NO_RENDER_TEXT = 'No rendered video yet: use Render Annotated Video';
export const STALE_TEXT = 'Annotations changed since this render';

const toggleClass = (on: boolean) =>
  `px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:text-slate-400 ${on ? 'bg-indigo-600 text-white' : 'bg-white text-slate-800 hover:bg-slate-50'}`;

function ViewToggle({
  view,
  available,
  onChange,
}: {
  view: PlayerView;
  available: boolean;
  onChange: (v: PlayerView) => void;
}) {
  const annotated = (
    <button
      type="button"
      data-testid="render.viewAnnotated"
      aria-pressed={view === 'annotated'}
      disabled={!available}
      className={`${toggleClass(view === 'annotated')} rounded-l`}
      onClick={() => onChange('annotated')}
    >
      Annotated View
    </button>
  );
  return (
    <div role="group" aria-label="Player view" className="inline-flex overflow-hidden rounded border border-slate-300">
      {available ? annotated : <Tooltip text={NO_RENDER_TEXT}>{annotated}</Tooltip>}
      <button
        type="button"
        data-testid="render.viewLive"
        aria-pressed={view === 'live'}
        className={`${toggleClass(view === 'live')} rounded-r border-l border-slate-300`}
        onClick={() => onChange('live')}
      >
        Live View
      </button>
    </div>
  );
}

export function RenderControls({ flow }: { flow: AnnotatedView }) {
  const { requireSignIn } = useSession();
  const { status, flowState } = flow;
  const busy = flowState === 'queued' || flowState === 'running' || flowState === 'starting';
  const progress = flowState === 'running' ? Math.round(status?.progress ?? 0) : flowState === 'done' ? 100 : 0;
  const start = () => {
    if (requireSignIn()) flow.start();
  };
  return (
    <div data-testid="render.controls" className="flex flex-wrap items-center gap-2">
      <Button data-testid="render.start" disabled={busy} onClick={start}>
        Render Annotated Video
      </Button>
      {(busy || flowState === 'done') && (
        <div className="flex items-center gap-1 text-xs text-slate-600">
          <div
            role="progressbar"
            aria-label="Render progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            data-testid="render.progress"
            data-state={flowState}
            className="h-2 w-28 overflow-hidden rounded bg-slate-200"
          >
            <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <span data-testid="render.percent">
            {flowState === 'queued' || flowState === 'starting' ? 'Queued' : `${progress}%`}
          </span>
        </div>
      )}
      {flowState === 'failed' && (flow.error || status?.error) && (
        <span data-testid="render.error" className="text-xs text-red-700">
          {flow.error || `Render failed: ${status?.error}`}
        </span>
      )}
      {status?.artifact && status.stale && !busy && (
        <span data-testid="render.stale" className="flex items-center gap-1 text-xs text-amber-800">
          {STALE_TEXT}
          <Button data-testid="render.rerender" variant="text" onClick={start}>
            Re-render
          </Button>
        </span>
      )}
      {status?.artifact && status.key && (
        <a
          data-testid="render.download"
          href={`${renderDownloadUrl(flow.videoId, status.key)}&download=1`}
          download
          title="Download the rendered video (MP4)"
          className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Download
        </a>
      )}
      <ViewToggle view={flow.view} available={Boolean(status?.artifact)} onChange={flow.setView} />
    </div>
  );
}
