// Dashboard: six status cards (each but Total with its share), Video Statistics, System Status and, for
// admin and super, the Source Overview. Every figure comes from the server's summary, counted as the
// library lists videos.
import { useCallback, useEffect, useState } from 'react';
import { fetchSourceOverview, fetchSummary, type MetricsSummary, type SourceOverviewEntry } from '../../api/metrics';
import { Alert } from '../../components/dialogs/Alert';
import { Button } from '../../components/ui/Button';
import { RefreshIcon } from '../../components/ui/icons';
import { useSession } from '../../session';
import { atLeast } from '../../../domain/roles';
import { percent } from './format';
import { SourceOverview } from './SourceOverview';

const CARDS = [
  { key: 'total', label: 'Total Videos' },
  { key: 'pending', label: 'Pending' },
  { key: 'processing', label: 'Processing' },
  { key: 'completed', label: 'Completed' },
  { key: 'reviewed', label: 'Reviewed' },
  { key: 'labelled', label: 'Labelled' },
] as const;

const card = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm';

function Stat({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div className="flex justify-between py-1 text-sm">
      <span className="text-slate-600">{label}</span>
      <span data-testid={testId} className="font-medium">
        {value}
      </span>
    </div>
  );
}

export function DashboardPage() {
  const { role } = useSession();
  const isAdmin = atLeast(role, 'admin');
  const [summary, setSummary] = useState<MetricsSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sources, setSources] = useState<SourceOverviewEntry[] | null>(null);
  const [sourcesError, setSourcesError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    const overview = isAdmin
      ? fetchSourceOverview().then(
          (s) => {
            setSources(s);
            setSourcesError(null);
          },
          (e: Error) => setSourcesError(e.message),
        )
      : null;
    try {
      setSummary(await fetchSummary());
    } catch (e) {
      setError((e as Error).message || 'Failed to load metrics');
    }
    await overview;
    setLoading(false);
  }, [isAdmin]);
  useEffect(() => {
    void load();
  }, [load]);

  const total = summary?.totals.videos ?? 0;
  const count = (key: (typeof CARDS)[number]['key']) => (key === 'total' ? total : (summary?.status[key] ?? 0));
  const stats = summary?.video_stats;
  return (
    <section data-testid="dashboard.page" className="space-y-4 p-6">
      <div className="flex items-center gap-3">
        <h2 className="flex-1 text-xl font-semibold">Dashboard</h2>
        <Button data-testid="dashboard.refresh" disabled={loading} onClick={() => void load()}>
          <RefreshIcon /> Refresh
        </Button>
      </div>
      {error && (
        <Alert severity="error" testId="dashboard.error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {CARDS.map((c) => (
          <div key={c.key} data-testid={`dashboard.card.${c.key}`} className={card}>
            <div className="text-sm text-slate-600">{c.label}</div>
            <div data-testid="dashboard.cardValue" className="text-2xl font-semibold">
              {summary ? count(c.key) : '—'}
            </div>
            {c.key !== 'total' && (
              <div data-testid="dashboard.cardPercent" className="text-xs text-slate-500">
                {summary ? percent(count(c.key), total) : ''}
              </div>
            )}
          </div>
        ))}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div data-testid="dashboard.videoStats" className={card}>
          <h3 className="mb-2 font-semibold text-slate-800">Video Statistics</h3>
          <Stat
            label="Average Duration"
            testId="dashboard.avgDuration"
            value={stats ? `${stats.avg_duration} s` : '—'}
          />
          <Stat
            label="Average Resolution"
            testId="dashboard.avgResolution"
            value={stats ? (total ? stats.avg_resolution : 'N/A') : '—'}
          />
          <Stat
            label="Completion Rate"
            testId="dashboard.completionRate"
            value={stats ? (stats.completion_rate === null ? 'N/A' : `${stats.completion_rate}%`) : '—'}
          />
        </div>
        <div data-testid="dashboard.systemStatus" className={card}>
          <h3 className="mb-2 font-semibold text-slate-800">System Status</h3>
          <Stat
            label="Active Sources"
            testId="dashboard.activeSources"
            value={summary ? summary.system.active_sources : '—'}
          />
          <Stat
            label="Processing Queue"
            testId="dashboard.processingQueue"
            value={summary ? (summary.system.processing_queue ?? 'N/A') : '—'}
          />
          <Stat label="System Health" testId="dashboard.health" value="Operational" />
        </div>
      </div>
      {isAdmin && <SourceOverview sources={sources} error={sourcesError} />}
    </section>
  );
}
