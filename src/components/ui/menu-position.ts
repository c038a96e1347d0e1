// Where a popup menu goes: below its button when it fits there, else above it (a table's bottom rows),
// and never past the window's edges (with a small margin). `right` is the distance from the window's
// right edge, so the menu's right edge lines up with the button's.
export interface MenuPosition {
  top: number;
  right: number;
  maxHeight: number;
}

const GAP = 4;
const MARGIN = 8;

export function menuPosition(
  button: { top: number; bottom: number; right: number },
  menuHeight: number,
  viewport: { width: number; height: number },
): MenuPosition {
  const right = Math.max(MARGIN, viewport.width - button.right);
  const below = viewport.height - MARGIN - (button.bottom + GAP);
  const above = button.top - GAP - MARGIN;
  if (menuHeight <= below || below >= above) {
    return { top: button.bottom + GAP, right, maxHeight: Math.max(0, below) };
  }
  const height = Math.min(menuHeight, above);
  return { top: button.top - GAP - height, right, maxHeight: Math.max(0, above) };
}
