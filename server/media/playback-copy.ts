// A copy of a video that a browser can play, for the editor's player. Browsers play H.264, VP8, VP9 and AV1
// in MP4 or WebM, and nothing else: an AVI (MPEG-4 Part 2, as street cameras and the PETS clips write), a
// QuickTime or a Matroska file, or HEVC anywhere, shows a black picture and 'Video 4'. Such a file is played
// from an H.264 MP4 made from it once, with every frame's timestamp kept (passthrough), so frame N of the
// copy is frame N of the file the pipeline analysed and the boxes land on the right picture.
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

export class PlaybackCopies {
  /** Copies being made, by their file: a second request waits for the first one's. */
  private readonly making = new Map<string, Promise<string>>();
  /** What the probe said, by file, size and time changed: the player asks many ranges of one file. */
  private readonly plays = new Map<string, boolean>();

  constructor(
    private readonly dir: string,
    private readonly media: Pick<MediaService, 'ffmpegPath' | 'probe'>,
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
    if (fs.existsSync(out)) return out;
    let making = this.making.get(out);
    if (!making) {
      making = this.make(real, out)
        .catch(() => real)
        .finally(() => this.making.delete(out));
      this.making.set(out, making);
    }
    return making;
  }

  private async make(real: string, out: string): Promise<string> {
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
      await fs.promises.rename(part, out);
      return out;
    } finally {
      await fs.promises.rm(part, { force: true });
    }
  }
}
