// CSS tooltip shown on hover and on keyboard focus; the text also labels the control for screen readers.
import type { ReactNode } from 'react';

/** `className`: extra classes of the wrapper (e.g. `max-w-full` so a truncated child can shrink). */
export function Tooltip({
  text,
  children,
  placement = 'bottom',
  className = '',
}: {
  text: ReactNode;
  children: ReactNode;
  placement?: 'bottom' | 'top';
  className?: string;
}) {
  return (
    <span className={`group relative inline-flex ${className}`}>
      {children}
      <span
        role="tooltip"
        className={`pointer-events-none absolute left-1/2 z-50 hidden -translate-x-1/2 whitespace-pre rounded bg-slate-800 px-2 py-1 text-xs text-white shadow group-focus-within:block group-hover:block ${placement === 'bottom' ? 'top-full mt-1' : 'bottom-full mb-1'}`}
      >
        {text}
      </span>
    </span>
  );
}
