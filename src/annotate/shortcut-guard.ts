// The one rule that decides whether a page shortcut of the Annotate screen may act on a key press. Every
// key listener there (edit/hotkeys.ts, the screen's one listener) asks it first. A key belongs to
// something else while a modal dialog is open — a remark typed into Mark KIV must not walk the problems,
// change the problem kind or mark a track verified — or while a text field, select or editable element
// has the focus, because the key is typed into it.

/** An open Headless UI dialog (or any other modal) says so with aria-modal on its role=dialog element. */
const OPEN_MODAL = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';
const FIELD_TAGS = ['INPUT', 'SELECT', 'TEXTAREA'];
/** Inputs that take no typing: on a focused toggle Space plays and pauses instead of flipping it. */
const PRESS_INPUTS = ['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'color'];

/**
 * A form field or editable element: keys pressed there are typing, not shortcuts. A slider (seek, volume)
 * keeps its arrows, Home and End, but Space plays and pauses there too (the focus stays on it after a seek).
 */
export function isTypingTarget(t: EventTarget | null, key?: string): boolean {
  if (typeof HTMLElement === 'undefined' || !(t instanceof HTMLElement)) return false;
  if (t instanceof HTMLInputElement && PRESS_INPUTS.includes(t.type)) return false;
  if (t instanceof HTMLInputElement && t.type === 'range') return key !== ' ';
  return t.isContentEditable || FIELD_TAGS.includes(t.tagName);
}

/** True when a key press must be left alone by the editor's shortcuts. */
export function shortcutsBlocked(e: { target: EventTarget | null; key?: string }): boolean {
  // Without a DOM (the TestEditor in node) there is no dialog and no field.
  if (typeof document === 'undefined') return false;
  return (
    isTypingTarget(e.target, e.key) ||
    isTypingTarget(document.activeElement, e.key) ||
    document.querySelector(OPEN_MODAL) !== null
  );
}
