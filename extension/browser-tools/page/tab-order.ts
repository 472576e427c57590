/**
 * Sequential focus navigation (HTML, "sequential focus navigation order"): elements with a positive tabindex
 * first in ascending order, then those with tabindex 0 or natively focusable in tree order; hidden, disabled
 * and tabindex=-1 elements are skipped, and of a radio group only its checked radio (or its first) is a stop.
 */
import { isVisible } from "./visibility";

const CANDIDATES =
  "a[href], area[href], button, input:not([type=hidden]), select, textarea, iframe, summary, [tabindex], [contenteditable=''], [contenteditable='true']";

function isStop(el: HTMLElement): boolean {
  if (el.tabIndex < 0 || el.matches(":disabled") || !isVisible(el)) return false;
  if (el instanceof HTMLInputElement && el.type === "radio" && el.name && !el.checked) {
    const scope = el.form ?? el.ownerDocument;
    const group = Array.from(scope.querySelectorAll<HTMLInputElement>("input[type=radio]")).filter(
      (r) => r.name === el.name && r.form === el.form,
    );
    const checked = group.find((r) => r.checked);
    return checked ? false : group[0] === el;
  }
  return true;
}

/** The page's tab stops, in the order Tab visits them. */
function tabStops(doc: Document): HTMLElement[] {
  const all = Array.from(doc.querySelectorAll<HTMLElement>(CANDIDATES)).filter(isStop);
  const positive = all.filter((e) => e.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex);
  return [...positive, ...all.filter((e) => e.tabIndex === 0)];
}

/** The stop after (or, with `back`, before) `from`; past the last one it wraps to the first, as focus cycling back into the page would. */
export function nextInTabOrder(doc: Document, from: Element, back: boolean): HTMLElement | null {
  const stops = tabStops(doc);
  if (stops.length === 0) return null;
  const at = stops.indexOf(from as HTMLElement);
  if (at < 0) {
    // From the body or a non-stop: the first stop after it in tree order (or the last before it, going back).
    const after = stops.filter((s) => from.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING);
    const before = stops.filter((s) => from.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_PRECEDING);
    if (from === doc.body || from === doc.documentElement) return back ? (stops.at(-1) ?? null) : (stops[0] ?? null);
    return back ? (before.at(-1) ?? stops.at(-1) ?? null) : (after[0] ?? stops[0] ?? null);
  }
  return stops[(at + (back ? -1 : 1) + stops.length) % stops.length] ?? null;
}
