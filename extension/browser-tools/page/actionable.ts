/**
 * Before an acting tool touches an element, the checks a user's hand makes without thinking: the element is
 * rendered, enabled, scrolled into view, holding still, and nothing else is on top of it. The answer is the
 * point a user's pointer would land on and the element the browser finds there (which may be a child of the
 * ref'd element, such as the link inside a tab or the span inside a custom button: that is where a user's
 * click goes, so events go there too). Anything else fails with what is wrong, in words the agent can act on.
 */
import { type Box, candidatePoints, type Point, sameBox } from "./hit-points";
import { describe } from "./roles";
import { isVisible } from "./visibility";
import { shadowRootOf } from "./walk";

export interface Hit {
  /** Where the pointer lands, in the element's document's viewport coordinates. */
  point: Point;
  /** The innermost element at that point: the ref'd element or something inside it. */
  target: Element;
}

/** How many frames an element may keep moving before the action gives up. */
const SETTLE_FRAMES = 20;

/** Disabled as a user sees it: the control's own state, a disabled fieldset around it, or aria-disabled. */
export function isDisabled(el: Element): boolean {
  if (el.matches(":disabled")) return true;
  for (let e: Element | null = el; e; e = e.parentElement) if (e.getAttribute("aria-disabled") === "true") return true;
  return false;
}

/** The element and its parents across shadow roots (a shadow root's parent is its host). */
function composedParent(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  return root instanceof ShadowRoot ? root.host : null;
}

/** Whether `inner` is `outer` or inside it, counting shadow trees as inside their host. */
function composedContains(outer: Element, inner: Element): boolean {
  for (let e: Element | null = inner; e; e = composedParent(e)) if (e === outer) return true;
  return false;
}

/**
 * The innermost element at a point, looking into shadow roots as the browser's own hit test does: closed ones
 * too (through the extension's API, as the snapshot does), or an element a closed root holds looks covered by its host.
 */
export function deepElementFromPoint(doc: Document, p: Point): Element | null {
  let el = doc.elementFromPoint(p.x, p.y);
  for (let root = el && shadowRootOf(el); el && root; root = shadowRootOf(el)) {
    const inner = root.elementFromPoint(p.x, p.y);
    if (!inner || inner === el) break;
    el = inner;
  }
  return el;
}

/** A hit counts when it is the element, inside it, or a label of it (a click there is a click on it). */
function hitsElement(el: Element, hit: Element): boolean {
  if (composedContains(el, hit)) return true;
  const label = hit.closest("label");
  return label instanceof HTMLLabelElement && label.control === el;
}

/** A covering element as the agent can recognise it: role and name, tag, and the layer it belongs to. */
function coverDescription(el: Element, cover: Element): string {
  const tag = (e: Element) => {
    const id = e.id ? `#${e.id}` : "";
    const cls = typeof e.className === "string" && e.className.trim() ? `.${e.className.trim().split(/\s+/)[0]}` : "";
    return `<${e.tagName.toLowerCase()}${id}${cls}>`;
  };
  // The layer: the outermost ancestor of the cover that does not also hold the element (a banner, a dialog, an overlay).
  let layer = cover;
  for (let e = composedParent(cover); e && !composedContains(e, el) && e !== el.ownerDocument.body; e = composedParent(e)) layer = e;
  const own = `${describe(cover)} ${tag(cover)}`;
  const where = layer === cover ? own : `${own} inside ${describe(layer)} ${tag(layer)}`;
  // A backdrop says little by itself: name the dialog it holds (the cookie banner, the modal) that the user sees.
  const dialog = layer.querySelector('dialog, [role="dialog"], [role="alertdialog"], [aria-modal="true"]');
  return dialog && !composedContains(dialog, cover) ? `${where}, which holds ${describe(dialog)}` : where;
}

/** The next rendered frame; in a background tab (which renders none) the next task. */
function nextFrame(win: Window): Promise<void> {
  return new Promise((resolve) => {
    if (win.document.visibilityState !== "visible") {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
      return;
    }
    // A window the user cannot see may render no frame even while "visible"; then a short timer stands in.
    const timer = win.setTimeout(resolve, 100);
    win.requestAnimationFrame(() => {
      win.clearTimeout(timer);
      resolve();
    });
  });
}

function viewportOf(doc: Document): Box {
  const win = doc.defaultView;
  const root = doc.documentElement;
  return { left: 0, top: 0, right: root.clientWidth || win?.innerWidth || 0, bottom: root.clientHeight || win?.innerHeight || 0 };
}

function boxOf(el: Element): Box {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

/** Visible and enabled: what can be checked before touching the page. */
export function checkUsable(el: Element, what: string): void {
  if (!isVisible(el)) throw new Error(`${what} is not visible on the page (it is hidden); take a new page_snapshot.`);
  if (isDisabled(el)) throw new Error(`${what} is disabled.`);
}

/** Scrolls the element into view unless all of it is already in view. */
function scrollIntoViewIfNeeded(el: Element, doc: Document): void {
  const box = boxOf(el);
  const view = viewportOf(doc);
  if (box.left >= view.left && box.top >= view.top && box.right <= view.right && box.bottom <= view.bottom) return;
  el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
}

/** Waits until the element's box is the same over two frames. */
async function settledBox(el: Element, win: Window, what: string): Promise<Box> {
  let last = boxOf(el);
  for (let i = 0; i < SETTLE_FRAMES; i++) {
    await nextFrame(win);
    if (!el.isConnected) throw new Error(`${what} was removed from the page; take a new page_snapshot.`);
    const now = boxOf(el);
    if (sameBox(now, last)) return now;
    last = now;
  }
  throw new Error(`${what} keeps moving (it is animating); wait a moment and try again.`);
}

/**
 * The full check, then where to act: visible, enabled, in view, still, and not covered. The centre is tried
 * first; when something covers it, other points of the element's visible part, so a half-covered button
 * still gets a click where a user would put it.
 */
export async function actionPoint(el: Element, what: string): Promise<Hit> {
  checkUsable(el, what);
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  if (!win) throw new Error(`${what} is in a document without a window.`);
  scrollIntoViewIfNeeded(el, doc);
  const box = await settledBox(el, win, what);
  if (box.right - box.left < 1 || box.bottom - box.top < 1)
    throw new Error(
      `${what} has no size on the page (${Math.round(box.right - box.left)}×${Math.round(box.bottom - box.top)} pixels), so it cannot be used.`,
    );
  const points = candidatePoints(box, viewportOf(doc));
  if (points.length === 0)
    throw new Error(`${what} is outside the visible page and could not be scrolled into view (it may be placed off-screen).`);
  let cover: Element | null = null;
  for (const point of points) {
    const target = deepElementFromPoint(doc, point);
    if (target && hitsElement(el, target)) return { point, target };
    cover ??= target;
  }
  if (win.getComputedStyle(el).pointerEvents === "none") throw new Error(`${what} does not take pointer events (pointer-events: none).`);
  if (!cover) throw new Error(`${what} could not be reached at any point of its box.`);
  throw new Error(
    `${what} is covered by ${coverDescription(el, cover)}, so a user's click would land there instead. Close or dismiss that first.`,
  );
}
