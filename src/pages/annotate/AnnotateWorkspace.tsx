// The Annotate workspace below the header, sized to the window so the picture, the player controls and
// the timeline's first rows are seen together without scrolling:
//   [ player (fills its area) | data panel (collapsible) ]
//   [ player controls, the whole width (fewer lines, so more height for the picture) ]
//   ============ draggable split (mouse, or ↑/↓ when focused) ============
//   [ Track Timeline (rows scroll inside) ]
// The player size sets the split too: Small leaves the timeline about 9 rows, Medium 4, Large takes all but
// its title, axis and 2 rows for the picture (a size chosen later decides again; a drag overrides it).
// Full width lets the player area grow to the picture's height instead (the page then scrolls).
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useUi } from '../../annotate/editor/editor-context';
import { useElementSize } from '../../annotate/use-element-size';
import {
  TIMELINE_DEFAULT_H,
  clampSplit,
  clearSplit,
  readPanelCollapsed,
  readSplit,
  savePanelCollapsed,
  saveSplit,
} from './layout-prefs';

const KEY_STEP = 20;

export function AnnotateWorkspace({
  player,
  controls,
  panel,
  timeline,
}: {
  player: ReactNode;
  controls: ReactNode;
  panel: ReactNode;
  timeline: ReactNode;
}) {
  const size = useUi((s) => s.playerSize);
  const full = size === 'full';
  const rootRef = useRef<HTMLDivElement>(null);
  const total = useElementSize(rootRef).height;
  const [wanted, setWanted] = useState<number | null>(readSplit);
  const [collapsed, setCollapsed] = useState(readPanelCollapsed);
  const top = clampSplit(wanted, total, size);
  // a player size chosen now decides the split again (Large takes the timeline's height, Small gives it back)
  const shownSize = useRef(size);
  useEffect(() => {
    if (shownSize.current === size) return;
    shownSize.current = size;
    setWanted(null);
    clearSplit();
  }, [size]);
  const drag = useRef<{ y: number; top: number } | null>(null);

  const setTop = (px: number) => {
    const v = clampSplit(px, total, size);
    setWanted(v);
    return v;
  };
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { y: e.clientY, top };
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setTop(drag.current.top + e.clientY - drag.current.y);
  };
  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    saveSplit(setTop(drag.current.top + e.clientY - drag.current.y));
    drag.current = null;
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    e.stopPropagation();
    saveSplit(setTop(top + (e.key === 'ArrowUp' ? -KEY_STEP : KEY_STEP)));
  };
  const toggle = (on: boolean) => {
    setCollapsed(on);
    savePanelCollapsed(on);
  };

  return (
    <div ref={rootRef} data-testid="layout.workspace" className={`flex flex-col ${full ? '' : 'min-h-0 flex-1'}`}>
      <div data-testid="layout.top" className="flex min-h-0 flex-col gap-2" style={full ? undefined : { height: top }}>
        <div className="flex min-h-0 flex-1 gap-3">
          <div className="flex min-h-0 min-w-0 flex-1">{player}</div>
          {collapsed ? (
            <button
              type="button"
              data-testid="layout.panel-expand"
              aria-expanded={false}
              aria-label="Show data panel"
              title="Show data panel"
              onClick={() => toggle(false)}
              className="shrink-0 rounded border border-slate-200 bg-white px-1 text-xs font-semibold text-slate-600 [writing-mode:vertical-rl] hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              ◂ Data
            </button>
          ) : (
            <div data-testid="layout.panel" className="relative flex min-h-0 w-[22rem] shrink-0 flex-col">
              <button
                type="button"
                data-testid="layout.panel-collapse"
                aria-expanded
                aria-label="Hide data panel"
                title="Hide data panel"
                onClick={() => toggle(true)}
                className="absolute -left-2.5 top-2 z-10 rounded-full border border-slate-300 bg-white px-1 text-xs leading-4 text-slate-600 shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                ▸
              </button>
              {panel}
            </div>
          )}
        </div>
        {controls}
      </div>
      {full ? (
        <div className="h-3" />
      ) : (
        <div
          role="separator"
          aria-orientation="horizontal"
          aria-label="Resize player and timeline"
          tabIndex={0}
          aria-valuenow={top}
          aria-valuemin={0}
          aria-valuemax={total}
          data-testid="layout.split"
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerCancel={() => {
            drag.current = null;
          }}
          onKeyDown={onKey}
          className="group flex h-3 shrink-0 cursor-row-resize touch-none items-center justify-center focus:outline-none"
        >
          <div className="h-1 w-16 rounded bg-slate-300 group-hover:bg-indigo-400 group-focus-visible:bg-indigo-500" />
        </div>
      )}
      <div
        data-testid="layout.bottom"
        className={full ? '' : 'min-h-0 flex-1'}
        style={full ? { height: TIMELINE_DEFAULT_H + 60 } : undefined}
      >
        {timeline}
      </div>
    </div>
  );
}
