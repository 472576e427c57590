/**
 * Where a user's pointer could land on an element: the points of its box that lie in the viewport, the
 * centre first, then points spread over the box nearest the centre first. Pure geometry, so the choice is
 * tested without a layout engine; `actionable.ts` hit-tests the points in the page.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Fractions of the visible box tried along each axis; 0.5 is the centre. */
const FRACTIONS = [0.5, 0.25, 0.75, 0.1, 0.9];

/** The part of `box` inside `viewport`, or null when none of it is. */
export function visiblePart(box: Box, viewport: Box): Box | null {
  const part = {
    left: Math.max(box.left, viewport.left),
    top: Math.max(box.top, viewport.top),
    right: Math.min(box.right, viewport.right),
    bottom: Math.min(box.bottom, viewport.bottom),
  };
  return part.right - part.left >= 1 && part.bottom - part.top >= 1 ? part : null;
}

/** The part of `box` inside every clip (the viewport and each ancestor that clips its overflow), or null. */
export function clippedPart(box: Box, clips: Box[]): Box | null {
  let part: Box | null = box;
  for (const clip of clips) part = part && visiblePart(part, clip);
  return part;
}

/** Whether all of `box` is inside every clip (nothing to scroll). */
export function wholeInside(box: Box, clips: Box[]): boolean {
  return clips.every(
    (c) => box.left >= c.left - 0.5 && box.top >= c.top - 0.5 && box.right <= c.right + 0.5 && box.bottom <= c.bottom + 0.5,
  );
}

/**
 * Candidate points of the visible part of `box`, centre first, then by distance from the centre. `clips`: the
 * boxes of the scrolling or clipping ancestors; a point they hide is no point a user can reach.
 */
export function candidatePoints(box: Box, viewport: Box, clips: Box[] = []): Point[] {
  const part = clippedPart(box, [viewport, ...clips]);
  if (!part) return [];
  // Half a pixel in from the edges, so a point never sits on a border shared with a neighbour.
  const at = (from: number, to: number, f: number) => Math.min(to - 0.5, Math.max(from + 0.5, from + (to - from) * f));
  const centre = { x: at(part.left, part.right, 0.5), y: at(part.top, part.bottom, 0.5) };
  const points: Point[] = [];
  const seen = new Set<string>();
  for (const fx of FRACTIONS)
    for (const fy of FRACTIONS) {
      const p = { x: at(part.left, part.right, fx), y: at(part.top, part.bottom, fy) };
      const key = `${Math.round(p.x)},${Math.round(p.y)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      points.push(p);
    }
  const distance = (p: Point) => (p.x - centre.x) ** 2 + (p.y - centre.y) ** 2;
  return points.sort((a, b) => distance(a) - distance(b));
}

/** Whether two boxes are the same to a tenth of a pixel (the element did not move between frames). */
export function sameBox(a: Box, b: Box): boolean {
  const close = (x: number, y: number) => Math.abs(x - y) < 0.1;
  return close(a.left, b.left) && close(a.top, b.top) && close(a.right, b.right) && close(a.bottom, b.bottom);
}

/**
 * Where on a drop target to let go: its first or last quarter along the list's direction (a sortable list
 * compares the pointer with the target's middle, so its centre is a tie), or a point from its top-left corner.
 * Null when the offset is outside the box.
 */
export function dropPoint(box: Box, at: "before" | "after" | Point, horizontal: boolean): Point | null {
  if (typeof at === "object") {
    const p = { x: box.left + at.x, y: box.top + at.y };
    return p.x < box.right && p.y < box.bottom ? p : null;
  }
  const f = at === "before" ? 0.25 : 0.75;
  const x = horizontal ? box.left + (box.right - box.left) * f : (box.left + box.right) / 2;
  const y = horizontal ? (box.top + box.bottom) / 2 : box.top + (box.bottom - box.top) * f;
  return { x, y };
}
