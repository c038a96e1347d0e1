// Placeholder until the annotation packages feature fills in the export dialog.
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { SourceDto } from '../../../api/repository';

export interface ExportAnnotationsDialogProps {
  open: boolean;
  onClose(): void;
  sources: SourceDto[];
  onLog(message: string, kind: 'info' | 'error'): void;
  onImported(): void;
}

export function ExportAnnotationsDialog({ open, onClose }: ExportAnnotationsDialogProps) {
  if (!open) return null;
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel data-testid="dialog.exportAnnotations" className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl">
          <DialogTitle className="mb-3 text-lg font-semibold text-slate-900">Export Annotations</DialogTitle>
          <div className="flex justify-end"><button type="button" onClick={onClose} className="rounded border border-slate-300 px-3 py-1.5 text-sm">Close</button></div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
