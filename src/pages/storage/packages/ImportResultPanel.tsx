// The Import Annotations result: 'Dry Run Results', 'Import Complete' or 'Import Failed', counts, at most
// five warnings and five errors, and what happened to each video (so an import ended by a restart shows the
// videos it did), each list followed by '...and N more' when longer. Success style when the job's status is
// completed, warning style otherwise.
import type { ImportJobResult } from '../../../api/packages';

export const RESULT_LIST_MAX = 5;

type VideoResult = NonNullable<ImportJobResult['videos']>[number];
/** 'a.mp4: imported', 'b.mp4: skipped, …' (a skip's reason says what happened), 'c.mp4: failed: reason'. */
const videoLine = (v: VideoResult) =>
  `${v.rel_path}: ${v.outcome === 'imported' || !v.detail ? v.outcome : v.outcome === 'failed' ? `failed: ${v.detail}` : v.detail}`;

function Capped({ title, items, testId }: { title: string; items: string[]; testId: string }) {
  if (!items.length) return null;
  return (
    <div data-testid={testId} className="mt-2">
      <p className="text-sm font-medium">{title}</p>
      <ul className="ml-4 list-disc text-sm">
        {items.slice(0, RESULT_LIST_MAX).map((w, i) => (
          <li key={i}>{w}</li>
        ))}
      </ul>
      {items.length > RESULT_LIST_MAX && <p className="text-sm">...and {items.length - RESULT_LIST_MAX} more</p>}
    </div>
  );
}

export function ImportResultPanel({ result, dryRun }: { result: ImportJobResult; dryRun: boolean }) {
  const ok = result.status === 'completed';
  const rows: Array<[string, string | number]> = [
    ['Status', result.status],
    ['Job ID', result.job_id ?? 'N/A'],
    ['Videos imported', result.progress?.videos_imported ?? 0],
    ['Videos skipped', result.progress?.videos_skipped ?? 0],
    ['Videos failed', result.progress?.videos_failed ?? 0],
    ['Persons imported', result.summary?.persons_imported ?? 0],
    ['Actions imported', result.summary?.actions_imported ?? 0],
  ];
  return (
    <section
      data-testid="import.result"
      data-style={ok ? 'success' : 'warning'}
      className={`mt-4 rounded border p-3 ${ok ? 'border-green-300 bg-green-50 text-green-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}
    >
      <h3 data-testid="import.result-title" className="mb-1 font-semibold">
        {dryRun ? 'Dry Run Results' : result.status === 'failed' ? 'Import Failed' : 'Import Complete'}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt>{k}:</dt>
            <dd data-testid={`import.result.${k.toLowerCase().replace(/ /g, '-')}`}>{v}</dd>
          </div>
        ))}
      </dl>
      <Capped title="Warnings" items={result.warnings ?? []} testId="import.warnings" />
      <Capped title="Errors" items={result.errors ?? []} testId="import.errors" />
      <Capped title="Per video" items={(result.videos ?? []).map(videoLine)} testId="import.videos" />
    </section>
  );
}
