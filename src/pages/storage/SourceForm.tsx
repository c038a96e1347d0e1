// Add / edit a source folder: Root path, Label, Role and enabled, with a live path check from the
// server (normalised root, exists, directory, readable, writable, conflict). Saving is blocked while
// an error stands, and, when editing, while nothing has changed.
import { useEffect, useMemo, useState } from 'react';
import {
  validateSource,
  type SourceDto,
  type SourceInput,
  type SourceRole,
  type SourceValidation,
} from '../../api/storage';
import { Alert } from '../../components/dialogs/Alert';
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';
import { hasErrors, isUnchanged, ROLE_OPTIONS, sourceFormErrors } from './source-form-rules';

export const field =
  'w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

/** How long typing must pause before the path is checked, so each key press is not a request. */
const CHECK_DELAY_MS = 300;

function usePathCheck(root: string, originalRoot?: string) {
  const [check, setCheck] = useState<{ root: string; result: SourceValidation | null; error: string | null } | null>(
    null,
  );
  useEffect(() => {
    const value = root.trim();
    if (!value) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      validateSource(value, originalRoot, ctl.signal)
        .then((result) => setCheck({ root: value, result, error: null }))
        .catch((e: Error) => {
          if (!ctl.signal.aborted) setCheck({ root: value, result: null, error: e.message || 'Validation failed' });
        });
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [root, originalRoot]);
  // A check of an earlier value says nothing about what is typed now.
  return check && check.root === root.trim() ? check : null;
}

const Fact = ({ name, ok, testId }: { name: string; ok: boolean; testId: string }) => (
  <span
    data-testid={testId}
    data-ok={ok}
    className={`rounded px-1.5 py-0.5 ${ok ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}
  >
    {name}: {ok ? 'yes' : 'no'}
  </span>
);

function PathCheck({ check }: { check: ReturnType<typeof usePathCheck> }) {
  if (!check) return null;
  if (check.error)
    return (
      <p data-testid="sourceForm.checkError" className="mt-1 text-xs text-red-700">
        {check.error}
      </p>
    );
  const v = check.result!;
  return (
    <div data-testid="sourceForm.check" className="mt-2 rounded border border-slate-200 bg-slate-50 p-2 text-xs">
      <div>
        Normalised root: <code data-testid="sourceForm.normalizedRoot">{v.normalized_root}</code>
      </div>
      <div className="mt-1 flex flex-wrap gap-1">
        <Fact name="Exists" ok={v.exists} testId="sourceForm.exists" />
        <Fact name="Directory" ok={v.is_dir} testId="sourceForm.isDir" />
        <Fact name="Readable" ok={v.readable} testId="sourceForm.readable" />
        <Fact name="Writable" ok={v.writable} testId="sourceForm.writable" />
        <Fact name="No conflict" ok={!v.conflict} testId="sourceForm.noConflict" />
      </div>
    </div>
  );
}

export interface SourceFormProps {
  /** The source being edited; absent when adding. */
  editing?: SourceDto;
  sources: SourceDto[];
  busy: boolean;
  /** The server's answer to the last save, when it refused. */
  error?: string | null;
  onCancel(): void;
  onSave(values: SourceInput): void;
}

export function SourceForm({ editing, sources, busy, error, onCancel, onSave }: SourceFormProps) {
  const [values, setValues] = useState<SourceInput>(() =>
    editing
      ? { root: editing.root, label: editing.label, role: editing.role ?? '', enabled: editing.enabled }
      : { root: '', label: '', role: '', enabled: true },
  );
  const [touched, setTouched] = useState<{ root?: boolean; label?: boolean }>({});
  const check = usePathCheck(values.root, editing?.root);
  const errors = useMemo(
    () => sourceFormErrors(values, sources, editing?.root, check?.result),
    [values, sources, editing, check],
  );
  const unchanged = editing ? isUnchanged(values, editing) : false;
  const canSave = !busy && !hasErrors(errors) && !unchanged;
  const set = (patch: Partial<SourceInput>) => setValues((v) => ({ ...v, ...patch }));
  // The conflict found by the path check is shown at once; a missing value only once the field was used.
  const rootError = touched.root || check?.result?.conflict ? errors.root : undefined;
  const labelError = touched.label ? errors.label : undefined;

  return (
    <Modal
      open
      onClose={onCancel}
      testId="dialog.sourceForm"
      width="max-w-lg"
      title={editing ? 'Edit Source Folder' : 'Add Source Folder'}
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="primary" data-testid="sourceForm.save" disabled={!canSave} onClick={() => onSave(values)}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (canSave) onSave(values);
        }}
      >
        <label className="block text-sm">
          <span className="font-medium">Root path</span>
          <input
            data-testid="sourceForm.root"
            className={field}
            value={values.root}
            placeholder="/absolute/path/to/videos"
            autoFocus
            aria-invalid={!!rootError}
            onChange={(e) => {
              set({ root: e.target.value });
              setTouched((t) => ({ ...t, root: true }));
            }}
          />
          {rootError && (
            <span data-testid="sourceForm.rootError" className="mt-1 block text-xs text-red-700">
              {rootError}
            </span>
          )}
          <PathCheck check={values.root.trim() ? check : null} />
        </label>
        <label className="block text-sm">
          <span className="font-medium">Label</span>
          <input
            data-testid="sourceForm.label"
            className={field}
            value={values.label}
            aria-invalid={!!labelError}
            onChange={(e) => {
              set({ label: e.target.value });
              setTouched((t) => ({ ...t, label: true }));
            }}
            onBlur={() => setTouched((t) => ({ ...t, label: true }))}
          />
          {labelError && (
            <span data-testid="sourceForm.labelError" className="mt-1 block text-xs text-red-700">
              {labelError}
            </span>
          )}
        </label>
        <label className="block text-sm">
          <span className="font-medium">Role</span>
          <select
            data-testid="sourceForm.role"
            className={field}
            value={values.role}
            onChange={(e) => set({ role: e.target.value as SourceRole })}
          >
            {ROLE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {errors.role && <span className="mt-1 block text-xs text-red-700">{errors.role}</span>}
          <span className="mt-1 block text-xs text-slate-500">
            Only users with this role or above see the folder's videos.
          </span>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            data-testid="sourceForm.enabled"
            checked={values.enabled}
            onChange={(e) => set({ enabled: e.target.checked })}
          />
          Enabled
        </label>
        {editing && unchanged && <p className="text-xs text-slate-500">Nothing has changed yet.</p>}
        {error && (
          <Alert severity="error" testId="sourceForm.error">
            {error}
          </Alert>
        )}
      </form>
    </Modal>
  );
}
