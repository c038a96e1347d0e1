// A copy of a video that a browser can play, for the editor's player. Browsers play H.264, VP8, VP9 and AV1
// in MP4 or WebM, and nothing else: an AVI (MPEG-4 Part 2, as street cameras and the PETS clips write), a
// QuickTime or a Matroska file, or HEVC anywhere, shows a black picture and 'Video 4'. Such a file is played
// from an H.264 MP4 made from it once, with every frame's timestamp kept (passthrough), so frame N of the
// copy is frame N of the file the pipeline analysed and the boxes land on the right picture.
// The copies are a cache: each has a note of the file it was made from (`<key>.json`), and a sweep removes a
// copy whose file is gone or changed (its video deleted and purged, or replaced) and, past the size limit,
// the copies played longest ago.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { passthrough } from './ffmpeg-passthrough';
import type { MediaService } from './media-service';

const run = promisify(execFile);
const PLAYABLE_CONTAINERS = new Set(['.mp4', '.m4v', '.webm']);
const PLAYABLE_CODECS = new Set(['h264', 'vp8', 'vp9', 'av1']);

/** Whether a browser plays this file as it is: its container by name and its video codec by probe. */
export function browserPlays(file: string, codec: string | null): boolean {
  return PLAYABLE_CONTAINERS.has(path.extname(file).toLowerCase()) && !!codec && PLAYABLE_CODECS.has(codec);
}

/** What a copy was made from: the file, and its size and time changed then. */
interface CopyNote {
  source: string;
  size: number;
  mtimeMs: number;
}

/** A `.part` this old is left by a process that stopped while making it (a copy takes minutes, not hours). */
const STALE_PART_MS = 6 * 60 * 60_000;

export class PlaybackCopies {
  /** Copies being made, by their file: a second request waits for the first one's. */
  private readonly making = new Map<string, Promise<string>>();
  /** What the probe said, by file, size and time changed: the player asks many ranges of one file. */
  private readonly plays = new Map<string, boolean>();

  constructor(
    private readonly dir: string,
    private readonly media: Pick<MediaService, 'ffmpegPath' | 'probe'>,
    /** The copies' total size kept at most; the copies played longest ago go first. */
    private readonly maxBytes = Infinity,
  ) {}

  /** The file to play for `real` (a file already checked inside its source root): itself, or its copy. */
  async fileFor(real: string): Promise<string> {
    const st = await fs.promises.stat(real);
    const key = crypto.createHash('sha256').update(`${real}\n${st.size}\n${st.mtimeMs}`).digest('hex').slice(0, 32);
    // a file ffprobe or ffmpeg cannot read is sent as it is: the player says 'Video {code}', as for any file
    // it cannot play, rather than the request failing
    if (!this.plays.has(key))
      this.plays.set(
        key,
        await this.media.probe(real).then(
          (p) => browserPlays(real, p.codec),
          () => true,
        ),
      );
    if (this.plays.get(key)) return real;
    const out = path.join(this.dir, `${key}.mp4`);
    if (fs.existsSync(out)) {
      // played now: the size limit removes the copies played longest ago first
      const now = new Date();
      await fs.promises.utimes(out, now, now).catch(() => undefined);
      return out;
    }
    let making = this.making.get(out);
    if (!making) {
      const note: CopyNote = { source: real, size: st.size, mtimeMs: st.mtimeMs };
      making = this.make(real, out, note)
        .then(async (made) => {
          await this.sweep(Date.now(), path.basename(made)).catch(() => undefined);
          return made;
        })
        .catch(() => real)
        .finally(() => this.making.delete(out));
      this.making.set(out, making);
    }
    return making;
  }

  /**
   * Removes the copies whose file is gone or changed, a copy without its note (or a note without its copy),
   * a `.part` left by a stopped process, and then, while the copies are over the size limit, the ones played
   * longest ago, but never `keep` (the copy just made, which is about to be played). Returns the files removed.
   */
  async sweep(nowMs = Date.now(), keep?: string): Promise<string[]> {
    const names = await fs.promises.readdir(this.dir).catch(() => [] as string[]);
    const present = new Set(names);
    const removed: string[] = [];
    const remove = async (name: string) => {
      const gone = await fs.promises.rm(path.join(this.dir, name)).then(
        () => true,
        () => false,
      );
      if (gone) removed.push(name);
    };
    const kept: Array<{ name: string; size: number; usedMs: number }> = [];
    for (const name of names) {
      const file = path.join(this.dir, name);
      const st = await fs.promises.stat(file).catch(() => null);
      if (!st?.isFile()) continue;
      if (name.endsWith('.part')) {
        if (nowMs - st.mtimeMs > STALE_PART_MS) await remove(name);
        continue;
      }
      const key = name.replace(/\.(mp4|json)$/, '');
      if (key === name) continue;
      if (name.endsWith('.json')) {
        // a copy being made has its note before its file
        if (!present.has(`${key}.mp4`) && !this.making.has(path.join(this.dir, `${key}.mp4`))) await remove(name);
        continue;
      }
      if (!(await this.sourceUnchanged(path.join(this.dir, `${key}.json`)))) {
        await remove(name);
        await remove(`${key}.json`);
        continue;
      }
      kept.push({ name, size: st.size, usedMs: st.mtimeMs });
    }
    let total = kept.reduce((sum, c) => sum + c.size, 0);
    for (const c of kept.sort((a, b) => a.usedMs - b.usedMs)) {
      if (total <= this.maxBytes) break;
      if (c.name === keep) continue;
      await remove(c.name);
      await remove(c.name.replace(/\.mp4$/, '.json'));
      total -= c.size;
    }
    return removed;
  }

  /** Whether the file a copy was made from is still there, the same size and time changed. */
  private async sourceUnchanged(noteFile: string): Promise<boolean> {
    try {
      const note = JSON.parse(await fs.promises.readFile(noteFile, 'utf8')) as Partial<CopyNote>;
      if (typeof note.source !== 'string') return false;
      const st = await fs.promises.stat(note.source);
      return st.size === note.size && st.mtimeMs === note.mtimeMs;
    } catch {
      return false;
    }
  }

  private async make(real: string, out: string, note: CopyNote): Promise<string> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const part = `${out}.${process.pid}.part`;
    const { ffmpegPath } = this.media;
    try {
      await run(
        ffmpegPath,
        [
          ...['-v', 'error', '-y', '-i', real, '-map', '0:v:0', '-map', '0:a:0?'],
          ...passthrough(ffmpegPath),
          // yuv420p needs even sides; the overlay is drawn in fractions of the picture, so a pixel less is nothing
          ...['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18'],
          ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', '-f', 'mp4', part],
        ],
        { timeout: 30 * 60_000, maxBuffer: 4 * 1024 * 1024 },
      );
      // the note first: a copy without one is swept as unknown
      await fs.promises.writeFile(out.replace(/\.mp4$/, '.json'), JSON.stringify(note));
      await fs.promises.rename(part, out);
      return out;
    } finally {
      await fs.promises.rm(part, { force: true });
    }
  }
}
