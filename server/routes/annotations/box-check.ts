// The one box rule zod cannot say field by field: a box has its corners in order (400 with a detail).
import { Invalid } from '../../domain-errors';

export function checkBox(b: { x1: number; y1: number; x2: number; y2: number }): void {
  if (!(b.x1 < b.x2 && b.y1 < b.y2)) throw new Invalid('The box needs x1 < x2 and y1 < y2');
}
