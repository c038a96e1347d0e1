// Assignments screen (admin and super): bulk assignment of videos to workers from a CSV file, with
// Dry run and Force overwrite, then the Report of what was (or would be) done.
import { useState } from 'react';
import { importAssignmentsCsv, type AssignmentReport } from '../../api/assignments';
import { Alert } from '../../components/dialogs/Alert';
import { Button } from '../../components/ui/Button';
import { useSession } from '../../session';
import { atLeast } from '../../../domain/roles';
import { AssignmentReportView } from './AssignmentReportView';

export function AssignmentsPage() {
  const { role } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<AssignmentReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!atLeast(role, 'admin')) {
    return (
      <section className="p-6">
        <h2 className="mb-4 text-xl font-semibold">Assignments</h2>
        <Alert severity="warning" testId="assignments.denied">
          Assignments management is limited to administrators.
        </Alert>
      </section>
    );
  }

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      setReport(await importAssignmentsCsv(file, { dryRun, force }));
    } catch (e) {
      setReport(null);
      setError(e instanceof Error && e.message ? e.message : 'HTTP error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-4 p-6">
      <h2 className="text-xl font-semibold">Assignments</h2>
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <p className="text-sm text-slate-600">CSV columns: filename, optional fullpath, worker_name.</p>
        <label className="flex flex-wrap items-center gap-3 text-sm">
          <span className="font-medium">CSV file</span>
          <input
            type="file"
            accept=".csv,text/csv"
            data-testid="assignments.file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
              setError(null);
            }}
          />
        </label>
        <div className="flex flex-wrap gap-6 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={dryRun}
              onChange={(e) => setDryRun(e.target.checked)}
              data-testid="assignments.dryRun"
            />
            Dry run
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={force}
              onChange={(e) => setForce(e.target.checked)}
              data-testid="assignments.force"
            />
            Force overwrite
          </label>
        </div>
        <div>
          <Button variant="primary" disabled={!file || busy} onClick={submit} data-testid="assignments.submit">
            {busy ? 'Submitting…' : 'Submit'}
          </Button>
        </div>
      </div>
      {error && (
        <Alert severity="error" testId="assignments.error">
          {error}
        </Alert>
      )}
      {report && <AssignmentReportView report={report} />}
    </section>
  );
}
