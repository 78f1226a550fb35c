import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Keyboard dragging across the pipeline: Left and Right jump a whole column (the default
 * would creep 25 px per key press); Up and Down do nothing, since a column has no order.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') return undefined;
  const rect = context.collisionRect;
  if (!rect) return undefined;
  const columns = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  const centre = rect.left + rect.width / 2;
  const here = columns.findIndex((c) => centre >= c.left && centre <= c.left + c.width);
  const target = columns[here === -1 ? 0 : here + (event.code === 'ArrowRight' ? 1 : -1)];
  if (!target) return undefined;
  event.preventDefault();
  return { x: currentCoordinates.x + (target.left + target.width / 2 - centre), y: currentCoordinates.y };
};
