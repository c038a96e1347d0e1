// Row drafts of the data panel (unsaved form values, discarded when leaving edit mode) and the ids of
// actions added in this visit (they show a pulsing 'NEW' chip until the page reloads). One per editor.
import type { SegmentFields } from '../../../domain/types';
import { Store } from '../store';

export interface RowDraftState {
  drafts: Readonly<Record<number, SegmentFields>>;
  newIds: readonly number[];
}
const EMPTY: RowDraftState = { drafts: {}, newIds: [] };

export class RowDrafts {
  readonly state = new Store<RowDraftState>(EMPTY);

  get(id: number): SegmentFields | undefined {
    return this.state.get().drafts[id];
  }
  ids(): number[] {
    return Object.keys(this.state.get().drafts).map(Number);
  }
  isNew(id: number): boolean {
    return this.state.get().newIds.includes(id);
  }

  set(id: number, fields: SegmentFields): void {
    const s = this.state.get();
    this.state.set({ ...s, drafts: { ...s.drafts, [id]: { ...s.drafts[id], ...fields } } });
  }

  clear(id: number): void {
    const s = this.state.get();
    if (!(id in s.drafts)) return;
    const { [id]: _gone, ...rest } = s.drafts;
    this.state.set({ ...s, drafts: rest });
  }

  /** Drops every draft (leaving edit mode); the NEW chips stay. */
  clearAll(): void {
    const s = this.state.get();
    if (this.ids().length) this.state.set({ ...s, drafts: {} });
  }

  markNew(id: number): void {
    const s = this.state.get();
    this.state.set({ ...s, newIds: [...s.newIds, id] });
  }

  /** A new document: no drafts, no NEW chips. */
  reset(): void {
    this.state.set(EMPTY);
  }
}
