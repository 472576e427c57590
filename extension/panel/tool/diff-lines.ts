/** A diff content block as numbered lines with context, via the `diff` package. Pure. */
import { structuredPatch } from "diff";

type DiffLine =
  | { type: "hunk"; text: string }
  | { type: "context" | "add" | "remove"; text: string; oldNo: number | null; newNo: number | null };

export interface DiffView {
  lines: DiffLine[];
  added: number;
  removed: number;
  /** A new file (oldText null). */
  created: boolean;
}

export function diffView(path: string, oldText: string | null | undefined, newText: string, context = 3): DiffView {
  const patch = structuredPatch(path, path, oldText ?? "", newText, "", "", { context });
  const lines: DiffLine[] = [];
  let added = 0;
  let removed = 0;
  for (const h of patch.hunks) {
    lines.push({ type: "hunk", text: `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@` });
    let o = h.oldStart;
    let n = h.newStart;
    for (const raw of h.lines) {
      const mark = raw[0];
      const text = raw.slice(1);
      if (mark === "+") {
        lines.push({ type: "add", text, oldNo: null, newNo: n++ });
        added++;
      } else if (mark === "-") {
        lines.push({ type: "remove", text, oldNo: o++, newNo: null });
        removed++;
      } else if (mark === " ") {
        lines.push({ type: "context", text, oldNo: o++, newNo: n++ });
      }
      // "\ No newline at end of file" markers carry no content of their own.
    }
  }
  return { lines, added, removed, created: oldText === null || oldText === undefined };
}
