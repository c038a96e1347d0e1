// The settings dialog's form parts: a titled section and labelled select, checkbox and number fields,
// each with its `settings.<id>` test id and disabled when the user may only read the values.
import type { ReactNode } from 'react';

const field = 'mt-1 w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm disabled:bg-slate-100';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mb-3 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
      <div className="grid grid-cols-2 gap-x-4 gap-y-2">{children}</div>
    </fieldset>
  );
}

export function Select<T extends string>({
  id,
  label,
  value,
  options,
  labels,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  labels?: Record<T, string>;
  disabled: boolean;
  onChange: (v: T) => void;
}) {
  return (
    <label className="block text-sm text-slate-700">
      {label}
      <select
        data-testid={`settings.${id}`}
        className={field}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {labels?.[o] ?? o}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Check({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        data-testid={`settings.${id}`}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

export function NumberField({
  id,
  label,
  value,
  disabled,
  min,
  step = 1,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  min?: number;
  step?: number;
  onChange: (v: string) => void;
}) {
  return (
    <label className="block text-sm text-slate-700">
      {label}
      <input
        type="number"
        data-testid={`settings.${id}`}
        className={field}
        value={value}
        min={min}
        step={step}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
