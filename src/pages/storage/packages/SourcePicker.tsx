// Which source a package dialog works on: a select when there are several, nothing when there is one.
import type { SourceDto } from '../../../api/packages';
import { sourceName } from '../../../api/packages';

export function SourcePicker({
  sources,
  value,
  onChange,
  testId,
}: {
  sources: SourceDto[];
  value: string;
  onChange(root: string): void;
  testId: string;
}) {
  if (sources.length <= 1) return null;
  return (
    <label className="mb-3 block text-sm font-medium text-slate-700">
      Source
      <select
        data-testid={testId}
        className="mt-1 block w-full rounded border border-slate-300 p-1.5 text-sm"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {sources.map((s) => (
          <option key={s.root} value={s.root}>
            {sourceName(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
