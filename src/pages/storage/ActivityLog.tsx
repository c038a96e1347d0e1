// The Activity Log of the Repository Manager: every card (and the export/import dialogs) adds its
// messages and failures through useActivityLog().appendLog; the box shows them newest last and
// scrolls once it is taller than 200 px.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type LogKind = 'info' | 'error';
export interface LogEntry {
  id: number;
  at: Date;
  message: string;
  kind: LogKind;
}
export interface ActivityLogApi {
  entries: LogEntry[];
  appendLog(message: string, kind?: LogKind): void;
  clear(): void;
}

const ActivityLogContext = createContext<ActivityLogApi | null>(null);

/** Older entries are dropped past this count so a long session does not grow the page without end. */
const MAX_ENTRIES = 500;

export function ActivityLogProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const nextId = useRef(1);
  const appendLog = useCallback((message: string, kind: LogKind = 'info') => {
    const entry = { id: nextId.current++, at: new Date(), message, kind };
    setEntries((e) => [...e.slice(-(MAX_ENTRIES - 1)), entry]);
  }, []);
  const clear = useCallback(() => setEntries([]), []);
  const value = useMemo(() => ({ entries, appendLog, clear }), [entries, appendLog, clear]);
  return <ActivityLogContext.Provider value={value}>{children}</ActivityLogContext.Provider>;
}

export function useActivityLog(): ActivityLogApi {
  const api = useContext(ActivityLogContext);
  if (!api) throw new Error('useActivityLog() must be used inside <ActivityLogProvider>');
  return api;
}

export function ActivityLog() {
  const { entries, clear } = useActivityLog();
  const box = useRef<HTMLDivElement>(null);
  // Keep the newest line in view as messages arrive.
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [entries]);
  return (
    <div className="mt-3">
      <div className="mb-1 flex items-center justify-between">
        <h4 className="text-sm font-semibold text-slate-700">Activity Log</h4>
        {entries.length > 0 && (
          <button type="button" onClick={clear} className="text-xs text-indigo-700 hover:underline">
            Clear
          </button>
        )}
      </div>
      <div
        ref={box}
        data-testid="repo.activityLog"
        role="log"
        aria-label="Activity Log"
        className="max-h-[200px] overflow-y-auto rounded border border-slate-200 bg-slate-50 p-2 font-mono text-xs"
      >
        {entries.length === 0 && <div className="text-slate-500">No activity yet.</div>}
        {entries.map((e) => (
          <div
            key={e.id}
            data-testid="repo.logEntry"
            data-kind={e.kind}
            className={e.kind === 'error' ? 'text-red-700' : 'text-slate-800'}
          >
            <span className="text-slate-500">[{e.at.toLocaleTimeString()}]</span> {e.message}
          </div>
        ))}
      </div>
    </div>
  );
}
