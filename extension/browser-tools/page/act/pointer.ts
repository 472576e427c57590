/**
 * The pointer and mouse events a user's mouse makes, in the order browsers fire them (Pointer Events and
 * UI Events specs): moving onto an element (out/leave on the one before, over/enter, move), pressing and
 * releasing (down, focus, up, click). One Pointer per document remembers what the mouse is over, so moving
 * to another element first tells the old one the mouse left (a hover menu closes as it would for a user).
 */

import { pageHandles } from "../page-waits";
import type { Point } from "./hit-points";

const FOCUSABLE =
  "a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable=''], [contenteditable='true']";

function parentAcrossShadow(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  return root instanceof ShadowRoot ? root.host : null;
}

/** The element and its ancestors, innermost first. */
function chain(el: Element | null): Element[] {
  const out: Element[] = [];
  for (let e = el; e; e = parentAcrossShadow(e)) out.push(e);
  return out;
}

/** The element a click on `target` focuses: the nearest focusable one, as the browser's mousedown does. */
function focusableAncestor(target: Element): HTMLElement | null {
  for (const e of chain(target)) if (e instanceof HTMLElement && e.matches(FOCUSABLE) && !e.matches(":disabled")) return e;
  return null;
}

export class Pointer {
  /** What the mouse is over now (null until the first action in this document). */
  private over: Element | null = null;

  constructor(private readonly win: Window) {}

  private mouseInit(p: Point, buttons: number, related: Element | null = null): MouseEventInit {
    return {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: this.win,
      clientX: p.x,
      clientY: p.y,
      screenX: p.x + this.win.screenX,
      screenY: p.y + this.win.screenY,
      button: 0,
      buttons,
      relatedTarget: related,
    };
  }

  private fire(el: Element, type: string, p: Point, buttons: number, extra: MouseEventInit = {}): boolean {
    const init = { ...this.mouseInit(p, buttons), ...extra };
    const { PointerEvent } = this.win as Window & typeof globalThis;
    const event = type.startsWith("pointer")
      ? new PointerEvent(type, {
          ...init,
          pointerId: 1,
          pointerType: "mouse",
          isPrimary: true,
          width: 1,
          height: 1,
          pressure: buttons ? 0.5 : 0,
        })
      : new MouseEvent(type, init);
    return pageHandles(() => el.dispatchEvent(event));
  }

  /** Moves the mouse onto `target` at `p`: out/leave where it was, over/enter here, then move. */
  moveTo(target: Element, p: Point, buttons = 0, suppressMouse = false): void {
    const before = this.over?.isConnected ? this.over : null;
    if (before !== target) {
      const left = chain(before);
      const entered = chain(target);
      const stays = (e: Element) => entered.includes(e) && left.includes(e);
      if (before) {
        this.fire(before, "pointerout", p, buttons, { relatedTarget: target });
        for (const e of left.filter((e) => !stays(e)))
          this.fire(e, "pointerleave", p, buttons, { bubbles: false, cancelable: false, relatedTarget: target });
        if (!suppressMouse) {
          this.fire(before, "mouseout", p, buttons, { relatedTarget: target });
          for (const e of left.filter((e) => !stays(e)))
            this.fire(e, "mouseleave", p, buttons, { bubbles: false, cancelable: false, relatedTarget: target });
        }
      }
      // Enter events go outermost first; they do not bubble, so each entered element gets its own.
      const newly = entered.filter((e) => !stays(e)).reverse();
      this.fire(target, "pointerover", p, buttons, { relatedTarget: before });
      for (const e of newly) this.fire(e, "pointerenter", p, buttons, { bubbles: false, cancelable: false, relatedTarget: before });
      if (!suppressMouse) {
        this.fire(target, "mouseover", p, buttons, { relatedTarget: before });
        for (const e of newly) this.fire(e, "mouseenter", p, buttons, { bubbles: false, cancelable: false, relatedTarget: before });
      }
      this.over = target;
    }
    this.fire(target, "pointermove", p, buttons);
    if (!suppressMouse) this.fire(target, "mousemove", p, buttons);
  }

  /**
   * Presses the button on `target`: pointerdown, then mousedown unless the page cancelled pointerdown (the
   * spec then suppresses the mouse events), and focus moves as the browser's mousedown moves it.
   * Returns whether the mouse events are suppressed.
   */
  press(target: Element, p: Point): boolean {
    const suppressMouse = !this.fire(target, "pointerdown", p, 1);
    if (suppressMouse || this.fire(target, "mousedown", p, 1, { detail: 1 })) moveFocus(target);
    return suppressMouse;
  }

  /** Releases the button on `target`: pointerup, and mouseup unless suppressed. */
  release(target: Element, p: Point, suppressMouse: boolean): void {
    this.fire(target, "pointerup", p, 0);
    if (!suppressMouse) this.fire(target, "mouseup", p, 0, { detail: 1 });
  }

  /** A user's click at `p`, whose innermost element is `target`. The click runs its default action (a link, a checkbox). */
  click(target: Element, p: Point): void {
    this.moveTo(target, p);
    const suppressMouse = this.press(target, p);
    // A handler may have removed or replaced the element on mousedown; the browser then sends the rest to what is there now.
    const upOn = target.isConnected ? target : (target.ownerDocument.elementFromPoint(p.x, p.y) ?? target);
    this.release(upOn, p, suppressMouse);
    // A dispatched click runs the element's activation behaviour (DOM spec, "dispatch"), as a user's does.
    if (upOn === target) this.fire(target, "click", p, 0, { detail: 1 });
  }

  /** The drag's end: the pointer is let go over `target`. */
  cancel(target: Element, p: Point): void {
    this.fire(target, "pointercancel", p, 0, { cancelable: false });
  }
}

/** Focus as a mousedown moves it: to the nearest focusable element, or away from any when there is none. */
function moveFocus(target: Element): void {
  const focusable = focusableAncestor(target);
  if (focusable) {
    if (target.ownerDocument.activeElement !== focusable) focusable.focus({ preventScroll: true });
    return;
  }
  const active = target.ownerDocument.activeElement;
  if (active instanceof HTMLElement && active !== target.ownerDocument.body) active.blur();
}
