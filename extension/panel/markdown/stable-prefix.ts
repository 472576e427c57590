/**
 * Where a streaming markdown text can be cut so that the part before it renders, on its own, exactly
 * as it does inside the whole text, whatever is appended later. Blocks before the cut are rendered
 * once; only the tail is re-parsed per frame, so a long answer costs O(tail), not O(text), and the
 * finished message keeps the blocks it streamed (incremental.ts). Pure.
 *
 * A cut goes before a line that starts a new top-level block after a blank line (CommonMark,
 * https://spec.commonmark.org/0.31.2/): a blank line closes paragraphs, headings, tables, quotes
 * and HTML blocks of kinds 6-7. What it does not close is refused: the inside of a code fence or of
 * an HTML block of kinds 1-5 (`<script`, `<pre`, `<style`, `<textarea`, comments, `<?`, `<!X`,
 * CDATA), which end at their own marker; and a next line that may continue the block before it (an
 * indented line: a list item's content or indented code; a list marker: a loose list's next item).
 * Link reference definitions are the one thing that reaches across blocks; the caller renders the
 * whole text again when it has one (hasLinkDefinition).
 */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** HTML blocks that a blank line does not end, and the marker that does. */
const RAW_HTML_BLOCKS: [open: RegExp, close: RegExp][] = [
  [/^\s*<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^\s*<!--/, /-->/],
  [/^\s*<\?/, /\?>/],
  [/^\s*<!\[CDATA\[/, /\]\]>/],
  [/^\s*<![A-Za-z]/, />/],
];
/** A line that may continue the block before a blank line: indented, or (possibly) a list item. */
const MAY_CONTINUE = /^(?:[ \t]|[-*+](?:[ \t]|$)|\d{1,9}(?:[.)](?:[ \t]|$)|$))/;
const LINK_DEFINITION = /^ {0,3}\[(?:[^\]\\\n]|\\.)+\]:/m;

/**
 * Length of the longest prefix that can be rendered apart from the rest (0 if none), scanning from
 * `from`, an earlier answer for a shorter version of the same text.
 */
export function stablePrefixLength(text: string, from = 0): number {
  let fence: string | null = null;
  let rawEnd: RegExp | null = null;
  let stable = from;
  /** A blank line was seen outside fences and raw HTML since the last content line. */
  let afterBlank = false;
  let sawContent = false;
  let lineStart = from;
  while (lineStart < text.length) {
    const nl = text.indexOf("\n", lineStart);
    const complete = nl >= 0;
    const line = text.slice(lineStart, complete ? nl : text.length);
    if (fence === null && rawEnd === null && line.trim() !== "" && afterBlank && sawContent) {
      // The first line after a blank one: cut before it if it starts a block of its own. An
      // unfinished line that may still become a list marker ("1", "-") waits for more text.
      if (!MAY_CONTINUE.test(line)) stable = lineStart;
    }
    if (!complete) break; // the last line may still grow: its own kind is not known yet
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
    } else if (rawEnd !== null) {
      if (rawEnd.test(line)) rawEnd = null;
    } else if (line.trim() === "") {
      afterBlank = true;
    } else {
      afterBlank = false;
      sawContent = true;
      const open = FENCE.exec(line);
      if (open) fence = open[1]!;
      else {
        const raw = RAW_HTML_BLOCKS.find(([start]) => start.test(line));
        // The marker may close the block on its own first line.
        if (raw && !raw[1].test(line.replace(raw[0], ""))) rawEnd = raw[1];
      }
    }
    lineStart = nl + 1;
  }
  return stable;
}

/** Whether the text defines a link reference, which links anywhere in it may use. */
export function hasLinkDefinition(text: string): boolean {
  return LINK_DEFINITION.test(text);
}

/** Whether `line` closes a fence opened by `fence` (its backticks or tildes). */
function closesFence(line: string, fence: string): boolean {
  const close = FENCE.exec(line);
  return close !== null && close[1]![0] === fence[0] && close[1]!.length >= fence.length && line.trim() === close[1];
}

/** A fence opening line at the left margin; backtick fences take no backtick in their info string. */
const OPENING_FENCE = /^(?:`{3,}[^`\n]*|~{3,}[^\n]*)\n/;

/**
 * Where the code starts when `tail` is one code fence still open: an opening line at the left
 * margin, then lines none of which closes it. -1 otherwise. Such a tail only grows at its end,
 * which lets it be shown without rendering its code again (live-code.ts). A carriage return falls
 * back to a render, which normalises line endings.
 */
export function openFenceBody(tail: string): number {
  const open = OPENING_FENCE.exec(tail);
  if (!open || tail.includes("\r")) return -1;
  const fence = FENCE.exec(open[0])![1]!;
  for (let at = open[0].length; at < tail.length; ) {
    const nl = tail.indexOf("\n", at);
    // The last line closes it too (the text ends there), until it grows into something else.
    if (closesFence(tail.slice(at, nl < 0 ? tail.length : nl), fence)) return -1;
    if (nl < 0) break;
    at = nl + 1;
  }
  return open[0].length;
}
