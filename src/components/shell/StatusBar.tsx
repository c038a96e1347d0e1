// Footer API status bar: polls GET /status every 10 s (database status, AI device); Ping measures one
// round trip. A failed poll shows 'Status: error' and the message.
import { useCallback, useEffect, useState } from 'react';
import { STATUS_BAR_POLL_MS } from '../../../domain/constants';
import { fetchServerStatus, type ServerStatus } from '../../api/metrics';

export function StatusBar() {
  const [status, setStatus] = useState<ServerStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ping, setPing] = useState<number | null>(null);

  const poll = useCallback(async () => {
    const t0 = performance.now();
    try {
      const s = await fetchServerStatus();
      setStatus(s);
      setError(null);
      return performance.now() - t0;
    } catch (e) {
      setError((e as Error).message || 'Network error');
      return null;
    }
  }, []);
  useEffect(() => {
    void poll();
    const timer = setInterval(() => void poll(), STATUS_BAR_POLL_MS);
    return () => clearInterval(timer);
  }, [poll]);

  return (
    <footer
      data-testid="statusBar"
      className="fixed inset-x-0 bottom-0 z-30 flex h-8 items-center gap-4 border-t border-slate-300 bg-slate-800 px-3 text-xs text-slate-100"
    >
      {error ? (
        <span data-testid="statusBar.error" className="text-red-300">
          Status: error — {error}
        </span>
      ) : (
        <>
          <span data-testid="statusBar.status">Status: {status?.status ?? '…'}</span>
          <span data-testid="statusBar.database">Database: {status?.database_status ?? '…'}</span>
          <span data-testid="statusBar.device">AI device: {status?.ai_models.device ?? '…'}</span>
        </>
      )}
      <span className="ml-auto" data-testid="statusBar.ping">
        {ping === null ? '' : `Ping: ${Math.round(ping)} ms`}
      </span>
      <button
        type="button"
        data-testid="statusBar.pingButton"
        onClick={() => void poll().then((ms) => setPing(ms))}
        className="rounded bg-white/15 px-2 py-0.5 hover:bg-white/25 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
      >
        Ping
      </button>
    </footer>
  );
}
