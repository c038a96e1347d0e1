// Review commands: keys and buttons that move the playhead from problem to problem and mark tracks
// verified. They change no document (nothing to undo), so they are not edit commands; they live in the
// key registry's second table (key-registry.ts) so the keyboard help lists them and the clash test
// covers their keys.
import type { EditorCore } from '../editor/editor-core';
import type { KeyLike, Shortcut } from '../commands/types';

export type NavCommandName =
  'problem.next' | 'problem.prev' | 'problem.kind' | 'track.verify' | 'track.follow' | 'view.hand' | 'issue.raise';

/** What a review command may need besides the editor: the session's sign-in gate (marks are writes). */
export interface NavContext {
  requireSignIn(): boolean;
}

export interface NavCommandDef {
  name: NavCommandName;
  label: string;
  shortcuts: readonly Shortcut[];
  keyTest: (e: KeyLike) => boolean;
  run: (editor: EditorCore, ctx: NavContext, e?: KeyLike) => void;
}

const plain = (e: KeyLike) => !e.ctrlKey && !e.metaKey && !e.altKey;
const letter = (e: KeyLike, l: string) => e.key.toLowerCase() === l || e.code === `Key${l.toUpperCase()}`;

export const problemNext: NavCommandDef = {
  name: 'problem.next',
  label: 'Next problem',
  shortcuts: [{ keys: 'N', does: 'Next problem of the chosen kind', group: 'review' }],
  keyTest: (e) => plain(e) && !e.shiftKey && letter(e, 'n'),
  run: (editor) => {
    void editor.review.jump(1);
  },
};

export const problemPrev: NavCommandDef = {
  name: 'problem.prev',
  label: 'Previous problem',
  shortcuts: [{ keys: 'Shift+N', does: 'Previous problem of the chosen kind', group: 'review' }],
  keyTest: (e) => plain(e) && e.shiftKey && letter(e, 'n'),
  run: (editor) => {
    void editor.review.jump(-1);
  },
};

export const problemKind: NavCommandDef = {
  name: 'problem.kind',
  label: 'Problem kind',
  shortcuts: [
    {
      keys: 'K / Shift+K',
      does: 'Next / previous problem kind (all, open review issue, low confidence, start/end, gap, proposal, overlap)',
      group: 'review',
    },
  ],
  keyTest: (e) => plain(e) && letter(e, 'k'),
  run: (editor, _ctx, e) => editor.review.cycleFilter(e?.shiftKey ? -1 : 1),
};

export const trackVerify: NavCommandDef = {
  name: 'track.verify',
  label: 'Verified',
  shortcuts: [{ keys: 'V', does: 'Mark the selected track verified, or clear its mark', group: 'review' }],
  keyTest: (e) => plain(e) && !e.shiftKey && letter(e, 'v'),
  run: (editor, ctx) => {
    const trackId = editor.getUi().selectedTrackId;
    if (trackId === null || !editor.getDoc()?.trackIds.includes(trackId) || !ctx.requireSignIn()) return;
    const mark = editor.review.markOf(trackId);
    // a mark edited since is verified again rather than cleared
    void editor.review.setVerified(trackId, !mark || !!mark.edited_at);
  },
};
