// Where the editor's messages go: the page routes them to its snackbar (editor.bindNotifier).
export type Severity = 'error' | 'warning' | 'info' | 'success';
export type Notify = (severity: Severity, text: string) => void;
