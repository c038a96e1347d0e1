// Colours: each track's colour comes from its id (domain/overlay/colors.ts), each action class has its own
// timeline colour.
import type { ActionClass } from '../../domain/constants';

// Track colours are shared with the server's renderer.
export { TRACK_COLORS, trackColor } from '../../domain/overlay/colors';

export const ACTION_CLASS_COLORS: Record<ActionClass, string> = {
  kick: '#dc2626',
  hit: '#ea580c',
  run: '#16a34a',
  throw: '#ca8a04',
  fall: '#7c3aed',
  flap: '#0891b2',
  cry: '#db2777',
  sleep: '#475569',
  sit: '#2563eb',
  jump: '#65a30d',
  others: '#78716c',
};

export const classColor = (c: string) => ACTION_CLASS_COLORS[c as ActionClass] ?? '#78716c';
