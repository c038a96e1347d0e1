// Source Overview (admin and super): each enabled source with its videos per status and their share.
import type { SourceOverviewEntry } from '../../api/metrics';
import { percent } from './format';

const COLUMNS = ['pending', 'processing', 'completed', 'reviewed', 'labelled'] as const;

export function SourceOverview({ sources, error }: { sources: SourceOverviewEntry[] | null; error: string | null }) {
  const enabled = (sources ?? []).filter((s) => s.enabled);
  return (
    <div data-testid="dashboard.sourceOverview" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="mb-3 font-semibold text-slate-800">Source Overview</h3>
      {error ? (
        <p className="text-sm text-red-700">{error}</p>
      ) : !sources ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : !enabled.length ? (
        <p data-testid="dashboard.noSources" className="text-sm text-slate-500">
          No active sources configured
        </p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th className="py-1 pr-3">Source</th>
              <th className="py-1 pr-3">Total</th>
              {COLUMNS.map((c) => (
                <th key={c} className="py-1 pr-3 capitalize">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {enabled.map((s) => (
              <tr
                key={s.root}
                data-testid="dashboard.sourceRow"
                data-root={s.root}
                className="border-b border-slate-100"
              >
                <td className="py-1 pr-3">
                  <div className="font-medium">{s.label || s.root}</div>
                  <div className="text-xs text-slate-500">{s.root}</div>
                </td>
                <td className="py-1 pr-3" data-testid="dashboard.sourceTotal">
                  {s.stats.total}
                </td>
                {COLUMNS.map((c) => (
                  <td key={c} className="py-1 pr-3" data-testid={`dashboard.source.${c}`}>
                    {s.stats[c]} <span className="text-xs text-slate-500">({percent(s.stats[c], s.stats.total)})</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
