// Dialog frame on Headless UI: focus trap, Escape and backdrop click close it, title for screen readers.
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  /** Tailwind max-width class of the panel. */
  width?: string;
}

export function Modal({ open, onClose, title, children, actions, testId, width = 'max-w-md' }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel data-testid={testId} className={`w-full ${width} max-h-[90vh] overflow-auto rounded-lg bg-white p-5 shadow-xl`}>
          <DialogTitle className="mb-3 text-lg font-semibold text-slate-900">{title}</DialogTitle>
          {children}
          {actions && <div className="mt-4 flex flex-wrap justify-end gap-2">{actions}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
