// Root Folder Configuration: the upload, render target and temporary folders, with Validate (an
// exists flag per folder), Save, Export to root_paths.json and Import from such a file.
import { useEffect, useRef, useState } from 'react';
import {
  exportRootConfig,
  getRootConfig,
  importRootConfig,
  ROOT_KEYS,
  saveRootConfig,
  validateRootConfig,
  type RootConfig,
  type RootKey,
  type RootValidation,
} from '../../api/storage';
import { Alert } from '../../components/dialogs/Alert';
import { Button } from '../../components/ui/Button';
import { useActivityLog } from './ActivityLog';
import { Card } from './Card';
import { field } from './SourceForm';
import { saveBlob } from '../../components/save-blob';

const EMPTY: RootConfig = { upload_root: '', target_root: '', temp_root: '' };

/** The configuration in a chosen file, or a reason it is not one. */
export async function readConfigFile(file: File): Promise<RootConfig> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    throw new Error('Failed to import configuration: the file is not JSON');
  }
  const o = parsed as Partial<Record<RootKey, unknown>>;
  if (!o || typeof o !== 'object' || ROOT_KEYS.some((k) => typeof o[k] !== 'string')) {
    throw new Error(`Failed to import configuration: the file needs ${ROOT_KEYS.join(', ')}`);
  }
  return Object.fromEntries(ROOT_KEYS.map((k) => [k, o[k]])) as RootConfig;
}

export function RootConfigCard() {
  const { appendLog } = useActivityLog();
  const [config, setConfig] = useState<RootConfig>(EMPTY);
  const [checks, setChecks] = useState<RootValidation | null>(null);
  const [busy, setBusy] = useState<null | 'validate' | 'save' | 'export' | 'import'>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    getRootConfig()
      .then(setConfig)
      .catch((e: Error) => setMessage({ severity: 'error', text: e.message }));
  }, []);

  const run = async (kind: NonNullable<typeof busy>, work: () => Promise<string | null>) => {
    setBusy(kind);
    setMessage(null);
    try {
      const text = await work();
      if (text) {
        setMessage({ severity: 'success', text });
        appendLog(text, 'info');
      }
    } catch (e) {
      setMessage({ severity: 'error', text: (e as Error).message });
      appendLog((e as Error).message, 'error');
    } finally {
      setBusy(null);
    }
  };
  const set = (k: RootKey, v: string) => {
    setConfig((c) => ({ ...c, [k]: v }));
    setChecks(null);
  };

  const onValidate = () =>
    run('validate', async () => {
      const r = await validateRootConfig(config);
      setChecks(r);
      const missing = ROOT_KEYS.filter((k) => !r[k].exists);
      return missing.length
        ? `Root folders checked: ${missing.join(', ')} not found`
        : 'Root folders checked: all exist';
    });
  const onSave = () =>
    run('save', async () => {
      setConfig(await saveRootConfig(config));
      return 'Root configuration saved';
    });
  const onExport = () =>
    run('export', async () => {
      saveBlob(await exportRootConfig(), 'root_paths.json');
      return 'Root configuration exported to root_paths.json';
    });
  const onImportFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    void run('import', async () => {
      const r = await importRootConfig(await readConfigFile(file));
      setConfig(r.config);
      setChecks(null);
      return `Root configuration imported from ${file.name}`;
    });
  };

  return (
    <Card title="Root Folder Configuration" testId="repo.rootConfigCard">
      <div className="space-y-2">
        {ROOT_KEYS.map((k) => (
          <label key={k} className="block text-sm">
            <span className="font-medium">{k}</span>
            <div className="flex items-center gap-2">
              <input
                data-testid={`rootConfig.${k}`}
                className={field}
                value={config[k]}
                onChange={(e) => set(k, e.target.value)}
              />
              {checks && (
                <span
                  data-testid={`rootConfig.${k}.exists`}
                  data-exists={checks[k].exists}
                  className={`shrink-0 rounded px-1.5 py-0.5 text-xs ${checks[k].exists ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}
                >
                  {checks[k].exists ? 'Exists' : 'Missing'}
                </span>
              )}
            </div>
          </label>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button data-testid="rootConfig.validate" disabled={!!busy} onClick={onValidate}>
          Validate
        </Button>
        <Button variant="primary" data-testid="rootConfig.save" disabled={!!busy} onClick={onSave}>
          {busy === 'save' ? 'Saving…' : 'Save'}
        </Button>
        <Button data-testid="rootConfig.export" disabled={!!busy} onClick={onExport}>
          Export
        </Button>
        <Button data-testid="rootConfig.import" disabled={!!busy} onClick={() => fileInput.current?.click()}>
          Import
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          className="hidden"
          data-testid="rootConfig.file"
          onChange={(e) => onImportFile(e.target.files?.[0])}
        />
      </div>
      {message && (
        <div className="mt-3">
          <Alert severity={message.severity} testId="rootConfig.message" onClose={() => setMessage(null)}>
            {message.text}
          </Alert>
        </div>
      )}
    </Card>
  );
}
