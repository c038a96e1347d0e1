// The models' answer for a tracking test: the people found on each of `count` frames at 10 fps, a model
// pass on every 2nd frame and the optical flow's frames between.
import type { FoundPerson, FramePeople } from '../../server/processing/analysis-result';

export function framePeople(count: number, peopleOn: (frame: number) => FoundPerson[]): FramePeople {
  const frames = Array.from({ length: count }, (_, i) => i);
  return {
    frames,
    people: frames.map(peopleOn),
    passes: frames.map((f) => f % 2 === 0),
    stride: 1,
    poseModel: 'tracking',
    inputW: 640,
    inputH: 320,
    longSide: 640,
    decodeInferMs: 0,
  };
}
