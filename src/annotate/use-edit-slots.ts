// React access to the edit side's registered slots (re-renders when they change).
import { useSyncExternalStore } from 'react';
import { getEditSlots, subscribeEditSlots, type EditSlots } from './slots';

export function useEditSlots(): EditSlots {
  return useSyncExternalStore(subscribeEditSlots, getEditSlots, getEditSlots);
}
