// The Import Annotations result: 'Dry Run Results' or 'Import Complete', counts, and at most five
// warnings and five errors, each list followed by '...and N more' when longer. Success style when the
// job's status is completed, warning style otherwise.
import type { ImportJobResult } from '../../../api/packages';

export const RESULT_LIST_MAX = 5;

function Capped({ title, items, testId }: { title: string; items: string[]; testId: string }) {
  if (!items.length) return null;
  return (
    <div data-testid={testId} className="mt-2">
      <p className="text-sm font-medium">{title}</p>
      <ul className="ml-4 list-disc text-sm">
        {items.slice(0, RESULT_LIST_MAX).map((w, i) => <li key={i}>{w}</li>)}
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
    <section data-testid="import.result" data-style={ok ? 'success' : 'warning'}
      className={`mt-4 rounded border p-3 ${ok ? 'border-green-300 bg-green-50 text-green-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}>
      <h3 data-testid="import.result-title" className="mb-1 font-semibold">{dryRun ? 'Dry Run Results' : 'Import Complete'}</h3>
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
    </section>
  );
}
