// Clip files the eval makes with ffmpeg, written once under a name that carries their recipe's hash.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Makes `file` with ffmpeg unless it exists (the name carries the recipe hash). */
export async function ensureFile(ffmpeg: string, file: string, args: string[], name: string): Promise<void> {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.part.mp4`;
  try {
    await run(ffmpeg, ['-v', 'error', '-y', ...args, tmp], { timeout: 600_000, maxBuffer: 16 * 1024 * 1024 });
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw new Error(
      `ffmpeg could not make ${name}: ${(e as { stderr?: string }).stderr?.trim() || (e as Error).message}`,
      { cause: e },
    );
  }
  fs.renameSync(tmp, file);
}
