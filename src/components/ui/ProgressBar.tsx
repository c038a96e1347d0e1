// A thin progress bar with its text ('42% · ~1 min left'): the library's status cell, the activity panel
// and the annotate header all show a long job's progress this way.
import { progressText } from '../../../domain/job-progress';

export function ProgressBar({
  progress,
  etaS,
  testId,
  label,
}: {
  progress: number;
  etaS?: number | null;
  testId?: string;
  label?: string;
}) {
  const pct = Math.min(100, Math.max(0, progress));
  const text = progressText(pct, etaS);
  return (
    <div data-testid={testId} className="min-w-[7rem]">
      <div
        role="progressbar"
        aria-label={label ?? 'Progress'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.floor(pct)}
        aria-valuetext={text}
        className="h-1 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-sky-600 transition-[width] duration-500" style={{ width: `${pct}%` }} />
      </div>
      <div className="mt-0.5 text-xs tabular-nums text-slate-600" data-testid={testId ? `${testId}Text` : undefined}>
        {text}
      </div>
    </div>
  );
}
