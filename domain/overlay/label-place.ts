// Where the 'Track N' labels of one frame go so that none hides another: each label in drawing order
// keeps its place above its box when that is free, else moves to the nearest free place inside the frame
// just above or below a label already placed (up first when both are as near). Pure, on rectangles only, so the editor's overlay and the
// server's renderer (which draws one track at a time) place the labels of a frame alike.

export interface LabelRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

const overlaps = (a: LabelRect, b: LabelRect) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The vertical shift of each label (pixels, negative is up), in the order given. */
export function placeLabels(rects: readonly LabelRect[], frameHeight: number): number[] {
  const placed: LabelRect[] = [];
  return rects.map((r) => {
    if (!placed.some((p) => overlaps(p, r))) {
      placed.push(r);
      return 0;
    }
    // the nearest free place touches a placed label in its column from above or below
    const column = placed.filter((p) => r.x < p.x + p.w && p.x < r.x + r.w);
    const candidates = column
      .flatMap((p) => [p.y - r.h - 1 - r.y, p.y + p.h + 1 - r.y])
      .sort((a, b) => Math.abs(a) - Math.abs(b) || a - b);
    let shift = 0;
    for (const dy of candidates) {
      const at = { ...r, y: r.y + dy };
      if (at.y < 0 || at.y + at.h > frameHeight) continue;
      if (!column.some((p) => overlaps(p, at))) {
        shift = dy;
        break;
      }
    }
    placed.push({ ...r, y: r.y + shift });
    return shift;
  });
}
