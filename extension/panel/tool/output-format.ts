/**
 * Whether a tool's text output is Markdown, to render (sanitized, through panel/markdown/), or plain
 * output (a listing, a log, a file), to keep preformatted. Claude's adapters wrap command output in a
 * ```console fence, which must read as a code block, never as literal fences. Plain output that merely
 * has a `#` comment or a `- ` line stays plain: Markdown needs a fence, a table, or two different
 * marks of it. And how much of a long output shows before "Show more": whole lines only. Pure.
 */

const FENCE = /^ {0,3}(```|~~~)/m;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/m;
const SIGNS: RegExp[] = [
  /^#{1,6} \S/m, // a heading
  /\[[^\]\n]+\]\((https?:|#|\/)[^)\s]*\)/, // a link
  /\*\*[^*\n]+\*\*/, // bold
  /(^|[\s(])`[^`\n]+`([\s).,:;]|$)/m, // inline code
  /^\s{0,3}([-*+]|\d+\.) \S.*\n\s{0,3}([-*+]|\d+\.) \S/m, // a list of two items or more
  /^> \S/m, // a quote
];

export function isMarkdown(text: string): boolean {
  if (FENCE.test(text) || TABLE_RULE.test(text)) return true;
  let signs = 0;
  for (const sign of SIGNS) if (sign.test(text) && ++signs >= 2) return true;
  return false;
}

/**
 * The first `maxLines` lines of `text`, within `maxChars`, ending at a line's end: a cut mid-line reads as
 * a truncated result. Only a first line longer than `maxChars` is cut inside itself. Null when all of it fits.
 */
export function clampOutput(text: string, maxLines: number, maxChars: number): string | null {
  const lines = text.split("\n");
  if (lines.length <= maxLines && text.length <= maxChars) return null;
  const head = lines.slice(0, maxLines).join("\n");
  if (head.length <= maxChars) return head;
  const end = head.lastIndexOf("\n", maxChars);
  return end > 0 ? head.slice(0, end) : head.slice(0, maxChars);
}
