/**
 * What comes back from the highlighting worker (highlight-worker.ts), checked before it reaches the
 * page: highlight.js's HTML is spans with its own classes around the code's text, escaped, and
 * nothing else. Anything more, or a text that is not the block's, is refused and the block stays
 * plain. The worker runs our own code on the text; the check keeps it that way.
 */

export interface HighlightRequest {
  id: number;
  code: string;
  language: string;
}

export interface HighlightReply {
  id: number;
  /** null: highlight.js has no such language. */
  html: string | null;
  /** The language's name as highlight.js knows it (e.g. "typescript" for "ts"). */
  language: string;
}

/**
 * highlight.js's classes: `hljs-keyword`, a scope's parts after the first (`title function_`,
 * `invoke__`), and `language-xml` around code of another language inside (HTML in markdown).
 */
const HLJS_CLASS = /^(?:hljs-[\w-]+|language-[\w-]+|[a-z][\w-]*_+)$/i;

/** The highlighted code as nodes of `doc`, or null if `html` is not highlight.js's markup of `text`. */
export function highlightedFragment(html: string, text: string, doc: Document): DocumentFragment | null {
  const template = doc.createElement("template");
  template.innerHTML = html;
  const fragment = template.content;
  for (const el of fragment.querySelectorAll("*")) {
    if (el.tagName !== "SPAN") return null;
    for (const attr of el.attributes) if (attr.name !== "class") return null;
    for (const name of el.classList) if (!HLJS_CLASS.test(name)) return null;
  }
  return fragment.textContent === text ? doc.importNode(fragment, true) : null;
}
