// The box rules zod cannot say field by field: a box has its corners in order, and a box sent as its four
// parts (x1, y1, x2, y2, fractions of the frame) comes whole or not at all. Each body that carries a box
// refines itself with these, so a broken box is a 400 before any route or service runs; the answer's
// detail is the sentence alone (server/app.ts: a rule about the whole body names no field).
import type { z } from 'zod';

export const BOX_ORDER = 'The box needs x1 < x2 and y1 < y2';
export const BOX_PARTS = 'Send all of x1, y1, x2, y2 for a box';

interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

const problem = (ctx: z.RefinementCtx, message: string) => ctx.addIssue({ code: 'custom', message });

/** A whole box whose corners are out of order. */
export function refineBoxOrder(b: Box, ctx: z.RefinementCtx): void {
  if (!(b.x1 < b.x2 && b.y1 < b.y2)) problem(ctx, BOX_ORDER);
}

/**
 * A box sent as its parts: some but not all of them, none when `missing` says a box was due (its text is
 * the answer), or all four out of order.
 */
export function refineBoxParts(b: Partial<Box>, ctx: z.RefinementCtx, missing: string | null): void {
  const parts = [b.x1, b.y1, b.x2, b.y2].filter((v) => v !== undefined).length;
  if (parts !== 0 && parts !== 4) problem(ctx, BOX_PARTS);
  else if (parts === 0 && missing) problem(ctx, missing);
  else if (parts === 4) refineBoxOrder(b as Box, ctx);
}
