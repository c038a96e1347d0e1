// Sample media made with ffmpeg: test-source clips of several sizes and rates, one with a burned-in
// frame counter (a 16-bit barcode strip + the number in text when a font is available), and a pan
// clip over a photo of real people from the npm tarball @vladmandic/face-api (never committed).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { extractFromNpmTarball } from '../media/npm-tarball';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_CACHE_DIR = path.join(repoRoot, '.cache');
export const FACE_API_SPEC = '@vladmandic/face-api@1.7.15';
/** sample6.jpg: four people standing side by side, full upper bodies. */
export const PEOPLE_PHOTO = 'demo/sample6.jpg';
export const PEOPLE_CLIP = 'people_pan_1280x720_30fps_8s.mp4';

/** Barcode geometry shared with tests that read frame numbers back from pixels. */
export const COUNTER_BITS = 16;
export const COUNTER_STRIP_FRACTION = 1 / 12; // strip height as a fraction of the frame height

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
];
const font = () => FONT_CANDIDATES.find((f) => fs.existsSync(f));

export interface ClipSpec {
  file: string;
  args: (ffmpeg: string) => string[];
}

const x264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];

/** Frame-counter overlay: bit i of the frame number is white/black in column i of a strip on top. */
function counterFilter(w: number, h: number): string {
  const stripH = Math.round(h * COUNTER_STRIP_FRACTION);
  const f = font();
  const text = f
    ? `,drawtext=fontfile=${f}:text='%{frame_num}':x=(w-tw)/2:y=h-th-20:fontsize=${Math.round(h / 8)}:fontcolor=white:box=1:boxcolor=black@0.6`
    : '';
  return (
    `[0:v]null[base];` +
    `color=c=black:s=${COUNTER_BITS}x1:r=30,format=gray,geq=lum='255*mod(floor(N/pow(2,X)),2)',scale=${w}:${stripH}:flags=neighbor,format=yuv420p[strip];` +
    `[base][strip]overlay=0:0:shortest=1${text}[out]`
  );
}

export const SAMPLE_CLIPS: ClipSpec[] = [
  {
    file: 'counter_640x360_30fps_20s.mp4',
    args: () => [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=640x360:r=30:d=20',
      '-filter_complex',
      counterFilter(640, 360),
      '-map',
      '[out]',
      ...x264,
      '-g',
      '30',
      '-bf',
      '0',
    ],
  },
  {
    file: 'testsrc_1280x720_30fps_12s.mp4',
    args: () => ['-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=12', ...x264],
  },
  {
    file: 'mandelbrot_1920x1080_25fps_6s.mp4',
    args: () => ['-f', 'lavfi', '-i', 'mandelbrot=s=1920x1080:r=25', '-t', '6', ...x264],
  },
  {
    file: 'portrait_720x1280_60fps_5s.mp4',
    args: () => ['-f', 'lavfi', '-i', 'smptehdbars=s=720x1280:r=60:d=5', ...x264],
  },
  {
    file: 'ntsc_640x480_29.97fps_15s.mp4',
    args: () => ['-f', 'lavfi', '-i', 'testsrc=s=640x480:r=30000/1001:d=15', ...x264],
  },
  {
    file: 'vp9_854x480_25fps_8s.webm',
    args: () => [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=854x480:r=25:d=8',
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '600k',
      '-pix_fmt',
      'yuv420p',
    ],
  },
  {
    file: 'life_320x240_30fps_60s.mp4',
    args: () => [
      '-f',
      'lavfi',
      '-i',
      'life=s=320x240:r=30:mold=10:ratio=0.1:death_color=#102040:life_color=#e0c040',
      '-t',
      '60',
      ...x264,
    ],
  },
];

// Each clip is cached with a stamp of the exact ffmpeg arguments that made it: when a recipe changes, a
// clip made by the old one (on this machine or copied from another) no longer matches and is re-made.
const stampOf = (out: string) => `${out}.recipe`;
const recipeOf = (args: string[]) => JSON.stringify(args);

function isCurrentClip(out: string, args: string[]): boolean {
  try {
    return fs.existsSync(out) && fs.readFileSync(stampOf(out), 'utf8') === recipeOf(args);
  } catch {
    return false;
  }
}

/** Makes `out` with ffmpeg unless a clip from the same arguments is already there. */
async function ensureClip(ffmpeg: string, out: string, args: string[]): Promise<string> {
  if (isCurrentClip(out, args)) return out;
  // Written under a temporary name and renamed, so a failed or interrupted run leaves no clip behind; the
  // name is this process's own, so two processes making the same clip at once do not take each other's file.
  const tmp = out.replace(/(\.\w+)$/, `.${process.pid}.${Math.random().toString(36).slice(2, 8)}.part$1`);
  fs.rmSync(stampOf(out), { force: true });
  try {
    await run(ffmpeg, ['-v', 'error', '-y', ...args, tmp], { timeout: 300_000, maxBuffer: 16 * 1024 * 1024 });
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw new Error(
      `ffmpeg could not make ${path.basename(out)}: ${(e as { stderr?: string }).stderr?.trim() || (e as Error).message}`,
      { cause: e },
    );
  }
  fs.renameSync(tmp, out);
  fs.writeFileSync(stampOf(out), recipeOf(args));
  return out;
}

/** Photos of real people from the face-api npm tarball, cached. */
export async function ensureFaceApiSamples(cacheDir = DEFAULT_CACHE_DIR): Promise<string[]> {
  return ensureFaceApiPhotos([PEOPLE_PHOTO, 'demo/sample1.jpg'], cacheDir);
}

/** Any of the tarball's files (e.g. demo/sample3.jpg), cached under face-api/. */
export async function ensureFaceApiPhotos(files: string[], cacheDir = DEFAULT_CACHE_DIR): Promise<string[]> {
  return extractFromNpmTarball(FACE_API_SPEC, files, path.join(cacheDir, 'face-api'));
}

/** A 1280x720 30 fps, 8 s pan/zoom clip over four real people (all stay in view). */
export async function ensurePeopleClip(ffmpeg: string, outDir: string, cacheDir = DEFAULT_CACHE_DIR): Promise<string> {
  const out = path.join(outDir, PEOPLE_CLIP);
  fs.mkdirSync(outDir, { recursive: true });
  const [photo] = await ensureFaceApiSamples(cacheDir);
  return ensureClip(ffmpeg, out, peopleClipArgs(photo));
}

/** The ffmpeg arguments (before the output file) of the people clip made from `photo`. */
export function peopleClipArgs(photo: string): string[] {
  const dur = 8,
    fps = 30;
  // The whole photo (full bodies) drifts right across a dark 1280x720 frame while growing from 640 to
  // 700 px high: a camera pan/zoom with every person in view throughout. ffmpeg 4.1 (the npm build) has
  // no per-frame size in scale, so the zoom is zoompan's, anchored at the left edge and centred
  // vertically; the photo's x in the unzoomed frame is divided by the zoom so that on screen its left edge
  // is at 20 + 300·t/8 and its height 640·zoom. Composed at twice the size so that zoompan's whole-pixel
  // crop does not jitter.
  const zoom = (t: string) => `(1+${60 / 640}*${t}/${dur})`;
  const fc =
    `color=c=0x202020:s=2560x1440:r=${fps}:d=${dur}[bg];` +
    `[0:v]scale=-2:1280[img];` +
    `[bg][img]overlay=x='2*(20+300*t/${dur})/${zoom('t')}':y='(H-h)/2':shortest=1,` +
    `zoompan=z='${zoom(`on/${fps}`)}':x=0:y='ih/2-ih/zoom/2':d=1:s=1280x720:fps=${fps},format=yuv420p[out]`;
  return [
    '-loop',
    '1',
    '-framerate',
    '30',
    '-t',
    String(dur),
    '-i',
    photo,
    '-filter_complex',
    fc,
    '-map',
    '[out]',
    ...x264,
  ];
}

/** Generates every sample clip missing from outDir (plus the people clip). Returns the files. */
export async function generateSampleClips(
  ffmpeg: string,
  outDir: string,
  cacheDir = DEFAULT_CACHE_DIR,
  opts: { people?: boolean } = {},
): Promise<string[]> {
  fs.mkdirSync(outDir, { recursive: true });
  const made: string[] = [];
  for (const c of SAMPLE_CLIPS) {
    made.push(await ensureClip(ffmpeg, path.join(outDir, c.file), c.args(ffmpeg)));
  }
  if (opts.people !== false) made.push(await ensurePeopleClip(ffmpeg, outDir, cacheDir));
  return made;
}
