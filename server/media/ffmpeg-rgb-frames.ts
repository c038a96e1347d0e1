// Raw RGB frames out of one ffmpeg run: the processing pipeline's decode (processing/frames.ts) and the
// editor's frame-exact seeks (assist/frame-seek.ts) both read ffmpeg's rawvideo pipe this way.
import { spawn } from 'node:child_process';

/**
 * Runs ffmpeg with `args` (which must write `-f rawvideo -pix_fmt rgb24 pipe:1`) and yields each frame of
 * `frameBytes` bytes as its own buffer. Throws with ffmpeg's last error line when decoding fails; throws
 * 'stopped' when `signal` aborts (ffmpeg is killed).
 */
export async function* ffmpegRgbFrames(
  ffmpegPath: string,
  args: string[],
  frameBytes: number,
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  if (signal?.aborted) throw new Error('stopped'); // a cancel that came first: no decoder to start and kill
  const proc = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => proc.on('close', (code) => resolve(code)));
  const spawnError = new Promise<never>((_, reject) => proc.on('error', reject));
  spawnError.catch(() => {});
  const onAbort = () => proc.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort);
  let cur = new Uint8Array(frameBytes),
    filled = 0;
  try {
    for await (const chunk of proc.stdout as AsyncIterable<Buffer>) {
      let off = 0;
      while (off < chunk.length) {
        const n = Math.min(frameBytes - filled, chunk.length - off);
        cur.set(chunk.subarray(off, off + n), filled);
        filled += n;
        off += n;
        if (filled === frameBytes) {
          yield cur;
          cur = new Uint8Array(frameBytes);
          filled = 0;
        }
      }
    }
    const code = await Promise.race([exited, spawnError]);
    if (signal?.aborted) throw new Error('stopped');
    if (code !== 0) {
      const last = stderr.trim().split('\n').filter(Boolean).pop() ?? `exit code ${code}`;
      throw new Error(`ffmpeg could not decode the video: ${last}`);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (proc.exitCode === null) proc.kill('SIGKILL');
  }
}
