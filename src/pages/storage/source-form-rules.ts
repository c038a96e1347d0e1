// The source form's rules, in the form's own words: what blocks saving and what only warns.
import type { SourceDto, SourceInput, SourceRole, SourceValidation } from '../../api/storage';

export const ROLE_OPTIONS: readonly { value: SourceRole; label: string }[] = [
  { value: '', label: 'All roles' },
  { value: 'annotator', label: 'Annotator' },
  { value: 'admin', label: 'Administrator' },
  { value: 'super', label: 'Super user' },
];

export const LABEL_MAX = 120;

export interface SourceFormErrors {
  root?: string;
  label?: string;
  role?: string;
}

const sameRoot = (a: string, b: string) =>
  a
    .trim()
    .replace(/[\\/]+$/, '')
    .toLowerCase() ===
  b
    .trim()
    .replace(/[\\/]+$/, '')
    .toLowerCase();

/** Errors of the values; `originalRoot` is the edited source's root (it may keep its own path). */
export function sourceFormErrors(
  values: SourceInput,
  sources: SourceDto[],
  originalRoot?: string,
  check?: SourceValidation | null,
): SourceFormErrors {
  const errors: SourceFormErrors = {};
  const others = sources.filter((s) => s.root !== originalRoot);
  if (!values.root.trim()) errors.root = 'Root path is required';
  else if (others.some((s) => sameRoot(s.root, values.root))) errors.root = 'Another source already uses this path';
  else if (check?.conflict) errors.root = check.conflict_message || 'Conflicts with an existing source path';
  if (!values.label.trim()) errors.label = 'Label is required';
  else if (values.label.trim().length > LABEL_MAX) errors.label = 'Label must be 120 characters or fewer';
  if (!ROLE_OPTIONS.some((o) => o.value === values.role)) errors.role = 'Select a valid role';
  return errors;
}

export const hasErrors = (e: SourceFormErrors) => Object.values(e).some(Boolean);

/** True when an edit would save exactly what the source already is. */
export function isUnchanged(values: SourceInput, original: SourceDto): boolean {
  return (
    values.root.trim() === original.root &&
    values.label.trim() === original.label &&
    values.role === (original.role ?? '') &&
    values.enabled === original.enabled
  );
}

/** Roots held by more than one source (compared case-insensitively): a warning, since each folder should be listed once. */
export function duplicateRoots(sources: SourceDto[]): string[] {
  const seen = new Map<string, string[]>();
  for (const s of sources) {
    const key = s.root.replace(/[\\/]+$/, '').toLowerCase();
    seen.set(key, [...(seen.get(key) ?? []), s.root]);
  }
  return [...seen.values()].filter((roots) => roots.length > 1).map((roots) => roots[0]);
}
