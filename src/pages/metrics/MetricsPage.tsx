// Metrics: AI Performance, System Performance, Human Review, Quality Trends and Review Issues from live data, the
// Sign-in block for administrators, and the 'Show API Status Bar' switch for the footer status bar.
import { useCallback, useEffect, useState } from 'react';
import { Field, Label, Switch } from '@headlessui/react';
import {
  fetchMetricsDetails,
  fetchServerStatus,
  fetchSignInMetrics,
  fetchSummary,
  type MetricsDetails,
  type MetricsSummary,
  type SignInMetrics,
} from '../../api/metrics';
import { Alert } from '../../components/dialogs/Alert';
import { Button } from '../../components/ui/Button';
import { RefreshIcon } from '../../components/ui/icons';
import { setDebugBarEnabled, useDebugBarEnabled } from '../../components/shell/debug-bar-setting';
import { AiPerformance, HumanReview, QualityTrends, SystemPerformance } from './MetricBlocks';
import { ReviewQuality } from './ReviewQuality';
import { SignInBlock } from './SignInBlock';
import { useSession } from '../../session';
import { atLeast } from '../../../domain/roles';

export function MetricsPage() {
  const [summary, setSummary] = useState<MetricsSummary | null>(null);
  const [details, setDetails] = useState<MetricsDetails | null>(null);
  const [device, setDevice] = useState<string | null>(null);
  const [signIn, setSignIn] = useState<SignInMetrics | null>(null);
  const admin = atLeast(useSession().role, 'admin');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const barOn = useDebugBarEnabled();

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    fetchServerStatus().then(
      (s) => setDevice(s.ai_models.device),
      () => setDevice(null),
    );
    if (admin)
      fetchSignInMetrics().then(
        (f) => setSignIn(f),
        () => setSignIn(null),
      );
    try {
      const [s, d] = await Promise.all([fetchSummary(), fetchMetricsDetails()]);
      setSummary(s);
      setDetails(d);
    } catch (e) {
      setError((e as Error).message || 'Failed to load metrics');
    }
    setLoading(false);
  }, [admin]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section data-testid="metrics.page" className="space-y-4 p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="flex-1 text-xl font-semibold">Metrics</h2>
        <Field className="flex items-center gap-2 text-sm">
          <Switch
            checked={barOn}
            onChange={setDebugBarEnabled}
            data-testid="metrics.statusBarSwitch"
            className="group relative inline-flex h-5 w-9 items-center rounded-full bg-slate-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 data-[checked]:bg-indigo-600"
          >
            <span className="inline-block h-4 w-4 translate-x-0.5 rounded-full bg-white transition group-data-[checked]:translate-x-4" />
          </Switch>
          <Label>Show API Status Bar</Label>
        </Field>
        <Button data-testid="metrics.refresh" disabled={loading} onClick={() => void load()}>
          <RefreshIcon /> Refresh
        </Button>
      </div>
      {error && (
        <Alert severity="error" testId="metrics.error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {summary && details ? (
        <div className="grid gap-3 lg:grid-cols-2">
          <AiPerformance summary={summary} />
          <SystemPerformance details={details} device={device} />
          <HumanReview details={details} />
          <QualityTrends details={details} />
          <ReviewQuality details={details} />
          {admin && signIn && <SignInBlock figures={signIn} />}
        </div>
      ) : (
        !error && <p className="text-sm text-slate-500">Loading…</p>
      )}
    </section>
  );
}
