/**
 * Before an acting tool touches an element, the checks a user's hand makes without thinking: the element is
 * rendered, enabled, scrolled into view (in every scrolling container, not only the window), holding still,
 * and nothing else is on top of it. As a user waits for a fading datepicker or a sliding accordion, the
 * checks are made again for a while before the action fails, as Playwright's actionability checks are
 * (https://playwright.dev/docs/actionability): a cover is named only if it stays. The answer is the point a
 * user's pointer would land on and the element the browser finds there (which may be a child of the ref'd
 * element, such as the link inside a tab or the span inside a custom button: that is where a user's click
 * goes, so events go there too). Anything else fails with what is wrong, in words the agent can act on.
 */

import { waitForPage } from "../page-waits";
import { describe } from "../roles";
import { isVisible } from "../visibility";
import { shadowRootOf } from "../walk";
import { type Box, candidatePoints, type Point, sameBox, wholeInside } from "./hit-points";

export interface Hit {
  /** Where the pointer lands, in the element's document's viewport coordinates. */
  point: Point;
  /** The innermost element at that point: the ref'd element or something inside it. */
  target: Element;
}

/** How many frames an element may keep moving before one try gives up. */
const SETTLE_FRAMES = 20;
/** How long the checks are tried again before the action fails (a test may shorten it). */
export const actionWait = { ms: 3_000 };
/** The pauses between tries, growing as Playwright's do; the last one repeats. */
const RETRY_PAUSES = [0, 20, 50, 100, 100, 250, 500];

/** Why a try failed; `final` when waiting cannot help (the element left the page). */
class NotActionable extends Error {
  constructor(
    message: string,
    readonly final = false,
  ) {
    super(message);
  }
}

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
export function hitsElement(el: Element, hit: Element): boolean {
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
  const frame = new Promise<void>((resolve) => {
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
  return waitForPage(frame);
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
  if (!isVisible(el)) throw new NotActionable(`${what} is not visible on the page (it is hidden); take a new page_snapshot.`);
  if (isDisabled(el)) throw new NotActionable(`${what} is disabled.`);
}

/**
 * The padding boxes of the ancestors that clip the element's overflow (a scrolling list, a sidebar, a dialog's
 * body), innermost first, up to its document's root, which the viewport stands for. `scrolls`: a user can
 * scroll it (overflow auto or scroll), so an element below its fold is brought into view there.
 */
function clipsOf(el: Element): { box: Box; scrolls: boolean }[] {
  const win = el.ownerDocument.defaultView;
  const root = el.ownerDocument.documentElement;
  const body = el.ownerDocument.body;
  const clips: { box: Box; scrolls: boolean }[] = [];
  for (let e = composedParent(el); e && e !== root && e !== body; e = composedParent(e)) {
    const style = win?.getComputedStyle(e);
    const overflow = style ? `${style.overflowX} ${style.overflowY}` : "";
    if (!/hidden|clip|auto|scroll/.test(overflow)) continue;
    const r = e.getBoundingClientRect();
    const left = r.left + e.clientLeft;
    const top = r.top + e.clientTop;
    const scrolls = /auto|scroll/.test(overflow);
    clips.push({ box: { left, top, right: left + e.clientWidth, bottom: top + e.clientHeight }, scrolls });
  }
  return clips;
}

/**
 * Scrolls the element into view unless all of it is in view already, in the window and in each scrolling
 * container around it. scrollIntoView scrolls every one of them (CSSOM View, "scroll an element into view",
 * https://drafts.csswg.org/cssom-view/#scroll-an-element-into-view); checking the window alone left an
 * element below a list's fold where it was, and the click hit whatever lies under the list.
 */
function scrollIntoViewIfNeeded(el: Element, doc: Document): void {
  const scrollers = clipsOf(el)
    .filter((c) => c.scrolls)
    .map((c) => c.box);
  if (wholeInside(boxOf(el), [viewportOf(doc), ...scrollers])) return;
  el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
}

/** Waits until the element's box is the same over two frames. */
async function settledBox(el: Element, win: Window, what: string): Promise<Box> {
  let last = boxOf(el);
  for (let i = 0; i < SETTLE_FRAMES; i++) {
    await nextFrame(win);
    if (!el.isConnected) throw new NotActionable(`${what} was removed from the page; take a new page_snapshot.`, true);
    const now = boxOf(el);
    if (sameBox(now, last)) return now;
    last = now;
  }
  throw new NotActionable(`${what} keeps moving (it is animating); wait a moment and try again.`);
}

/** One try of every check, in order; the first that fails throws NotActionable. */
async function tryActionPoint(el: Element, what: string, win: Window): Promise<Hit> {
  if (!el.isConnected) throw new NotActionable(`${what} was removed from the page; take a new page_snapshot.`, true);
  checkUsable(el, what);
  const doc = el.ownerDocument;
  scrollIntoViewIfNeeded(el, doc);
  const box = await settledBox(el, win, what);
  if (box.right - box.left < 1 || box.bottom - box.top < 1)
    throw new NotActionable(
      `${what} has no size on the page (${Math.round(box.right - box.left)}×${Math.round(box.bottom - box.top)} pixels), so it cannot be used.`,
    );
  const points = candidatePoints(
    box,
    viewportOf(doc),
    clipsOf(el).map((c) => c.box),
  );
  if (points.length === 0)
    throw new NotActionable(`${what} is outside the visible page and could not be scrolled into view (it may be placed off-screen).`);
  let cover: Element | null = null;
  for (const point of points) {
    const target = deepElementFromPoint(doc, point);
    if (target && hitsElement(el, target)) return { point, target };
    cover ??= target;
  }
  if (win.getComputedStyle(el).pointerEvents === "none")
    throw new NotActionable(`${what} does not take pointer events (pointer-events: none).`);
  if (!cover) throw new NotActionable(`${what} could not be reached at any point of its box.`);
  throw new NotActionable(
    `${what} is covered by ${coverDescription(el, cover)}, so a user's click would land there instead. Close or dismiss that first.`,
  );
}

/**
 * The full check, then where to act: visible, enabled, in view, still, and not covered. The centre is tried
 * first; when something covers it, other points of the element's visible part, so a half-covered button
 * still gets a click where a user would put it. What fails is tried again, with growing pauses, for
 * `actionWait.ms`: a cover fading out, a control enabled a moment later, a panel sliding open.
 */
export async function actionPoint(el: Element, what: string): Promise<Hit> {
  const win = el.ownerDocument.defaultView;
  if (!win) throw new Error(`${what} is in a document without a window.`);
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await tryActionPoint(el, what, win);
    } catch (e) {
      if (!(e instanceof NotActionable)) throw e;
      const waited = performance.now() - started;
      if (e.final || waited >= actionWait.ms)
        throw new Error(attempt > 0 ? `${e.message} (Waited ${(waited / 1000).toFixed(1)} s for that to change.)` : e.message);
      const pause = RETRY_PAUSES[Math.min(attempt, RETRY_PAUSES.length - 1)] ?? 500;
      await waitForPage(new Promise((resolve) => win.setTimeout(resolve, Math.min(pause, actionWait.ms - waited))));
    }
  }
}
