/**
 * Walks the rendered elements of a document in the composed tree, the order a user sees them: into
 * shadow roots (open ones, and closed ones through the extension-only API where the browser has one), a
 * slot's assigned elements in its place, skipping hidden subtrees.
 */
import { isHidden } from "./visibility";

/**
 * Closed shadow roots are looked for on custom elements only (a name with a dash), where web components put
 * them: the browser's API costs a call per element, several milliseconds on a long page if asked of every
 * `div` and `p` (which may host one too, and are then walked only when open).
 */
const CAN_HOST = /-/;

type ClosedRootApi = { dom?: { openOrClosedShadowRoot?: (el: Element) => ShadowRoot | null } };

/**
 * An element's shadow root, open or closed. Content scripts may open a closed one: Chromium through
 * `chrome.dom.openOrClosedShadowRoot(el)`, Firefox through the `openOrClosedShadowRoot` attribute its
 * content scripts see on every element.
 */
export function shadowRootOf(el: Element): ShadowRoot | null {
  if (el.shadowRoot) return el.shadowRoot;
  if (!CAN_HOST.test(el.localName)) return null;
  if ("openOrClosedShadowRoot" in el) {
    const root = (el as Element & { openOrClosedShadowRoot: unknown }).openOrClosedShadowRoot;
    return root && typeof root === "object" ? (root as ShadowRoot) : null;
  }
  const chromium = (globalThis as unknown as { chrome?: ClosedRootApi }).chrome?.dom?.openOrClosedShadowRoot;
  if (typeof chromium !== "function") return null;
  try {
    return chromium(el);
  } catch {
    // Not a host at all: the API throws for elements that cannot have a shadow root.
    return null;
  }
}

/**
 * The children a node renders: its shadow root's, a slot's assigned elements (or its fallback), or its own.
 * `shadow`: the element's shadow root when the caller has looked it up already.
 */
export function renderedChildren(node: Element | Document, shadow = node.nodeType === 1 ? shadowRootOf(node as Element) : null): Element[] {
  if (node.nodeType === 9) {
    const body = (node as Document).body;
    return body ? [body] : [];
  }
  const el = node as Element;
  if (shadow) return Array.from(shadow.children);
  if (el.tagName === "SLOT" && typeof (el as HTMLSlotElement).assignedElements === "function") {
    const assigned = (el as HTMLSlotElement).assignedElements();
    if (assigned.length > 0) return assigned;
  }
  return Array.from(el.children);
}

/** Elements never rendered as content, skipped with everything in them. */
export const SKIPPED = /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|HEAD)$/;

/** Return false from `visit` to skip the element's children. */
export function walkVisible(root: Element | Document, visit: (el: Element, depth: number) => boolean, depth = 0): void {
  for (const el of renderedChildren(root)) {
    if (SKIPPED.test(el.tagName) || isHidden(el)) continue;
    if (visit(el, depth)) walkVisible(el, visit, depth + 1);
  }
}
