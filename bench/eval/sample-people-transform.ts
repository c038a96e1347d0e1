// Photo → clip transform of the sample people clip (server/services/sample-media.ts, peopleClipArgs):
// the photo scaled to 1280 px high (scale=-2 → even width) is overlaid on a 2560×1440 canvas at
// x = 2·(20 + 300·t/8)/zoom(t) (overlay rounds x down to even in yuv420), y = 80; zoompan then crops
// the canvas from x = 0, y = 720 − 720/zoom (rounded down to even) at size trunc(2560/zoom)×trunc(1440/zoom)
// and scales it to 1280×720, with zoom(n) = 1 + (60/640)·(n/30)/8.

export interface SamplePeopleRecipe {
  kind: 'sample-people-pan';
  name: string;
  photo: 'sample6';
  duration: number;
  note?: string;
}

const FPS = 30,
  DUR = 8;
const zoomAt = (t: number) => 1 + ((60 / 640) * t) / DUR;

export function samplePeopleTransform(
  n: number,
  photoW: number,
  photoH: number,
): { sx: number; sy: number; tx: number; ty: number } {
  const imgH = 1280;
  const imgW = Math.round((imgH * photoW) / photoH / 2) * 2;
  const t = n / FPS;
  const ox = Math.trunc((2 * (20 + (300 * t) / DUR)) / zoomAt(t)) & ~1;
  const oy = (1440 - imgH) / 2;
  const z = zoomAt(n / FPS);
  const w = Math.trunc(2560 / z),
    h = Math.trunc(1440 / z);
  const cy = Math.trunc(720 - 720 / z) & ~1;
  const kx = 1280 / w,
    ky = 720 / h;
  return { sx: (imgW / photoW) * kx, sy: (imgH / photoH) * ky, tx: ox * kx, ty: (oy - cy) * ky };
}
