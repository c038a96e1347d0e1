// The Metrics screen's blocks. Each shows live figures; what the system does not measure says so instead
// of showing a number.
import type { MetricsDetails, MetricsSummary } from '../../api/metrics';

export const card = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm';
const NotMeasured = ({ what, why }: { what: string; why: string }) => (
  <div data-testid="metrics.notMeasured" className="flex justify-between py-1 text-sm">
    <span className="text-slate-600">{what}</span>
    <span className="text-slate-400">not measured — {why}</span>
  </div>
);
const Row = ({ label, value, testId }: { label: string; value: string | number; testId?: string }) => (
  <div className="flex justify-between py-1 text-sm">
    <span className="text-slate-600">{label}</span>
    <span data-testid={testId} className="font-medium">
      {value}
    </span>
  </div>
);

function Bar({ label, value, max, testId }: { label: string; value: number; max: number; testId: string }) {
  const pct = max ? Math.round((value / max) * 100) : 0;
  return (
    <div className="py-1 text-sm">
      <div className="flex justify-between">
        <span className="text-slate-600">{label}</span>
        <span data-testid={testId} className="font-medium">
          {value}
        </span>
      </div>
      <div className="h-2 rounded bg-slate-100">
        <div className="h-2 rounded bg-indigo-500" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

export function AiPerformance({ summary }: { summary: MetricsSummary }) {
  const total = summary.totals.videos;
  return (
    <div data-testid="metrics.ai" className={card}>
      <h3 className="mb-2 font-semibold text-slate-800">AI Performance</h3>
      <Bar label="Total Videos" value={total} max={total} testId="metrics.bar.total" />
      <Bar label="Completed" value={summary.status.completed} max={total} testId="metrics.bar.completed" />
      <Bar label="Processing" value={summary.status.processing} max={total} testId="metrics.bar.processing" />
      <Bar label="Reviewed" value={summary.status.reviewed} max={total} testId="metrics.bar.reviewed" />
      <NotMeasured what="Detection accuracy" why="needs ground-truth annotations" />
    </div>
  );
}

export function SystemPerformance({ details, device }: { details: MetricsDetails; device: string | null }) {
  const p = details.processing;
  return (
    <div data-testid="metrics.system" className={card}>
      <h3 className="mb-2 font-semibold text-slate-800">System Performance</h3>
      <Row label="AI device" value={device ?? '…'} />
      {p.runs ? (
        <>
          <Row
            label="Processing speed (median)"
            testId="metrics.framesPerSecond"
            value={`${p.median_frames_per_second} analysed frames/s`}
          />
          <Row
            label="Real-time factor (median)"
            testId="metrics.realtime"
            value={p.median_realtime_factor === null ? 'N/A' : `${p.median_realtime_factor}× real time`}
          />
          <Row label="Processing runs measured" testId="metrics.runs" value={p.runs} />
          <ul className="mt-2 space-y-0.5 text-xs text-slate-600">
            {p.recent.map((r) => (
              <li key={`${r.video_id}-${r.at}`}>
                {r.filename}: {r.frames_per_second} frames/s, {r.realtime_factor ?? '?'}× real time
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p data-testid="metrics.noRuns" className="text-sm text-slate-500">
          No processing runs recorded yet.
        </p>
      )}
      <NotMeasured what="API latency" why="use Ping in the status bar" />
    </div>
  );
}

export function HumanReview({ details }: { details: MetricsDetails }) {
  const h = details.human_review;
  return (
    <div data-testid="metrics.human" className={card}>
      <h3 className="mb-2 font-semibold text-slate-800">Human Review</h3>
      <Row label="Human-edited detections" testId="metrics.humanDetections" value={h.human_edited_detections} />
      <Row
        label="Verified segments"
        testId="metrics.verifiedSegments"
        value={`${h.verified_segments} of ${h.segments}`}
      />
      <Row label="Videos with human work" value={h.videos_with_human_work} />
      {h.per_video.length > 0 && (
        <table className="mt-2 w-full text-xs">
          <thead>
            <tr className="text-left text-slate-500">
              <th>Video</th>
              <th>Edited boxes</th>
              <th>Verified segments</th>
            </tr>
          </thead>
          <tbody>
            {h.per_video.map((v) => (
              <tr key={v.id}>
                <td>{v.filename}</td>
                <td>{v.human_detections}</td>
                <td>
                  {v.verified_segments} / {v.segments}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h4 className="mt-3 text-sm font-medium text-slate-700">Reviewers</h4>
      {h.reviewers.length ? (
        <ul data-testid="metrics.reviewers" className="text-sm">
          {h.reviewers.map((r) => (
            <li key={r.user_id} data-testid="metrics.reviewer">
              {r.user_id}: {r.reviewed} reviewed, {r.labelled} labelled
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No reviews recorded yet.</p>
      )}
    </div>
  );
}

export function QualityTrends({ details }: { details: MetricsDetails }) {
  const max = Math.max(1, ...details.weekly.flatMap((w) => [w.processed, w.reviewed, w.labelled]));
  const bar = (n: number, colour: string) => (
    <div className={`h-1.5 rounded ${colour}`} style={{ width: `${(n / max) * 100}%` }} />
  );
  return (
    <div data-testid="metrics.trends" className={card}>
      <h3 className="mb-2 font-semibold text-slate-800">Quality Trends</h3>
      {details.weekly.length ? (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-500">
              <th>Week of</th>
              <th>Processed</th>
              <th>Reviewed</th>
              <th>Labelled</th>
            </tr>
          </thead>
          <tbody>
            {details.weekly.map((w) => (
              <tr key={w.week} data-testid="metrics.week">
                <td className="pr-2">{w.week}</td>
                <td className="w-1/4 pr-2">
                  {w.processed}
                  {bar(w.processed, 'bg-indigo-500')}
                </td>
                <td className="w-1/4 pr-2">
                  {w.reviewed}
                  {bar(w.reviewed, 'bg-green-600')}
                </td>
                <td className="w-1/4 pr-2">
                  {w.labelled}
                  {bar(w.labelled, 'bg-amber-500')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-slate-500">No videos processed, reviewed or labelled in the last 8 weeks.</p>
      )}
    </div>
  );
}
