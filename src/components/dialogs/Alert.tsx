// Alert / snackbar: severities success, info, warning, error; closable with 'Close'.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type Severity = 'success' | 'info' | 'warning' | 'error';
export interface AlertMessage {
  id: number;
  severity: Severity;
  text: string;
}

const colours: Record<Severity, string> = {
  success: 'bg-green-50 border-green-600 text-green-900',
  info: 'bg-sky-50 border-sky-600 text-sky-900',
  warning: 'bg-amber-50 border-amber-600 text-amber-900',
  error: 'bg-red-50 border-red-600 text-red-900',
};

export function Alert({
  severity,
  children,
  onClose,
  testId = 'alert',
}: {
  severity: Severity;
  children: ReactNode;
  onClose?: () => void;
  testId?: string;
}) {
  return (
    <div
      role={severity === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      data-severity={severity}
      className={`flex items-start gap-3 rounded border-l-4 px-3 py-2 text-sm shadow ${colours[severity]}`}
    >
      <div className="flex-1">{children}</div>
      {onClose && (
        <button
          type="button"
          onClick={onClose}
          className="font-medium underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Close
        </button>
      )}
    </div>
  );
}

interface Snackbar {
  show: (severity: Severity, text: string) => void;
}
const SnackbarContext = createContext<Snackbar>({ show: () => {} });

/** Shows stacked alerts at the bottom of the screen; each stays until closed or 6 s pass (errors stay until closed). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<AlertMessage[]>([]);
  const close = useCallback((id: number) => setMessages((m) => m.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (severity: Severity, text: string) => {
      const id = Date.now() + Math.random();
      setMessages((m) => [...m.slice(-3), { id, severity, text }]);
      if (severity !== 'error') setTimeout(() => close(id), 6000);
    },
    [close],
  );
  const value = useMemo(() => ({ show }), [show]);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <div className="fixed bottom-4 left-1/2 z-[60] flex w-[min(36rem,90vw)] -translate-x-1/2 flex-col gap-2">
        {messages.map((m) => (
          <Alert key={m.id} severity={m.severity} testId="snackbar" onClose={() => close(m.id)}>
            {m.text}
          </Alert>
        ))}
      </div>
    </SnackbarContext.Provider>
  );
}

export const useSnackbar = () => useContext(SnackbarContext);
