// The player's zoom controls, in the top-right corner of the picture: the hand tool (a left drag pans),
// 'Fit' (the whole picture), '1:1' (one video pixel per screen pixel) and the zoom readout, the
// percentage of the video's own pixel size (100% is 1:1). The wheel zooms around the pointer.
import { useEditor, useTool } from '../editor/editor-context';
import { useStore } from '../store';

const btn =
  'rounded px-2 py-0.5 text-xs font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400';

export function ZoomControls() {
  const editor = useEditor();
  const { viewport } = editor;
  const view = useStore(viewport.state, (s) => s);
  const hand = useTool() === 'pan';
  const percent = Math.round(viewport.scale() * 100);
  return (
    <div
      role="toolbar"
      aria-label="Zoom"
      data-testid="zoom.toolbar"
      className="absolute right-2 top-2 z-10 flex items-center gap-1 rounded bg-slate-900/70 px-1 py-0.5 text-white"
    >
      <button
        type="button"
        data-testid="zoom.hand"
        aria-pressed={hand}
        title="Hand: drag to pan (H). Space-drag or a middle-button drag pans too."
        className={`${btn} ${hand ? 'bg-indigo-500' : 'hover:bg-white/20'}`}
        onClick={() => editor.interaction.send({ type: hand ? 'tool.select' : 'tool.pan' })}
      >
        Hand
      </button>
      <button
        type="button"
        data-testid="zoom.fit"
        title="Fit the whole picture"
        disabled={view.zoom === 1 && view.panX === 0 && view.panY === 0}
        className={`${btn} hover:bg-white/20 disabled:opacity-50`}
        onClick={() => viewport.fit()}
      >
        Fit
      </button>
      <button
        type="button"
        data-testid="zoom.one"
        title="One video pixel per screen pixel"
        className={`${btn} hover:bg-white/20`}
        onClick={() => viewport.oneToOne()}
      >
        1:1
      </button>
      <span data-testid="zoom.readout" className="min-w-[3rem] px-1 text-right text-xs tabular-nums" aria-live="polite">
        {percent}%
      </span>
    </div>
  );
}
