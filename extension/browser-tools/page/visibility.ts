/** Whether an element is rendered for the user; hidden subtrees are left out of snapshots and searches. */

export function isHidden(el: Element): boolean {
  if (el.hasAttribute("hidden") || el.getAttribute("aria-hidden") === "true" || el.hasAttribute("inert")) return true;
  if (el instanceof HTMLInputElement && el.type === "hidden") return true;
  const style = el.ownerDocument.defaultView?.getComputedStyle(el);
  if (style && (style.display === "none" || style.visibility === "hidden" || style.visibility === "collapse")) return true;
  return false;
}

/** The element and all its ancestors are rendered (for a single element found by ref). */
export function isVisible(el: Element): boolean {
  if (typeof el.checkVisibility === "function" && !el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) return false;
  for (let e: Element | null = el; e; e = e.parentElement) if (isHidden(e)) return false;
  return true;
}
