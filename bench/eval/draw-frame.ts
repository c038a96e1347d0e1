// Draws one clip frame with its ground truth (green; don't-care grey) and the pipeline's boxes (red,
// with track id and score), to see why a row of the eval table reads as it does.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import { COCO_SKELETON } from '../../domain/constants';
import type { EvalFrame } from './metrics';

const run = promisify(execFile);

export async function drawEvalFrame(
  ffmpeg: string,
  file: string,
  width: number,
  height: number,
  f: EvalFrame,
  out: string,
): Promise<void> {
  const { stdout } = await run(
    ffmpeg,
    [
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      `select='eq(n\\,${f.frame})'`,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const c = createCanvas(width, height),
    g = c.getContext('2d');
  g.putImageData(
    new ImageData(new Uint8ClampedArray(stdout.buffer, stdout.byteOffset, width * height * 4), width, height),
    0,
    0,
  );
  g.lineWidth = 2;
  g.font = 'bold 15px sans-serif';
  for (const p of f.gt) {
    g.strokeStyle = g.fillStyle = p.dontCare ? '#9e9e9e' : '#30d158';
    g.strokeRect(p.box.x1, p.box.y1, p.box.x2 - p.box.x1, p.box.y2 - p.box.y1);
    g.fillText(p.id, p.box.x1 + 3, p.box.y2 - 5);
    p.keypoints?.forEach((k) => {
      if (k) {
        g.beginPath();
        g.arc(k[0], k[1], 3, 0, 7);
        g.fill();
      }
    });
  }
  for (const p of f.pred) {
    g.strokeStyle = g.fillStyle = '#ff453a';
    g.strokeRect(p.box.x1, p.box.y1, p.box.x2 - p.box.x1, p.box.y2 - p.box.y1);
    g.fillText(`#${p.trackId} ${p.score.toFixed(2)}`, p.box.x1 + 3, p.box.y1 + 16);
    for (const [a, b] of COCO_SKELETON) {
      const ka = p.keypoints?.[a],
        kb = p.keypoints?.[b];
      if (!ka || !kb || ka[2] < 0.2 || kb[2] < 0.2) continue;
      g.beginPath();
      g.moveTo(ka[0], ka[1]);
      g.lineTo(kb[0], kb[1]);
      g.stroke();
    }
  }
  fs.writeFileSync(out, c.toBuffer('image/png'));
}
