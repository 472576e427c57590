/**
 * Where a streaming markdown text can be cut so that the part before never changes its rendering:
 * after the last blank line that is outside a fenced code block. Blocks before it are final and are
 * rendered once; only the tail is re-parsed per frame, so a long answer costs O(tail), not O(text).
 * Pure.
 */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Length of the longest prefix that ends with a blank line outside any code fence (0 if none). */
export function stablePrefixLength(text: string, from = 0): number {
  let fence: string | null = null;
  let stable = from;
  let lineStart = from;
  while (lineStart <= text.length) {
    const nl = text.indexOf("\n", lineStart);
    if (nl < 0) break; // the last line may still grow
    const line = text.slice(lineStart, nl);
    const open = FENCE.exec(line);
    if (fence) {
      if (open && open[1]![0] === fence[0] && open[1]!.length >= fence.length && line.trim() === open[1]) fence = null;
    } else if (open) {
      fence = open[1]!;
    } else if (line.trim() === "" && lineStart > from) {
      stable = nl + 1;
    }
    lineStart = nl + 1;
  }
  // `stable` only advances on blank lines outside fences, so it never splits an open one.
  return stable;
}
