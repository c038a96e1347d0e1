// Real footage in the eval. The clips themselves stay outside the repository (their licences keep them
// out): they are read from ../shared/eval-real/ beside the repository (VAT_EVAL_REAL_DIR overrides it),
// and a clip that is not there is left out of the run with a line saying so. Each clip's video is made
// from its frames with ffmpeg into .cache/ai-fixtures/real/; its ground truth is read from its own files.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recipeHash, type ClipOutput } from './clip-recipe';
import { ensureFile } from './ffmpeg-file';
import type { GtPerson } from './metrics';
import { readBonnGroundTruth } from './posetrack-bonn';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const realClipsDir = () => process.env.VAT_EVAL_REAL_DIR || path.resolve(REPO_ROOT, '../shared/eval-real');

export interface RealClipRecipe {
  kind: 'real';
  name: string;
  /** Folder under the real-clips directory. */
  folder: string;
  /** How its ground truth is stored. */
  format: 'posetrack-bonn';
  /** Overlap a box needs to count as finding a person: 0.5 for drawn boxes, lower for boxes derived from joints. */
  iou: number;
  note: string;
}

export const REAL_CLIPS: RealClipRecipe[] = [
  {
    kind: 'real',
    name: 'bonn-060470979',
    folder: 'bonn-060470979',
    format: 'posetrack-bonn',
    // the boxes are the joints' extent padded, not drawn: paddles, hands and hair stick out of them
    iou: 0.4,
    note: 'Bonn Multi-Person PoseTrack video 060470979: 41 frames 960×540 (nominal 30 fps) of four people on paddle boards passing in front of each other; 14 MPII joints with visibility and head rectangles, track ids; boxes derived from the joints (research-only licence: read from ../shared, never committed)',
  },
];

/** The real clips present on this machine, and the names of those that are not. */
export function availableRealClips(only?: string[]): { present: RealClipRecipe[]; missing: string[] } {
  const wanted = REAL_CLIPS.filter((r) => !only || only.includes(r.name));
  const present = wanted.filter((r) => fs.existsSync(path.join(realClipsDir(), r.folder)));
  return { present, missing: wanted.filter((r) => !present.includes(r)).map((r) => r.name) };
}

export interface BuiltRealClip {
  file: string;
  output: ClipOutput;
  frames: number;
  groundTruth: (n: number) => GtPerson[];
}

/** Makes the clip's video from its frames (cached) and reads its ground truth. */
export async function buildRealClip(ffmpeg: string, r: RealClipRecipe, cacheDir: string): Promise<BuiltRealClip> {
  const dir = path.join(realClipsDir(), r.folder);
  const gt = readBonnGroundTruth(dir);
  const args = [
    '-framerate',
    String(gt.output.fps),
    '-start_number',
    '1',
    '-i',
    path.join(dir, 'frames', '%05d.jpg'),
    '-frames:v',
    String(gt.frames),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '18',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '30',
    '-movflags',
    '+faststart',
  ];
  // the name carries the frames' checksums, so other frames under the same folder make another file
  const sums = fs.readFileSync(path.join(dir, 'frames_sha256.txt'), 'utf8');
  const file = path.join(cacheDir, 'real', `${r.name}-${recipeHash([sums, args.slice(6)])}.mp4`);
  await ensureFile(ffmpeg, file, args, r.name);
  return { file, output: gt.output, frames: gt.frames, groundTruth: gt.at };
}
