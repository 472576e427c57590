/**
 * happy-dom lays nothing out: these give elements boxes and the document a hit test over them (the last
 * placed box on top), so the actionability checks run against a layout the test spells out.
 */
import type { Box } from "../../../extension/browser-tools/page/act/hit-points";

export function useLayout(doc: Document): { place(el: Element, box: Box): void } {
  const placed: Array<{ el: Element; box: Box }> = [];
  const rect = (b: Box) => ({ ...b, x: b.left, y: b.top, width: b.right - b.left, height: b.bottom - b.top, toJSON: () => b }) as DOMRect;
  doc.elementFromPoint = (x: number, y: number) => {
    for (let i = placed.length - 1; i >= 0; i--) {
      const { el, box } = placed[i]!;
      if (el.isConnected && x >= box.left && x < box.right && y >= box.top && y < box.bottom) return el;
    }
    return doc.body;
  };
  return {
    place(el, box) {
      placed.push({ el, box });
      el.getBoundingClientRect = () => rect(box);
    },
  };
}
