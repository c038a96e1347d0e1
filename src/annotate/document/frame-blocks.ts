// The detections of one track in the editor document, split into blocks of FRAME_BLOCK frames:
// block index → frame → detection. A window the loader merges replaces only the blocks it covers, so a
// merge costs the frames it brings, not every frame loaded before (a flat frame → detection object had
// to be copied whole on every merge: ~50 ms with 20 tracks × 3,600 loaded frames). An edit's immer
// patches stay per frame: ['detections', track, block, frame].
import type { CompactDetection, TrackFrames } from '../../../domain/overlay/detection';

/** Frames per block: the loader's block, so one loaded block is one object per track. */
export const FRAME_BLOCK = 150;

/** block index → frame → detection (frames keep their absolute numbers). */
export type BlockedFrames = Record<number, TrackFrames>;

export const blockOf = (frame: number): number => Math.floor(frame / FRAME_BLOCK);

/** The detection stored at `frame`, if that frame is loaded and has one. */
export function frameAt(track: BlockedFrames | undefined, frame: number): CompactDetection | undefined {
  return track?.[blockOf(frame)]?.[frame];
}

/** Every stored frame of a track, ascending: [frame, detection]. */
export function framesOf(track: BlockedFrames | undefined): [number, CompactDetection][] {
  const out: [number, CompactDetection][] = [];
  if (!track) return out;
  for (const b of Object.keys(track)
    .map(Number)
    .sort((x, y) => x - y)) {
    const frames = track[b];
    for (const f of Object.keys(frames)
      .map(Number)
      .sort((x, y) => x - y))
      out.push([f, frames[f]]);
  }
  return out;
}

/** A flat frame → detection map as blocks (fixtures, imports). */
export function toBlocked(frames: TrackFrames): BlockedFrames {
  const out: BlockedFrames = {};
  for (const key of Object.keys(frames)) {
    const f = Number(key);
    (out[blockOf(f)] ??= {})[f] = frames[f];
  }
  return out;
}

/** The block of `frame` in a (draft) track, created empty when missing. */
export function blockFor(track: BlockedFrames, frame: number): TrackFrames {
  return (track[blockOf(frame)] ??= {});
}
