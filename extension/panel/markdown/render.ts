/** Agent markdown → sanitized HTML. See marked-instance.ts (parsing) and sanitize.ts (policy). */
import type { TokensList } from "marked";
import { createMarked } from "./marked-instance";
import { policeRendered, sanitizeToFragment } from "./sanitize";

const marked = createMarked();

/**
 * For tests and benchmarks only: how many times markdown has been parsed in this page.
 * Lets a test prove that streaming coalesces chunks and that finished messages are not re-parsed.
 */
export const markdownStats = { parses: 0 };

/**
 * Renders to a sanitized fragment, for callers that insert it directly
 * (no serialize-and-reparse round trip).
 */
export function renderMarkdownFragment(text: string): DocumentFragment {
  markdownStats.parses++;
  const tokens = marked.lexer(text);
  const html = marked.parser(tokens);
  // Raw HTML (escaped by the renderer, but the agent's markup all the same) always goes through DOMPurify.
  return hasRawHtml(tokens) ? sanitizeToFragment(html) : policeRendered(html);
}

/** Whether any token, at any depth (list items, table cells, link text…), is raw HTML, block or inline. */
function hasRawHtml(tokens: TokensList): boolean {
  let raw = false;
  marked.walkTokens(tokens, (token) => {
    if (token.type === "html") raw = true;
  });
  return raw;
}

/** Renders markdown to sanitized HTML, safe to assign to innerHTML. */
export function renderMarkdown(text: string): string {
  const holder = document.createElement("div");
  holder.append(renderMarkdownFragment(text));
  return holder.innerHTML;
}
