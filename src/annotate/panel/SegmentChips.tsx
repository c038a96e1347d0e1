// The chips of one action row: class, track, start, end, confidence, and who/when when known.
import type { ActionSegment } from '../../../domain/types';
import { classColor } from '../colors';

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '');

function Chip({ children, testId, color }: { children: React.ReactNode; testId: string; color?: string }) {
  return (
    <span
      data-testid={testId}
      className="inline-block rounded-full border px-2 py-0.5 text-xs"
      style={color ? { backgroundColor: color, borderColor: color, color: '#fff' } : undefined}
    >
      {children}
    </span>
  );
}

export function SegmentChips({ segment: s }: { segment: ActionSegment }) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <Chip testId="chip.class" color={classColor(s.action_class)}>
        {s.action_class}
      </Chip>
      <Chip testId="chip.track">Track {s.track_id}</Chip>
      <Chip testId="chip.start">Start {s.start_time.toFixed(2)} s</Chip>
      <Chip testId="chip.end">End {s.end_time.toFixed(2)} s</Chip>
      <Chip testId="chip.confidence">Conf {Math.round(s.confidence * 100)}%</Chip>
      {s.created_by_id && <Chip testId="chip.created-by">Created by {s.created_by_id}</Chip>}
      {s.created_at && <Chip testId="chip.created-at">Created {when(s.created_at)}</Chip>}
      {s.updated_by_id && <Chip testId="chip.updated-by">Updated by {s.updated_by_id}</Chip>}
      {s.updated_at && <Chip testId="chip.updated-at">Updated {when(s.updated_at)}</Chip>}
    </div>
  );
}
