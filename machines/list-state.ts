// Library list state: filters, page and rows saved in session storage. A saved state is valid
// for 24 h, or 5 min when restored on the return trip from the annotate screen. Storage failures are ignored.
import { assign, setup } from 'xstate';
import { readListState, writeListState, type ListState } from '../domain/list-state';
import type { KeyValueStorage } from './session-identity';

export { LIST_STATE_KEY, readListState, type ListState } from '../domain/list-state';

export interface ListStateContext {
  storage: KeyValueStorage | null;
  now: () => number;
  restored: ListState | null;
}

export type ListStateEvent = { type: 'list.load'; restore: boolean } | { type: 'list.save'; state: ListState };

/**
 * idle --list.load--> loaded (context.restored = saved state or null) ; list.save in any state writes it.
 * The page reads `restored` once on entry and then reports every change with list.save.
 */
export const listStateMachine = setup({
  types: {
    context: {} as ListStateContext,
    events: {} as ListStateEvent,
    input: {} as { storage: KeyValueStorage | null; now?: () => number },
  },
  actions: {
    load: assign(({ context, event }) => ({
      restored:
        event.type === 'list.load' ? readListState(context.storage, context.now(), event.restore) : context.restored,
    })),
    save: ({ context, event }) => {
      if (event.type === 'list.save') writeListState(context.storage, event.state, context.now());
    },
  },
}).createMachine({
  id: 'listState',
  context: ({ input }) => ({ storage: input.storage, now: input.now ?? Date.now, restored: null }),
  initial: 'idle',
  on: { 'list.save': { actions: 'save' } },
  states: {
    idle: { on: { 'list.load': { target: 'loaded', actions: 'load' } } },
    loaded: { on: { 'list.load': { actions: 'load' } } },
  },
});
