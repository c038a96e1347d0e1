// Row menus open below their button when they fit, and upward near the window's bottom edge.
import { describe, expect, it } from 'vitest';
import { menuPosition } from '../../src/components/ui/menu-position';

const viewport = { width: 1280, height: 720 };

describe('menuPosition', () => {
  it('opens below a button near the top, right-aligned with it', () => {
    expect(menuPosition({ top: 100, bottom: 130, right: 1200 }, 300, viewport)).toEqual({
      top: 134,
      right: 80,
      maxHeight: 720 - 8 - 134,
    });
  });

  it('opens upward for a bottom row, entirely inside the window', () => {
    const p = menuPosition({ top: 650, bottom: 680, right: 1200 }, 380, viewport);
    expect(p.top).toBe(650 - 4 - 380);
    expect(p.top).toBeGreaterThanOrEqual(8);
    expect(p.top + 380).toBeLessThanOrEqual(720);
  });

  it('caps a menu taller than either side at the larger side', () => {
    const p = menuPosition({ top: 300, bottom: 330, right: 1200 }, 1000, viewport);
    expect(p).toEqual({ top: 334, right: 80, maxHeight: 720 - 8 - 334 });
  });
});
