/**
 * drag: what a user's drag from one element to another fires. The pointer presses on the source and moves in
 * steps to the target. When the source is draggable (draggable="true", a link, an image) and its dragstart is
 * not cancelled, the HTML drag-and-drop model takes over as in a browser (HTML, "drag-and-drop processing
 * model"): pointercancel, then drag, dragenter/dragleave as the pointer crosses elements, dragover at each
 * step, drop where the last dragover was cancelled (the target accepted it) and dragend on the source, all
 * with one DataTransfer. Otherwise the pointer and mouse events carry on to a release over the target, which
 * is what pointer-based drag libraries listen to.
 */

import { pageHandles } from "../page-waits";
import type { DropAt } from "../protocol";
import { describe } from "../roles";
import type { Hit } from "./actionable";
import { deepElementFromPoint, hitsElement } from "./actionable";
import { dropPoint, type Point } from "./hit-points";
import type { Pointer } from "./pointer";

const STEPS = 6;

/** The element the browser would drag: the nearest draggable one at the press. */
function draggableAt(target: Element): HTMLElement | null {
  for (let e: Element | null = target; e; e = e.parentElement) if (e instanceof HTMLElement && e.draggable) return e;
  return null;
}

function path(from: Point, to: Point): Point[] {
  return Array.from({ length: STEPS }, (_, i) => {
    const f = (i + 1) / STEPS;
    return { x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f };
  });
}

function dragEvent(el: Element, type: string, p: Point, data: DataTransfer): boolean {
  const cancelable = type !== "dragleave" && type !== "dragend";
  return pageHandles(() =>
    el.dispatchEvent(
      new DragEvent(type, {
        bubbles: true,
        cancelable,
        composed: true,
        clientX: p.x,
        clientY: p.y,
        dataTransfer: data,
        view: el.ownerDocument.defaultView,
      }),
    ),
  );
}

/** The dropEffect a dragover starts with, from what the source allowed (HTML, "drag-and-drop processing model"). */
function initialDropEffect(allowed: string): DataTransfer["dropEffect"] {
  if (allowed === "none") return "none";
  if (allowed === "copy" || allowed === "copyLink") return "copy";
  if (allowed === "link") return "link";
  return "move";
}

export type DragOutcome = "dropped" | "refused" | "moved";

/** Drags from `source` to `dest` (both from actionPoint). "refused": the page did not accept the drop there. */
export function dragBetween(pointer: Pointer, doc: Document, source: Hit, dest: Hit): DragOutcome {
  pointer.moveTo(source.target, source.point);
  const suppressMouse = pointer.press(source.target, source.point);
  const dragged = draggableAt(source.target);
  const data = new DataTransfer();
  // A constructed DataTransfer may ignore effects (Chromium makes it a clipboard one, effectAllowed stays
  // "none"); then whether the page cancelled dragover alone says it accepts the drop.
  data.dropEffect = "copy";
  const honoursEffects = data.dropEffect === "copy";
  // A browser starts a drag once the pointer has moved a few pixels with the button down.
  const nudge = { x: source.point.x + 4, y: source.point.y + 4 };
  pointer.moveTo(source.target, nudge, 1, suppressMouse);
  if (dragged && dragEvent(dragged, "dragstart", nudge, data)) {
    pointer.cancel(source.target, nudge);
    let over: Element | null = null;
    let accepted = false;
    for (const p of path(nudge, dest.point)) {
      dragEvent(dragged, "drag", p, data);
      const now = deepElementFromPoint(doc, p) ?? doc.body;
      if (now !== over) {
        dragEvent(now, "dragenter", p, data);
        if (over) dragEvent(over, "dragleave", p, data);
        over = now;
      }
      if (honoursEffects) data.dropEffect = initialDropEffect(data.effectAllowed);
      accepted = !dragEvent(now, "dragover", p, data) && (!honoursEffects || data.dropEffect !== "none");
    }
    const at = dest.point;
    if (accepted && over) dragEvent(over, "drop", at, data);
    else if (over) dragEvent(over, "dragleave", at, data);
    if (!accepted && honoursEffects) data.dropEffect = "none";
    dragEvent(dragged, "dragend", at, data);
    return accepted ? "dropped" : "refused";
  }
  // A pointer-driven drag: moves with the button held over whatever is under each step, then the release.
  let under = source.target;
  for (const p of path(nudge, dest.point)) {
    under = deepElementFromPoint(doc, p) ?? under;
    pointer.moveTo(under, p, 1, suppressMouse);
  }
  pointer.release(under, dest.point, suppressMouse);
  return "moved";
}

/** Whether the target sits in a row (its neighbour beside it) rather than a column: "before" is then its left. */
function inRow(el: Element): boolean {
  const neighbour = el.previousElementSibling ?? el.nextElementSibling;
  if (!neighbour) return false;
  const a = el.getBoundingClientRect();
  const b = neighbour.getBoundingClientRect();
  const middle = (a.top + a.bottom) / 2;
  return b.top < middle && b.bottom > middle && (b.right <= a.left + 1 || b.left >= a.right - 1);
}

/** The drop at a position on the target (checked already as an action point): that point, which must show the target. */
export function dropHit(to: Element, where: string, at: DropAt): Hit {
  const r = to.getBoundingClientRect();
  const p = dropPoint({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }, at, inRow(to));
  if (!p) {
    const { x, y } = at as Point;
    throw new Error(`The offset (${x}, ${y}) is outside ${where}, which is ${Math.round(r.width)}×${Math.round(r.height)} pixels.`);
  }
  const target = deepElementFromPoint(to.ownerDocument, p);
  if (!target || !hitsElement(to, target)) {
    const spot = typeof at === "object" ? `(${at.x}, ${at.y})` : `${at} point`;
    throw new Error(`The ${spot} of ${where} is covered by ${target ? describe(target) : "nothing in view"}; drop elsewhere on it.`);
  }
  return { point: p, target };
}
