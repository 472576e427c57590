/**
 * Puts a freshly rendered tail in place of the one on screen while keeping every node that would
 * come out the same (incremental.ts). A streaming message's tail grows at its end: in a long list
 * or table, all but the last item or row are the same as in the last update, and replacing them
 * made the browser style, shape, lay out and paint all of them again on every update
 * (BENCHMARKS.md). Nodes are paired in order; an element is kept when its name and attributes are
 * the same as the new one's, and its children are paired in turn; a text keeps its node and takes
 * the new text. Anything else is replaced by the new node, so the result is the new rendering
 * exactly, made only of nodes that were sanitized or kept as they were.
 */

/** Makes `target`'s children `source`'s, moving in from `source` only the nodes that differ. */
export function morphChildren(target: Node, source: Node): void {
  let old = target.firstChild;
  for (let next = source.firstChild; next; ) {
    const following = next.nextSibling;
    if (!old) target.appendChild(next);
    else if (!sameShell(old, next)) {
      target.replaceChild(next, old);
      old = next.nextSibling;
    } else {
      if (old.nodeType === Node.ELEMENT_NODE) morphChildren(old, next);
      else if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
      old = old.nextSibling;
    }
    next = following;
  }
  while (old) {
    const following = old.nextSibling;
    target.removeChild(old);
    old = following;
  }
}

/** Whether `a` can stand for `b` once its children (or text) are made `b`'s. */
function sameShell(a: Node, b: Node): boolean {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return a.nodeType === Node.TEXT_NODE;
  const x = a as Element;
  const y = b as Element;
  if (x.tagName !== y.tagName || x.attributes.length !== y.attributes.length) return false;
  for (const { name, value } of y.attributes) if (x.getAttribute(name) !== value) return false;
  return true;
}
