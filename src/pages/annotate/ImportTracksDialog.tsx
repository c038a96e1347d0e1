// Import beside 'Export as': choose a format and a file, preview what a dry run says the import adds
// (an import never replaces stored tracks), then apply. A reviewed or labelled video takes the import
// only after the user ticks the confirm box, since the added tracks enter checked work.
import { useEffect, useState } from 'react';
import { FORMAT_NAMES, type FormatName } from '../../../domain/formats/model';
import { FORMAT_LABELS, importAnnotationFile, type FormatImportResult } from '../../api/annotation-formats';
import { Alert } from '../../components/dialogs/Alert';
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';

const FORMAT_HINTS: Record<FormatName, string> = {
  'coco-keypoints': 'Boxes and 17 COCO keypoints per person and frame.',
  posetrack18: 'Boxes and PoseTrack 2018 joints; head_bottom and head_top are not kept.',
  mot: 'Boxes only, one line per person and frame.',
  'cvat-video': 'Boxes, skeletons and the action attribute; frames between keyframes are filled as CVAT does.',
};

export function summary(r: FormatImportResult): string {
  const verb = r.dry_run ? 'Will add' : 'Added';
  const actions = r.segments_imported ? `, ${r.segments_imported} action(s)` : '';
  return `${verb} ${r.tracks_imported} track(s) with ${r.detections_imported} box(es)${actions}. Nothing stored is replaced.`;
}

export function ImportTracksDialog({
  videoId,
  open,
  onClose,
  onImported,
}: {
  videoId: number;
  open: boolean;
  onClose: () => void;
  onImported: (message: string) => void;
}) {
  const [format, setFormat] = useState<FormatName>('cvat-video');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<FormatImportResult | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setFile(null);
      setPreview(null);
      setConfirmed(false);
      setError(null);
    }
  }, [open]);
  // a new choice needs a new preview
  useEffect(() => {
    setPreview(null);
    setConfirmed(false);
    setError(null);
  }, [format, file]);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const r = await importAnnotationFile(videoId, format, file, { dryRun, confirm: confirmed });
      if (dryRun) setPreview(r);
      else onImported(summary(r));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const canApply = !!preview && preview.detections_imported > 0 && (!preview.needs_confirm || confirmed) && !busy;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Import annotations"
      testId="dialog.import"
      width="max-w-lg"
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button data-testid="import.preview" disabled={!file || busy} onClick={() => void run(true)}>
            Preview
          </Button>
          <Button variant="primary" data-testid="import.apply" disabled={!canApply} onClick={() => void run(false)}>
            Import
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm text-slate-600">
        The file&apos;s tracks are added to this video as human-made tracks, beside the ones it has. Preview first to
        see what will be added.
      </p>
      <label className="block text-sm font-medium text-slate-700" htmlFor="import-format">
        Format
      </label>
      <select
        id="import-format"
        data-testid="import.format"
        value={format}
        onChange={(e) => setFormat(e.target.value as FormatName)}
        className="mt-1 w-full rounded border border-slate-300 p-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {FORMAT_NAMES.map((f) => (
          <option key={f} value={f}>
            {FORMAT_LABELS[f]}
          </option>
        ))}
      </select>
      <p className="mt-1 text-xs text-slate-500">{FORMAT_HINTS[format]}</p>
      <label className="mt-3 block text-sm font-medium text-slate-700" htmlFor="import-file">
        File
      </label>
      <input
        id="import-file"
        data-testid="import.file"
        type="file"
        className="mt-1 block w-full text-sm"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      {preview && (
        <div
          data-testid="import.summary"
          className="mt-3 space-y-1 rounded border border-slate-200 bg-slate-50 p-2 text-sm"
        >
          <p>{summary(preview)}</p>
          {preview.track_ids.some((t) => t.file_id !== t.track_id) && (
            <p>
              Track ids already in use: the file&apos;s tracks become{' '}
              {preview.track_ids.map((t) => `${t.file_id} → ${t.track_id}`).join(', ')}.
            </p>
          )}
          {preview.warnings
            .filter((w) => !w.startsWith('Track ids already'))
            .map((w) => (
              <p key={w} className="text-amber-800">
                {w}
              </p>
            ))}
        </div>
      )}
      {preview?.needs_confirm && (
        <label className="mt-3 flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            data-testid="import.confirm"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
            className="mt-0.5"
          />
          This video is already reviewed or labelled. Import into it anyway.
        </label>
      )}
      {error && (
        <div className="mt-3">
          <Alert severity="error" testId="import.error">
            {error}
          </Alert>
        </div>
      )}
    </Modal>
  );
}
