/** Comparing rendered markdown: the same blocks, whatever boxes hold them and whether code is highlighted. */
import { renderMarkdown } from "../../../extension/panel/markdown/render";

/** The whole text rendered in one go, in a detached element. */
export function fullRender(text: string): HTMLElement {
  const el = document.createElement("div");
  el.innerHTML = renderMarkdown(text);
  return el;
}

/**
 * The blocks without the boxes that hold them (incremental.ts), an open fence's code in one piece
 * and without highlighting, as HTML.
 */
export function blocksHtml(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  for (const box of copy.querySelectorAll(".md-box, .md-tail")) box.replaceWith(...box.childNodes);
  // An open fence shown in groups of lines (live-code.ts): one <code> with all of them, as rendered whole.
  for (const pre of copy.querySelectorAll("pre:has(> .md-lines)")) {
    const code = pre.querySelector("code")!;
    code.textContent = pre.textContent;
    pre.replaceChildren(code);
  }
  for (const code of copy.querySelectorAll("code[data-highlighted]")) {
    code.replaceChildren(code.textContent ?? "");
    code.removeAttribute("data-highlighted");
    // highlight.js adds "hljs" and the language's full name after ours.
    code.className = code.className.split(" ")[0]!;
  }
  return copy.innerHTML.replace(/>\s+</g, "><").trim();
}
