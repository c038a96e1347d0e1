// A video's status as a coloured chip: the library's Status column and the Annotate header.
import type { Video } from '../../../domain/types';

export const STATUS_COLOURS: Record<string, string> = {
  pending: 'bg-slate-200 text-slate-800',
  processing: 'bg-sky-100 text-sky-800',
  completed: 'bg-green-100 text-green-800',
  labelled: 'bg-emerald-200 text-emerald-900',
  failed: 'bg-red-100 text-red-800',
  reviewed: 'bg-indigo-100 text-indigo-800',
  kiv: 'bg-amber-100 text-amber-900',
  disqualified: 'bg-zinc-300 text-zinc-800',
  unknown: 'bg-slate-100 text-slate-600',
};

export function StatusChip({
  status,
  testId,
  title,
}: {
  status: Video['processing_status'];
  testId: string;
  title?: string;
}) {
  return (
    <span
      data-testid={testId}
      data-status={status}
      title={title}
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_COLOURS[status] ?? ''}`}
    >
      {status}
    </span>
  );
}
