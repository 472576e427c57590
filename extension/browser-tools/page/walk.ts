/** Walks the rendered elements of a document, into open shadow roots, skipping hidden subtrees. */
import { isHidden } from "./visibility";

/** Return false from `visit` to skip the element's children. */
export function walkVisible(root: Element | ShadowRoot | Document, visit: (el: Element, depth: number) => boolean, depth = 0): void {
  const children = root instanceof Document ? (root.body ? [root.body] : []) : Array.from(root.children);
  for (const el of children) {
    if (isHidden(el) || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|HEAD)$/.test(el.tagName)) continue;
    const descend = visit(el, depth);
    if (!descend) continue;
    walkVisible(el, visit, depth + 1);
    if (el.shadowRoot) walkVisible(el.shadowRoot, visit, depth + 1);
  }
}
