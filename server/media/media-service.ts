// ffmpeg/ffprobe: resolved once (env → system → npm installer packages) and used to probe files.
import { execFile, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { DEFAULT_FPS, DEFAULT_HEIGHT, DEFAULT_WIDTH } from '../../domain/constants';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export interface ProbeResult {
  duration: number;
  width: number;
  height: number;
  fps: number;
  fpsNum: number;
  fpsDen: number;
  totalFrames: number;
  codec: string | null;
}

export interface MediaService {
  ffmpegPath: string;
  ffprobePath: string;
  probe(file: string): Promise<ProbeResult>;
}

export class MediaError extends Error {}

function works(bin: string): boolean {
  try {
    execFileSync(bin, ['-version'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

function resolveBinary(name: 'ffmpeg' | 'ffprobe', fromEnv?: string): string {
  if (fromEnv) {
    if (!works(fromEnv)) throw new MediaError(`${name} at ${fromEnv} (from ${name.toUpperCase()}_PATH) does not run`);
    return fromEnv;
  }
  if (works(name)) return name; // system binary on PATH (Debian's is newer than the npm one)
  const pkg = name === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe';
  const p = (require(pkg) as { path: string }).path;
  if (!works(p)) throw new MediaError(`no working ${name}: set ${name.toUpperCase()}_PATH`);
  return p;
}

/** Parses "30000/1001" (or "25") into an exact rational; null when absent or zero. */
export function parseRational(r: string | undefined): { num: number; den: number } | null {
  if (!r) return null;
  const [a, b = '1'] = r.split('/');
  const num = Number(a),
    den = Number(b);
  if (!Number.isFinite(num) || !Number.isFinite(den) || num <= 0 || den <= 0) return null;
  return { num, den };
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: Array<{ rotation?: number }>;
}

export function interpretProbe(json: { streams?: FfprobeStream[]; format?: { duration?: string } }): ProbeResult {
  const v = (json.streams ?? []).find((s) => s.codec_type === 'video');
  if (!v) throw new MediaError('no video stream');
  // avg_frame_rate is the real rate of the file; r_frame_rate can be a timebase artefact (e.g. 1000/1 in webm).
  const avg = parseRational(v.avg_frame_rate);
  const r = parseRational(v.r_frame_rate);
  const rate = avg && avg.num / avg.den <= 240 ? avg : r && r.num / r.den <= 240 ? r : null;
  const fpsNum = rate?.num ?? DEFAULT_FPS,
    fpsDen = rate?.den ?? 1;
  const fps = fpsNum / fpsDen;
  const duration = Number(v.duration ?? json.format?.duration ?? 0) || 0;
  let width = v.width || DEFAULT_WIDTH,
    height = v.height || DEFAULT_HEIGHT;
  const rotation = Math.abs(Number(v.tags?.rotate ?? v.side_data_list?.find((d) => d.rotation != null)?.rotation ?? 0));
  if (rotation === 90 || rotation === 270) [width, height] = [height, width]; // as displayed
  const nb = Number(v.nb_frames);
  const totalFrames = Number.isFinite(nb) && nb > 0 ? nb : Math.round(duration * fps);
  return { duration, width, height, fps, fpsNum, fpsDen, totalFrames, codec: v.codec_name ?? null };
}

export function createMediaService(opts: { ffmpegPath?: string; ffprobePath?: string } = {}): MediaService {
  const ffmpegPath = resolveBinary('ffmpeg', opts.ffmpegPath);
  const ffprobePath = resolveBinary('ffprobe', opts.ffprobePath);
  return {
    ffmpegPath,
    ffprobePath,
    async probe(file) {
      let out: string;
      try {
        ({ stdout: out } = await run(
          ffprobePath,
          ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
          { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
        ));
      } catch (e) {
        const msg = (e as { stderr?: string }).stderr?.trim().split('\n').pop() || (e as Error).message;
        throw new MediaError(`cannot read ${file}: ${msg}`);
      }
      try {
        return interpretProbe(JSON.parse(out));
      } catch (e) {
        throw new MediaError(`cannot read ${file}: ${(e as Error).message}`);
      }
    },
  };
}
