/** Agent markdown → sanitized HTML. See marked-instance.ts (parsing) and sanitize.ts (policy). */
import { createMarked } from "./marked-instance";
import { sanitizeToFragment } from "./sanitize";

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
  return sanitizeToFragment(marked.parse(text, { async: false }));
}

/** Renders markdown to sanitized HTML, safe to assign to innerHTML. */
export function renderMarkdown(text: string): string {
  const holder = document.createElement("div");
  holder.append(renderMarkdownFragment(text));
  return holder.innerHTML;
}
