// The review issues on the picture (the editor's HUD, not the rendered video): a dashed outline and a
// marker for each open issue on the frames of its range (issue-pins.ts), and, while R waits for one, the
// region drag of a new issue. It sits inside the player's input surface; the markers and the region drag
// keep their pointer events to themselves, everything else reaches the editor as before.
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { ISSUE_KIND_LABEL } from '../../../domain/review-issues';
import { useEditor } from '../editor/editor-context';
import { videoSizeOf } from '../canvas/overlay-model';
import { useStore } from '../store';
import { issuePinsAt, type IssuePin } from '../review/issue-pins';

function usePins(): IssuePin[] {
  const editor = useEditor();
  const [pins, setPins] = useState<IssuePin[]>([]);
  useEffect(() => {
    let last = '';
    const update = () => {
      const doc = editor.getDoc();
      const next = issuePinsAt(
        editor.issues.state.get().issues,
        doc,
        editor.getUi(),
        (p) => editor.viewport.toScreen(p),
        doc ? videoSizeOf(doc) : { width: 0, height: 0 },
      );
      const key = JSON.stringify(next.map((p) => [p.id, p.issue.version, p.rect, p.at]));
      if (key !== last) {
        last = key;
        setPins(next);
      }
    };
    update();
    const offs = [
      editor.issues.state.subscribe(update),
      editor.doc.subscribe(update),
      editor.viewport.state.subscribe(update),
      editor.ui.subscribe((s, p) => {
        if (s.frame !== p.frame || s.interpolation !== p.interpolation) update();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [editor]);
  return pins;
}

const stop = (e: ReactPointerEvent) => e.stopPropagation();

function Pins() {
  const editor = useEditor();
  const selected = useStore(editor.issues.state, (s) => s.selectedId);
  const pins = usePins();
  return (
    <>
      {pins.map((p) => (
        <div key={p.id}>
          {p.rect && (
            <div
              data-testid="issue.pinBox"
              data-issue-id={p.id}
              className={`pointer-events-none absolute border-2 border-dashed ${selected === p.id ? 'border-rose-400' : 'border-rose-600'}`}
              style={p.rect}
            />
          )}
          <button
            type="button"
            data-testid="issue.pin"
            data-issue-id={p.id}
            title={`${ISSUE_KIND_LABEL[p.issue.kind]}: ${p.issue.text}`}
            className="absolute z-10 max-w-[14rem] truncate rounded-b bg-rose-600 px-1.5 text-left text-[11px] font-medium leading-4 text-white shadow"
            // under the box (the track's own label above it stays readable), clear of its corner handles
            style={{ left: p.at.x, top: p.at.y }}
            onPointerDown={stop}
            onClick={() => void editor.issues.select(p.id)}
          >
            ⚑ {ISSUE_KIND_LABEL[p.issue.kind]}: {p.issue.text}
          </button>
        </div>
      ))}
    </>
  );
}

/** R with no track selected (or Shift+R): drag a region; Enter takes the whole frame, Escape cancels. */
function RegionDraw() {
  const editor = useEditor();
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' && e.key !== 'Enter') return;
      e.preventDefault();
      e.stopImmediatePropagation();
      if (e.key === 'Escape') editor.issues.cancelRaise();
      else editor.issues.finishRegion(null);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [editor]);
  const at = (e: ReactPointerEvent) => {
    const r = ref.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const finish = (d: NonNullable<typeof drag>) => {
    const doc = editor.getDoc();
    if (!doc || Math.abs(d.x1 - d.x0) < 4 || Math.abs(d.y1 - d.y0) < 4) return;
    const { width, height } = videoSizeOf(doc);
    const a = editor.viewport.toVideo({ x: Math.min(d.x0, d.x1), y: Math.min(d.y0, d.y1) });
    const b = editor.viewport.toVideo({ x: Math.max(d.x0, d.x1), y: Math.max(d.y0, d.y1) });
    const fx = (x: number) => Math.min(1, Math.max(0, x / width));
    const fy = (y: number) => Math.min(1, Math.max(0, y / height));
    const box = { x1: fx(a.x), y1: fy(a.y), x2: fx(b.x), y2: fy(b.y) };
    if (box.x2 > box.x1 && box.y2 > box.y1) editor.issues.finishRegion(box);
  };
  return (
    <div
      ref={ref}
      data-testid="issue.region"
      className="absolute inset-0 z-20 cursor-crosshair"
      onPointerDown={(e) => {
        e.stopPropagation();
        if (e.button !== 0) return;
        e.currentTarget.setPointerCapture?.(e.pointerId);
        const p = at(e);
        setDrag({ x0: p.x, y0: p.y, x1: p.x, y1: p.y });
      }}
      onPointerMove={(e) => {
        e.stopPropagation();
        if (drag) setDrag({ ...drag, ...((p) => ({ x1: p.x, y1: p.y }))(at(e)) });
      }}
      onPointerUp={(e) => {
        e.stopPropagation();
        if (drag) finish({ ...drag, ...((p) => ({ x1: p.x, y1: p.y }))(at(e)) });
        setDrag(null);
      }}
    >
      <div className="pointer-events-none absolute left-1/2 top-2 -translate-x-1/2 rounded bg-black/70 px-2 py-1 text-xs text-white">
        Drag a region for the issue · Enter: the whole frame · Esc: cancel
      </div>
      {drag && (
        <div
          className="pointer-events-none absolute border-2 border-dashed border-rose-500 bg-rose-500/10"
          style={{
            left: Math.min(drag.x0, drag.x1),
            top: Math.min(drag.y0, drag.y1),
            width: Math.abs(drag.x1 - drag.x0),
            height: Math.abs(drag.y1 - drag.y0),
          }}
        />
      )}
    </div>
  );
}

export function IssueLayer() {
  const editor = useEditor();
  const region = useStore(editor.issues.state, (s) => s.region !== null);
  return (
    <>
      <Pins />
      {region && <RegionDraw />}
    </>
  );
}
