// Dialog frame on Headless UI: focus trap, Escape and backdrop click close it, title for screen readers.
// Opening it puts the focus on its first field (input, select, textarea), or on its first button when it
// has none: left on the dialog itself, typed keys reached no field and the page's shortcuts took them.
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useRef, type ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  /** Tailwind max-width class of the panel. */
  width?: string;
  /** A long read with no field (the keyboard help): the focus goes to the title, so it opens at its top. */
  startAtTop?: boolean;
}

const FIELD = ['input', 'select', 'textarea']
  .map((t) => `${t}:not([disabled]):not([type="hidden"]):not([tabindex="-1"])`)
  .join(',');

export function Modal({
  open,
  onClose,
  title,
  children,
  actions,
  testId,
  width = 'max-w-md',
  startAtTop = false,
}: ModalProps) {
  const firstField = useRef<HTMLElement | null>(null);
  const titleRef = useRef<HTMLHeadingElement | null>(null);
  // Found when the panel mounts, before Headless UI's focus trap reads `initialFocus`; with no field it
  // falls back (autoFocus off) to the first focusable element, i.e. the first button.
  const findFirstField = (panel: HTMLElement | null) => {
    if (panel) firstField.current = panel.querySelector<HTMLElement>(FIELD);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      className="relative z-50"
      initialFocus={startAtTop ? titleRef : firstField}
      autoFocus={false}
    >
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          ref={findFirstField}
          data-testid={testId}
          className={`w-full ${width} max-h-[90vh] overflow-auto rounded-lg bg-white p-5 shadow-xl`}
        >
          <DialogTitle
            ref={titleRef}
            tabIndex={startAtTop ? -1 : undefined}
            className="mb-3 text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {title}
          </DialogTitle>
          {children}
          {actions && <div className="mt-4 flex flex-wrap justify-end gap-2">{actions}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
