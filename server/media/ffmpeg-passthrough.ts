// Every decoded frame must come out exactly once (no duplicates or drops by a constant-frame-rate output),
// or frame numbers drift: frame N of a render must carry frame N's boxes, and the pose pipeline must number
// frames as the editor does. ffmpeg ≥ 5.1 spells this -fps_mode passthrough; older builds (the npm 4.1
// fallback) -vsync passthrough. The answer is probed once per binary.
import { execFileSync } from 'node:child_process';

const passthroughArgs = new Map<string, string[]>();

export function passthrough(ffmpegPath: string): string[] {
  let args = passthroughArgs.get(ffmpegPath);
  if (!args) {
    try {
      execFileSync(
        ffmpegPath,
        ['-v', 'error', '-f', 'lavfi', '-i', 'nullsrc=s=32x32:d=0.04', '-fps_mode', 'passthrough', '-f', 'null', '-'],
        { stdio: 'ignore', timeout: 10_000 },
      );
      args = ['-fps_mode', 'passthrough'];
    } catch {
      args = ['-vsync', 'passthrough'];
    }
    passthroughArgs.set(ffmpegPath, args);
  }
  return args;
}
