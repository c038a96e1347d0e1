// Editor mode: view ⇄ edit. Edit needs a signed-in user (else the Sign-In
// Required dialog with 'Please sign in to edit annotations.'); every switch pauses playback; leaving edit
// mode discards drafts and flushes pending saves (a flush that does not finish in FLUSH_TIMEOUT_MS moves
// on: the saves keep retrying in the background and the 'Unsaved changes' indicator stays).
import { fromPromise, setup } from 'xstate';

export const EDIT_SIGN_IN_TEXT = 'Please sign in to edit annotations.';
/** How long leaving edit mode waits for the saves before showing view mode as settled. */
export const FLUSH_TIMEOUT_MS = 5000;

export type EditorModeEvent =
  | { type: 'mode.edit'; signedIn: boolean }
  | { type: 'mode.view' }
  /** The user signed out while editing. */
  | { type: 'session.signedOut' };

export const editorModeMachine = setup({
  types: { events: {} as EditorModeEvent },
  delays: { flushTimeout: FLUSH_TIMEOUT_MS },
  actors: {
    /** Provided by the editor: wait for the save queue (true = everything saved). */
    flushSaves: fromPromise<boolean>(async () => true),
  },
  actions: {
    // All provided by the editor (machine.provide); no DOM here.
    pausePlayback: () => {},
    requireSignIn: (_, _params: { text: string }) => {},
    showMode: (_, _params: { mode: 'view' | 'edit' }) => {},
    discardDrafts: () => {},
    clearHistory: () => {},
  },
  guards: {
    signedIn: ({ event }) => event.type === 'mode.edit' && event.signedIn,
  },
}).createMachine({
  id: 'editorMode',
  initial: 'view',
  states: {
    view: {
      entry: { type: 'showMode', params: { mode: 'view' } },
      on: {
        'mode.edit': [
          { guard: 'signedIn', target: 'edit', actions: 'pausePlayback' },
          { actions: { type: 'requireSignIn', params: { text: EDIT_SIGN_IN_TEXT } } },
        ],
      },
    },
    edit: {
      entry: { type: 'showMode', params: { mode: 'edit' } },
      on: {
        'mode.view': { target: 'leaving', actions: ['pausePlayback', 'discardDrafts'] },
        'session.signedOut': { target: 'leaving', actions: ['pausePlayback', 'discardDrafts'] },
      },
    },
    leaving: {
      // The UI already shows view mode: no further edits can start while the saves flush.
      entry: { type: 'showMode', params: { mode: 'view' } },
      invoke: {
        src: 'flushSaves',
        onDone: { target: 'view', actions: 'clearHistory' },
        onError: { target: 'view', actions: 'clearHistory' },
      },
      after: { flushTimeout: { target: 'view', actions: 'clearHistory' } },
    },
  },
});
