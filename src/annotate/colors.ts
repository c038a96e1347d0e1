// Colours: tracks cycle through 5, each action class has its own timeline colour.
import type { ActionClass } from '../../domain/constants';

export const TRACK_COLORS = ['#ef4444', '#3b82f6', '#22c55e', '#f59e0b', '#a855f7'] as const;

/** Colour of a track: by position in the sorted track list, so T1..T5 always differ. */
export function trackColor(index: number): string {
  return TRACK_COLORS[((index % TRACK_COLORS.length) + TRACK_COLORS.length) % TRACK_COLORS.length];
}

export const ACTION_CLASS_COLORS: Record<ActionClass, string> = {
  kick: '#dc2626', hit: '#ea580c', run: '#16a34a', throw: '#ca8a04', fall: '#7c3aed', flap: '#0891b2',
  cry: '#db2777', sleep: '#475569', sit: '#2563eb', jump: '#65a30d', others: '#78716c',
};

export const classColor = (c: string) => ACTION_CLASS_COLORS[c as ActionClass] ?? '#78716c';
