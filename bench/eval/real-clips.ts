// Real footage in the eval. The footage itself stays outside the repository: the Bonn clip (research-only
// licence, frames and labels) is read from ../shared/eval-real/ beside the repository (VAT_EVAL_REAL_DIR
// overrides it); the CC-BY-4.0 Intel sample videos are read from ../eval-data/ beside it
// (VAT_EVAL_FOOTAGE_DIR overrides it) and scored against our own labels committed in
// bench/eval/real-labels/ (mot-labels.ts). A clip whose footage is not there, or not the file its labels
// were drawn on, is left out of the run with a line saying so. Each clip's video is made with ffmpeg into
// .cache/ai-fixtures/real/.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recipeHash, type ClipOutput } from './clip-recipe';
import { ensureFile } from './ffmpeg-file';
import type { Box, GtPerson } from './metrics';
import { readBonnGroundTruth } from './posetrack-bonn';
import { byFrame, readMotLabels, REAL_LABELS_DIR, resampledFrames } from './mot-labels';
import { buildMosaic, FAR_MOSAIC, MOSAIC, type MosaicLayout, type MosaicSource } from './real-mosaic';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const realClipsDir = () => process.env.VAT_EVAL_REAL_DIR || path.resolve(REPO_ROOT, '../shared/eval-real');
/** Footage we label ourselves (its labels are in bench/eval/real-labels/): ../eval-data beside the repository. */
export const footageDir = () => process.env.VAT_EVAL_FOOTAGE_DIR || path.resolve(REPO_ROOT, '../eval-data');

export interface RealClipRecipe {
  kind: 'real';
  name: string;
  /** posetrack-bonn: folder under the real-clips directory; mot-labels: folder under bench/eval/real-labels/. */
  folder: string;
  /** How its ground truth is stored; mosaic: windows of other real clips, scaled down (real-mosaic.ts). */
  format: 'posetrack-bonn' | 'mot-labels' | 'mosaic';
  /** mot-labels: the footage resampled to this frame rate (labels of the nearest source frame). */
  fps?: number;
  /** mosaic: its windows (real-mosaic.ts MOSAIC when absent). */
  layout?: MosaicLayout;
  /** Overlap a box needs to count as finding a person: 0.5 for drawn boxes, lower for boxes derived from joints. */
  iou: number;
  note: string;
}

const INTEL_NOTE =
  'Intel Corporation, intel-iot-devkit/sample-videos (CC-BY-4.0), preview at 480×270; labels drawn by us (bench/eval/real-labels/)';

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
  labelled(
    'person-bicycle-car-detection',
    'a car park from above, a panning camera: a walker leaving at the top edge and a person wheeling a bicycle and riding off, 6–40 px tall',
  ),
  {
    ...labelled('person-bicycle-car-detection', 'the same footage resampled to 10 fps, as street cameras record'),
    name: 'person-bicycle-car-10fps',
    fps: 10,
  },
  labelled(
    'store-aisle-detection',
    'three shoppers in a store aisle seen from above, 160–210 px tall: a woman in a brown coat walks in from under the camera and up the aisle in front of the two others, hiding most of one of them for 2 s',
  ),
  {
    ...labelled('store-aisle-detection', 'the same footage resampled to 10 fps'),
    name: 'store-aisle-10fps',
    fps: 10,
  },
  labelled(
    'classroom',
    'four people seated at desks in a classroom, a still camera: they hold still for the whole clip (heads turn, hands move), seen from the waist or chest up, 50–87 px of them in view; a still person must keep their box',
  ),
  {
    kind: 'real',
    name: 'one-by-one-person-detection',
    folder: 'one-by-one-person-detection',
    format: 'mot-labels',
    iou: 0.5,
    note: 'a room with a tall round pedestal table before a white wall, a still camera, 10 fps: six people walk in one at a time from under the camera, stand at the table and leave to the right, 345–395 px tall; nobody is in view on a fifth of the frames, and the table (a pole with a round top and a cross foot) is labelled as a still thing; Intel Corporation, intel-iot-devkit/sample-videos (CC-BY-4.0), the MP4 at 768×432; labels drawn by us (bench/eval/real-labels/)',
  },
  {
    kind: 'real',
    name: 'small-people-mosaic',
    folder: '',
    format: 'mosaic',
    iou: 0.5,
    note: "the store aisle (twice) and six stretches of the one-by-one room, each scaled down into a 192×108 window of a 768×576 grey canvas, 10 fps, H.264 at 400 kbit/s: real people, limbs and crossings at 40–100 px tall, up to 12 in view; labels are the footage's scaled (bench/eval/real-mosaic.ts)",
  },
  {
    kind: 'real',
    name: 'small-people-mosaic-far',
    folder: '',
    format: 'mosaic',
    layout: FAR_MOSAIC,
    iou: 0.5,
    note: "the same eight stretches in 128×72 windows of the same canvas: people 37–66 px tall, a street camera's farthest (bench/eval/real-mosaic.ts FAR_MOSAIC)",
  },
];

/** A clip of footage we labelled (bench/eval/real-labels/<folder>/), matched at IoU 0.5 as drawn boxes are. */
function labelled(folder: string, what: string): RealClipRecipe {
  return { kind: 'real', name: folder, folder, format: 'mot-labels', iou: 0.5, note: `${what}; ${INTEL_NOTE}` };
}

/** Why a clip cannot be run here (its footage absent or not the labelled file), or null when it can. */
export function whyMissing(r: RealClipRecipe): string | null {
  if (r.format === 'mosaic') {
    const sources = [...new Set((r.layout ?? MOSAIC).cells.map((c) => c.clip))].map((n) =>
      REAL_CLIPS.find((c) => c.name === n)!,
    );
    const why = sources.map((s) => [s.name, whyMissing(s)]).find(([, w]) => w);
    return why ? `its window footage ${why[0]}: ${why[1]}` : null;
  }
  if (r.format === 'posetrack-bonn')
    return fs.existsSync(path.join(realClipsDir(), r.folder)) ? null : `not under ${realClipsDir()}`;
  const { info } = readMotLabels(path.join(REAL_LABELS_DIR, r.folder));
  const file = path.join(footageDir(), info.source);
  if (!fs.existsSync(file)) return `footage ${info.source} not under ${footageDir()}`;
  const sum = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  return sum === info.sha256 ? null : `${file} is not the footage its labels were drawn on (sha256 ${sum})`;
}

/** The real clips present on this machine, and a line for each of those that are not. */
export function availableRealClips(only?: string[]): { present: RealClipRecipe[]; missing: string[] } {
  const wanted = REAL_CLIPS.filter((r) => !only || only.includes(r.name));
  const present: RealClipRecipe[] = [];
  const missing: string[] = [];
  for (const r of wanted) {
    const why = whyMissing(r);
    if (why) missing.push(`real clip ${r.name}: ${why}, left out of this run`);
    else present.push(r);
  }
  return { present, missing };
}

/** How the eval encodes a real clip's frames: H.264 at a quality where the footage's own artefacts dominate. */
const H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18'];

export interface BuiltRealClip {
  file: string;
  output: ClipOutput;
  frames: number;
  groundTruth: (n: number) => GtPerson[];
  /** Labelled things that are not people (clips that have them). */
  objects?: (n: number) => Array<{ id: string; box: Box }>;
}

/** Makes the clip's video from its frames (cached) and reads its ground truth. */
export async function buildRealClip(ffmpeg: string, r: RealClipRecipe, cacheDir: string): Promise<BuiltRealClip> {
  if (r.format === 'mot-labels') return buildLabelledFootage(ffmpeg, r, cacheDir);
  if (r.format === 'mosaic') {
    const sources = new Map<string, MosaicSource>();
    for (const name of new Set((r.layout ?? MOSAIC).cells.map((c) => c.clip)))
      sources.set(
        name,
        await buildLabelledFootage(
          ffmpeg,
          REAL_CLIPS.find((c) => c.name === name)!,
          cacheDir,
        ),
      );
    return buildMosaic(ffmpeg, r.name, sources, cacheDir, r.layout);
  }
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
    ...H264,
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

/**
 * Footage we labelled: each frame of the file becomes one video frame at the labels' frame rate (a GIF's
 * 8/9/8-centisecond delays would otherwise drop or repeat frames), or, resampled, the source frames
 * `resampledFrames` names, picked by number so that the labels follow exactly (ffmpeg 4.1 and later).
 */
async function buildLabelledFootage(ffmpeg: string, r: RealClipRecipe, cacheDir: string): Promise<BuiltRealClip> {
  const labels = readMotLabels(path.join(REAL_LABELS_DIR, r.folder));
  const { info } = labels;
  const fps = r.fps ?? info.frameRate;
  const source = r.fps ? resampledFrames(info.seqLength, info.frameRate, r.fps) : [...Array(info.seqLength).keys()];
  const pick = r.fps ? `select='${source.map((n) => `eq(n\\,${n})`).join('+')}',` : '';
  const args = [
    '-i',
    path.join(footageDir(), info.source),
    '-vf',
    `${pick}setpts=N/(${fps}*TB),format=yuv420p`,
    '-r',
    String(fps),
    '-frames:v',
    String(source.length),
    ...H264,
    '-g',
    String(Math.round(fps * 2)),
    '-movflags',
    '+faststart',
  ];
  const file = path.join(cacheDir, 'real', `${r.name}-${recipeHash([info.sha256, args.slice(2)])}.mp4`);
  await ensureFile(ffmpeg, file, args, r.name);
  const people = byFrame(labels.people);
  const still = byFrame(labels.stillThings);
  return {
    file,
    output: { width: info.imWidth, height: info.imHeight, fps },
    frames: source.length,
    groundTruth: (n) => (people.get(source[n]) ?? []).map((l) => ({ id: `person ${l.id}`, box: l.box })),
    ...(labels.stillThings.length
      ? { objects: (n: number) => (still.get(source[n]) ?? []).map((l) => ({ id: `thing ${l.id}`, box: l.box })) }
      : {}),
  };
}
