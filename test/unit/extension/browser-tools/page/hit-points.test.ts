import { describe, expect, it } from "vitest";
import {
  candidatePoints,
  clippedPart,
  dropPoint,
  sameBox,
  visiblePart,
  wholeInside,
} from "../../../../../extension/browser-tools/page/act/hit-points";

const VIEW = { left: 0, top: 0, right: 800, bottom: 600 };

describe("where a pointer can land on an element", () => {
  it("tries the centre first, then points spread over the box, nearest the centre first", () => {
    const points = candidatePoints({ left: 100, top: 100, right: 300, bottom: 140 }, VIEW);
    expect(points[0]).toEqual({ x: 200, y: 120 });
    expect(points.length).toBe(25);
    const d = (p: { x: number; y: number }) => Math.hypot(p.x - 200, p.y - 120);
    for (let i = 1; i < points.length; i++) expect(d(points[i]!)).toBeGreaterThanOrEqual(d(points[i - 1]!));
    for (const p of points) {
      expect(p.x).toBeGreaterThan(100);
      expect(p.x).toBeLessThan(300);
    }
  });

  it("uses only the part in the viewport, and none when the element is outside it", () => {
    const points = candidatePoints({ left: -100, top: 10, right: 100, bottom: 30 }, VIEW);
    expect(points[0]).toEqual({ x: 50, y: 20 });
    expect(points.every((p) => p.x >= 0)).toBe(true);
    expect(candidatePoints({ left: -9999, top: 10, right: -9900, bottom: 30 }, VIEW)).toEqual([]);
    expect(visiblePart({ left: 0, top: 700, right: 10, bottom: 720 }, VIEW)).toBeNull();
  });

  it("a one-pixel element still has its one point, counted once", () => {
    expect(candidatePoints({ left: 10, top: 10, right: 11, bottom: 11 }, VIEW)).toEqual([{ x: 10.5, y: 10.5 }]);
  });

  it("a box that moved by a pixel is not the same box; one that moved by less than a tenth is", () => {
    const a = { left: 1, top: 2, right: 3, bottom: 4 };
    expect(sameBox(a, { ...a, top: 3 })).toBe(false);
    expect(sameBox(a, { ...a, right: 3.05 })).toBe(true);
  });
});

describe("inside scrolling containers", () => {
  const BOX = { left: 0, top: 100, right: 300, bottom: 300 };

  it("a point the container clips is no candidate: only the part inside every clip counts", () => {
    const button = { left: 10, top: 280, right: 110, bottom: 320 };
    const points = candidatePoints(button, VIEW, [BOX]);
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) expect(p.y).toBeLessThan(300);
    expect(candidatePoints({ left: 10, top: 400, right: 110, bottom: 440 }, VIEW, [BOX])).toEqual([]);
  });

  it("whole inside the window is not whole inside the container that scrolls it", () => {
    const below = { left: 10, top: 400, right: 110, bottom: 440 };
    expect(wholeInside(below, [VIEW])).toBe(true);
    expect(wholeInside(below, [VIEW, BOX])).toBe(false);
    expect(clippedPart(below, [VIEW, BOX])).toBeNull();
    expect(clippedPart({ left: 10, top: 110, right: 110, bottom: 150 }, [VIEW, BOX])).toEqual({
      left: 10,
      top: 110,
      right: 110,
      bottom: 150,
    });
  });
});

describe("where a drag lets go on its target", () => {
  const ITEM = { left: 0, top: 100, right: 200, bottom: 140 };

  it("before and after are the first and last quarter along the list, never the centre a sortable list takes as a tie", () => {
    expect(dropPoint(ITEM, "before", false)).toEqual({ x: 100, y: 110 });
    expect(dropPoint(ITEM, "after", false)).toEqual({ x: 100, y: 130 });
    expect(dropPoint(ITEM, "before", true)).toEqual({ x: 50, y: 120 });
    expect(dropPoint(ITEM, "after", true)).toEqual({ x: 150, y: 120 });
  });

  it("an offset is from the top-left corner, and none outside the box", () => {
    expect(dropPoint(ITEM, { x: 10, y: 35 }, false)).toEqual({ x: 10, y: 135 });
    expect(dropPoint(ITEM, { x: 10, y: 40 }, false)).toBeNull();
    expect(dropPoint(ITEM, { x: 250, y: 0 }, false)).toBeNull();
  });
});
