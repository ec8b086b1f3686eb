/**
 * Where a floating panel goes next to an element (a calendar's event dialog) without covering it:
 * to its right, else to its left, else below, else above, else in the viewport's bottom-right
 * corner. The panel never leaves the viewport.
 */
export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export const PANEL_GAP = 8;

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));

export function placeBeside(
  anchor: Box,
  panel: Size,
  viewport: Size,
  gap = PANEL_GAP,
): { top: number; left: number } {
  const maxTop = viewport.height - panel.height - gap;
  const maxLeft = viewport.width - panel.width - gap;
  const right = anchor.left + anchor.width;
  const bottom = anchor.top + anchor.height;
  if (right + gap + panel.width + gap <= viewport.width) {
    return { top: clamp(anchor.top, gap, maxTop), left: right + gap };
  }
  if (anchor.left - gap - panel.width >= gap) {
    return { top: clamp(anchor.top, gap, maxTop), left: anchor.left - gap - panel.width };
  }
  if (bottom + gap + panel.height + gap <= viewport.height) {
    return { top: bottom + gap, left: clamp(right - panel.width, gap, maxLeft) };
  }
  if (anchor.top - gap - panel.height >= gap) {
    return { top: anchor.top - gap - panel.height, left: clamp(right - panel.width, gap, maxLeft) };
  }
  return { top: clamp(maxTop, gap, maxTop), left: clamp(maxLeft, gap, maxLeft) };
}
