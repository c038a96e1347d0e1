// The labelled fixture clips (tests/fixtures/ai/clips.json): building them with ffmpeg into
// .cache/ai-fixtures/ (cached by a hash of the recipe and the filter it makes), and their per-frame ground
// truth: the photo labels mapped through the clip's transform at each frame.
import fs from 'node:fs';
import path from 'node:path';
import { ensureFaceApiPhotos, ensurePeopleClip } from '../../server/services/sample-media';
import {
  applyTransform,
  planCanvas,
  panZoomFilter,
  recipeHash,
  transformAt,
  type ClipOutput,
  type FrameTransform,
  type PanZoomRecipe,
} from './clip-recipe';
import { FIXTURE_DIR, keypointArray, loadPhotoLabels, type PhotoLabels } from './labels';
import { IOU_THRESHOLD, type Box, type GtKeypoint, type GtPerson } from './metrics';
import { samplePeopleTransform, type SamplePeopleRecipe } from './sample-people-transform';
import { ensureFile } from './ffmpeg-file';
import { streetRecipe } from './street-clip';
import { buildRealClip, type RealClipRecipe } from './real-clips';
import { compositeArgs, compositeGroundTruth, compositeObjects, type CompositeRecipe } from './composite';

/** The clips made from photos (tests/fixtures/ai/clips.json). */
export type SyntheticRecipe = PanZoomRecipe | SamplePeopleRecipe | CompositeRecipe;
export type ClipRecipe = SyntheticRecipe | RealClipRecipe;
export interface ClipsFile {
  note: string;
  output: ClipOutput;
  clips: SyntheticRecipe[];
}

/** The clips of clips.json, then the street composite (its recipe is made in street-clip.ts). */
export function loadClips(): ClipsFile {
  const file = JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'clips.json'), 'utf8')) as ClipsFile;
  return { ...file, clips: [...file.clips, streetRecipe()] };
}
export const FIXTURE_CACHE = path.resolve(FIXTURE_DIR, '../../../.cache/ai-fixtures');

/** A person counts only when at least this share of their box is inside the frame. */
export const MIN_VISIBLE_SHARE = 0.5;

/** The six face-api sample photos, fetched together (one `npm pack`) when any is missing. */
export const PHOTOS = ['sample1', 'sample2', 'sample3', 'sample4', 'sample5', 'sample6'];

export async function photoPath(photo: string): Promise<string> {
  const files = await ensureFaceApiPhotos(PHOTOS.map((p) => `demo/${p}.jpg`));
  const file = files[PHOTOS.indexOf(photo)];
  if (!file) throw new Error(`no face-api photo ${photo}`);
  return file;
}

export interface BuiltClip {
  recipe: ClipRecipe;
  file: string;
  output: ClipOutput;
  frames: number;
  /** The labelled people in frame n, in clip pixels. */
  groundTruth: (n: number) => GtPerson[];
  /** The labelled non-people in frame n (clips that have them). */
  objects?: (n: number) => Array<{ id: string; box: Box }>;
  /** Overlap a box needs to count as finding a person on this clip. */
  iou: number;
}

/** ffmpeg arguments (without the output file) and the transform of a pan/zoom recipe on `photo`. */
export function panZoomPlan(r: PanZoomRecipe, out: ClipOutput, photo: string, w: number, h: number) {
  const plan = planCanvas(r, out, w, h);
  const args = [
    '-i',
    photo,
    '-filter_complex',
    panZoomFilter(r, out, plan, w, h),
    '-map',
    '[out]',
    '-frames:v',
    String(plan.frames),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '30',
    '-movflags',
    '+faststart',
  ];
  return { plan, args, transformAt: (n: number) => transformAt(r, out, plan, n, w, h) };
}

/** Builds (or finds cached) the clip of one recipe. */
export async function buildClip(
  ffmpeg: string,
  r: ClipRecipe,
  out: ClipOutput,
  cacheDir = FIXTURE_CACHE,
): Promise<BuiltClip> {
  if (r.kind === 'real') return { recipe: r, ...(await buildRealClip(ffmpeg, r, cacheDir)), iou: r.iou };
  if (r.kind === 'composite') {
    // a composite may set its own size, rate and encoding (the street clip: 768×576, 10 fps, a camera's bitrate)
    const o = r.output ?? out;
    const photos = new Map<string, string>();
    for (const a of r.actors) photos.set(a.photo, await photoPath(a.photo));
    const args = compositeArgs(r, o, (p) => photos.get(p)!);
    const file = path.join(
      cacheDir,
      `${r.name}-${recipeHash([r, o, args.filter((x) => !photos.has(x) && !x.endsWith('.jpg'))])}.mp4`,
    );
    await ensureFile(ffmpeg, file, args, r.name);
    const labels = new Map(r.actors.map((a) => [a.photo, loadPhotoLabels(a.photo)]));
    return {
      recipe: r,
      file,
      output: o,
      frames: Math.round(r.duration * o.fps),
      iou: IOU_THRESHOLD,
      groundTruth: (n) => compositeGroundTruth(r, (p) => labels.get(p)!, o, n),
      ...(r.actors.some((a) => a.object) ? { objects: (n: number) => compositeObjects(r, o, n) } : {}),
    };
  }
  const frames = Math.round(r.duration * out.fps);
  const labels = loadPhotoLabels(r.photo);
  if (r.kind === 'sample-people-pan') {
    // the same clip the real-model test and the processing benchmark use, from the same cache
    const file = await ensurePeopleClip(ffmpeg, path.join(cacheDir, '../processing-test-clips'));
    return {
      recipe: r,
      file,
      output: out,
      frames,
      iou: IOU_THRESHOLD,
      groundTruth: (n) => groundTruthAt(labels, samplePeopleTransform(n, labels.width, labels.height), out),
    };
  }
  const photo = await photoPath(r.photo);
  const { plan, args, transformAt: tf } = panZoomPlan(r, out, photo, labels.width, labels.height);
  const file = path.join(cacheDir, `${r.name}-${recipeHash([r, out, args.slice(2)])}.mp4`);
  await ensureFile(ffmpeg, file, args, r.name);
  return {
    recipe: r,
    file,
    output: out,
    frames: plan.frames,
    iou: IOU_THRESHOLD,
    groundTruth: (n) => groundTruthAt(labels, tf(n), out),
  };
}

const area = (b: Box) => Math.max(0, b.x2 - b.x1) * Math.max(0, b.y2 - b.y1);

/** Ground truth of one frame: every labelled person mapped into the clip, clipped to it, don't-care when mostly out. */
export function groundTruthAt(labels: PhotoLabels, m: FrameTransform, out: ClipOutput): GtPerson[] {
  const people: GtPerson[] = [];
  for (const p of labels.people) {
    const [x1, y1] = applyTransform(m, p.box[0], p.box[1]);
    const [x2, y2] = applyTransform(m, p.box[2], p.box[3]);
    const full = { x1, y1, x2, y2 };
    const box = { x1: Math.max(0, x1), y1: Math.max(0, y1), x2: Math.min(out.width, x2), y2: Math.min(out.height, y2) };
    if (area(box) <= 0) continue;
    const keypoints: GtKeypoint[] = keypointArray(p).map((k) => {
      if (!k) return null;
      const [x, y] = applyTransform(m, k[0], k[1]);
      return x >= 0 && y >= 0 && x < out.width && y < out.height ? [x, y, k[2]] : null;
    });
    people.push({ id: p.id, box, keypoints, dontCare: area(box) < MIN_VISIBLE_SHARE * area(full) });
  }
  return people;
}
