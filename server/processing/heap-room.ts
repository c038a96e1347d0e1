// Room in the heap for the frames a processing job decodes. A decoded frame is an ArrayBuffer outside V8's heap,
// but V8 counts the bytes allocated that way since its last full collection against the old generation's limit.
// That limit is set at about 1.4× what survived the last full collection, and a server holds about 53 MB that
// does (the database, the routes, their schemas). So the ~23 MB of room ran out after ten-odd frames: the
// people clip's job ran a full mark-compact every 0.3 s, and V8's marking threads took CPU from the two
// pose workers on a 2-core machine. Growing the limit to 3× what survives keeps the pixels' garbage
// collected at a fraction of that rate (docs/PROCESSING.md, "Room in the heap").
import v8 from 'node:v8';

/** The old generation's limit after a full collection: (1 + this / 100) × what survived it. */
export const HEAP_GROWING_PERCENT = 200;

let given = false;

/**
 * Sets V8's heap growing factor for this process (the flag is read at each full collection, by every
 * isolate, so the pose workers get it too). Called once by the process that runs processing jobs.
 */
export function giveHeapRoomForFrames(): void {
  if (given) return;
  given = true;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
