// Real people at the size a street camera sees them. Our labelled real footage shows people 160–395 px
// tall; a street camera shows them at 40–90 px. This clip lays windows of that footage, scaled down, on a
// 768×576 grey canvas at 10 fps, encoded at a street camera's bitrate: the pixels, limbs, gait, crossings
// and occlusions stay real, only their size changes. The labels are the footage's own labels scaled the
// same way. Each window plays one stretch of one labelled clip (a shopper crossing in front of two others,
// someone walking in or out of a room), so up to twelve small people are in view at once, the most the
// detector reads per frame (topdown.ts TOPDOWN_MAX_PEOPLE). The footage stays outside the repository, as
// for the clips it comes from (real-clips.ts).
import path from 'node:path';
import { cameraRateArgs, STREET_CAMERA } from './camera-encoding';
import { recipeHash, type ClipOutput } from './clip-recipe';
import { ensureFile } from './ffmpeg-file';
import type { GtPerson } from './metrics';

export const MOSAIC_OUTPUT: ClipOutput = { width: 768, height: 576, fps: 10 };
/** A window's size on the canvas. */
export interface CellSize {
  width: number;
  height: number;
}
/** Each window's size: a quarter of the canvas's width, 16:9 like the footage. */
export const CELL: CellSize = { width: 192, height: 108 };
/** The far mosaic's windows: a sixth of the canvas's width, so its people are 2/3 as tall (37–66 px). */
export const FAR_CELL: CellSize = { width: 128, height: 72 };
/** Frames of the clip: 4.5 s, what the 10 fps store-aisle footage holds. */
export const MOSAIC_FRAMES = 45;

export interface MosaicCell {
  /** A labelled real clip at 10 fps (real-clips.ts REAL_CLIPS name). */
  clip: string;
  /** Its first frame shown. */
  start: number;
  /** Mirrored left to right, so two windows of one footage do not look alike. */
  flip?: boolean;
  /** Grid column (0–3) and row (0–4). */
  col: number;
  row: number;
}

/**
 * The windows: the store aisle twice (once mirrored, three shoppers each, one crossing in front of the two
 * others), and six stretches of the one-by-one room, each with one person walking in from under the camera
 * (frames 56, 498, 917) or standing and walking out to the right (411, 831, 1321).
 */
export const MOSAIC_CELLS: MosaicCell[] = [
  { clip: 'store-aisle-10fps', start: 0, col: 0, row: 1 },
  { clip: 'store-aisle-10fps', start: 0, flip: true, col: 3, row: 3 },
  { clip: 'one-by-one-person-detection', start: 56, col: 1, row: 0 },
  { clip: 'one-by-one-person-detection', start: 411, col: 3, row: 0 },
  { clip: 'one-by-one-person-detection', start: 498, flip: true, col: 2, row: 2 },
  { clip: 'one-by-one-person-detection', start: 831, col: 0, row: 4 },
  { clip: 'one-by-one-person-detection', start: 917, col: 1, row: 3 },
  { clip: 'one-by-one-person-detection', start: 1321, flip: true, col: 2, row: 4 },
];

/**
 * The far mosaic: the same eight stretches in windows of FAR_CELL, spread over its 6 × 8 grid, so the people
 * are the size of a street camera's farthest (the store aisle's 37–45 px, the room's 58–66 px).
 */
export const FAR_MOSAIC_CELLS: MosaicCell[] = MOSAIC_CELLS.map((c, i) => ({
  ...c,
  ...[
    { col: 0, row: 2 },
    { col: 5, row: 5 },
    { col: 2, row: 0 },
    { col: 5, row: 0 },
    { col: 3, row: 3 },
    { col: 0, row: 7 },
    { col: 2, row: 5 },
    { col: 3, row: 7 },
  ][i],
}));

/** A mosaic: its windows and their size. */
export interface MosaicLayout {
  cells: MosaicCell[];
  cell: CellSize;
}
export const MOSAIC: MosaicLayout = { cells: MOSAIC_CELLS, cell: CELL };
export const FAR_MOSAIC: MosaicLayout = { cells: FAR_MOSAIC_CELLS, cell: FAR_CELL };

/** A built source clip: its video file, size and labels per frame. */
export interface MosaicSource {
  file: string;
  output: ClipOutput;
  frames: number;
  groundTruth: (n: number) => GtPerson[];
}

/** ffmpeg arguments (inputs, filter graph, encoding) that lay the cells' footage on the canvas (ffmpeg 4.1 and later). */
export function mosaicArgs(cells: MosaicCell[], files: string[], size: CellSize = CELL): string[] {
  const { width: W, height: H, fps } = MOSAIC_OUTPUT;
  const chains = cells.map(
    (c, i) =>
      `[${i}:v]trim=start_frame=${c.start}:end_frame=${c.start + MOSAIC_FRAMES},setpts=N/(${fps}*TB),` +
      `scale=${size.width}:${size.height}${c.flip ? ',hflip' : ''}[c${i}]`,
  );
  const overlays = cells.map(
    (c, i) =>
      `[${i ? `o${i - 1}` : 'bg'}][c${i}]overlay=x=${c.col * size.width}:y=${c.row * size.height}` +
      `:eof_action=repeat[${i === cells.length - 1 ? 'out' : `o${i}`}]`,
  );
  const graph = [`color=c=0x808080:s=${W}x${H}:r=${fps}:d=${MOSAIC_FRAMES / fps}[bg]`, ...chains, ...overlays].join(
    ';',
  );
  return [
    ...files.flatMap((f) => ['-i', f]),
    '-filter_complex',
    graph,
    '-map',
    '[out]',
    '-frames:v',
    String(MOSAIC_FRAMES),
    '-r',
    String(fps),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    ...cameraRateArgs(STREET_CAMERA),
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(STREET_CAMERA.gop),
    '-movflags',
    '+faststart',
  ];
}

/** A cell's labels at mosaic frame n: the source's labels scaled into the window (mirrored with it), ids kept apart. */
export function cellGroundTruth(
  cell: MosaicCell,
  index: number,
  source: MosaicSource,
  n: number,
  size: CellSize = CELL,
): GtPerson[] {
  const sx = size.width / source.output.width,
    sy = size.height / source.output.height;
  const ox = cell.col * size.width,
    oy = cell.row * size.height;
  return source.groundTruth(cell.start + n).map((g) => {
    const x1 = cell.flip ? source.output.width - g.box.x2 : g.box.x1;
    const x2 = cell.flip ? source.output.width - g.box.x1 : g.box.x2;
    return {
      id: `window ${index + 1} ${g.id}`,
      box: { x1: ox + x1 * sx, y1: oy + g.box.y1 * sy, x2: ox + x2 * sx, y2: oy + g.box.y2 * sy },
      ...(g.dontCare ? { dontCare: true } : {}),
    };
  });
}

/** What is wrong with the cells against their sources (empty when nothing): a stretch past a source's end, overlapping windows. */
export function mosaicProblems(
  cells: MosaicCell[],
  sources: Map<string, MosaicSource>,
  size: CellSize = CELL,
): string[] {
  const problems: string[] = [];
  const taken = new Set<string>();
  cells.forEach((c, i) => {
    const s = sources.get(c.clip);
    if (!s) problems.push(`window ${i + 1}: no clip ${c.clip}`);
    else if (c.start + MOSAIC_FRAMES > s.frames)
      problems.push(`window ${i + 1}: ${c.clip} ends before frame ${c.start + MOSAIC_FRAMES}`);
    else if (s.output.fps !== MOSAIC_OUTPUT.fps)
      problems.push(`window ${i + 1}: ${c.clip} is not at ${MOSAIC_OUTPUT.fps} fps`);
    if (
      c.col * size.width + size.width > MOSAIC_OUTPUT.width ||
      c.row * size.height + size.height > MOSAIC_OUTPUT.height
    )
      problems.push(`window ${i + 1}: outside the canvas`);
    if (taken.has(`${c.col},${c.row}`)) problems.push(`window ${i + 1}: on another window`);
    taken.add(`${c.col},${c.row}`);
  });
  return problems;
}

/** Makes the mosaic's video from its sources (cached under the recipe's hash) and returns it with its labels. */
export async function buildMosaic(
  ffmpeg: string,
  name: string,
  sources: Map<string, MosaicSource>,
  cacheDir: string,
  layout: MosaicLayout = MOSAIC,
) {
  const { cells, cell: size } = layout;
  const problems = mosaicProblems(cells, sources, size);
  if (problems.length) throw new Error(`${name}: ${problems.join('; ')}`);
  const files = cells.map((c) => sources.get(c.clip)!.file);
  const args = mosaicArgs(cells, files, size);
  const file = path.join(cacheDir, 'real', `${name}-${recipeHash([files.map((f) => path.basename(f)), args])}.mp4`);
  await ensureFile(ffmpeg, file, args, name);
  return {
    file,
    output: MOSAIC_OUTPUT,
    frames: MOSAIC_FRAMES,
    groundTruth: (n: number) => cells.flatMap((c, i) => cellGroundTruth(c, i, sources.get(c.clip)!, n, size)),
  };
}
