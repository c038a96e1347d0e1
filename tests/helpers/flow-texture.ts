// Deterministic textures for optical-flow tests: a hash of the position, so every patch is unlike its
// neighbours and Lucas–Kanade has corners to hold on to.
const texture = (x: number, y: number, seed: number) => {
  let h = (x * 374761393 + y * 668265263 + seed * 2147483647) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return (h ^ (h >>> 16)) & 255;
};
/** The texture blurred over two pixels, as a camera's optics would. */
export const smooth = (x: number, y: number, seed: number) =>
  (texture(x >> 1, y >> 1, seed) + texture((x + 1) >> 1, (y + 1) >> 1, seed)) >> 1;
