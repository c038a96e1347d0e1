// The Report of an assignment import: the counts, then at most 1000 rows (csv, worker, action, reason, video).
import type { AssignmentReport } from '../../api/assignments';

export const REPORT_ROWS_SHOWN = 1000;

const COUNTS: Array<[keyof AssignmentReport, string]> = [
  ['total_rows', 'Total rows'],
  ['matched', 'Matched'],
  ['assigned', 'Assigned'],
  ['skipped_already_assigned', 'Skipped (already assigned)'],
  ['ambiguous', 'Ambiguous'],
  ['missing', 'Missing'],
];

const ACTION_STYLE: Record<string, string> = {
  assigned: 'text-green-800',
  skipped: 'text-amber-800',
  ambiguous: 'text-orange-800',
  missing: 'text-red-800',
  invalid: 'text-red-800',
};

export function AssignmentReportView({ report }: { report: AssignmentReport }) {
  const rows = report.rows.slice(0, REPORT_ROWS_SHOWN);
  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="assignments.report"
    >
      <h3 className="text-base font-semibold">Report{report.dry_run ? ' (dry run: nothing was changed)' : ''}</h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {COUNTS.map(([key, label]) => (
          <div key={key} className="rounded bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold" data-testid={`assignments.count.${key}`}>
              {String(report[key] ?? 0)}
            </dd>
          </div>
        ))}
      </dl>
      {(report.rows_truncated || report.rows.length > rows.length) && (
        <p className="text-sm text-slate-600">
          Showing the first {rows.length} of {report.total_rows} rows.
        </p>
      )}
      <div className="max-h-[60vh] overflow-auto">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-white text-xs uppercase text-slate-500">
            <tr>
              <th className="px-2 py-1">CSV</th>
              <th className="px-2 py-1">Worker</th>
              <th className="px-2 py-1">Action</th>
              <th className="px-2 py-1">Reason</th>
              <th className="px-2 py-1">Video</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r, i) => (
              <tr key={i} data-testid="assignments.row" data-action={r.action}>
                <td className="px-2 py-1 font-mono text-xs">
                  {Object.entries(r.csv)
                    .filter(([, v]) => v !== '')
                    .map(([k, v]) => `${k}: ${v}`)
                    .join(' · ')}
                </td>
                <td className="px-2 py-1">{r.worker ?? ''}</td>
                <td
                  className={`px-2 py-1 font-medium ${ACTION_STYLE[r.action] ?? ''}`}
                  data-testid="assignments.rowAction"
                >
                  {r.action}
                </td>
                <td className="px-2 py-1">{r.reason}</td>
                <td className="px-2 py-1">{r.video_id ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
