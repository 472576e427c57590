/** What an edit and its Undo say to the user, in words. Pure. */
import type { EditRecord, UndoState } from "../../state/file-edits/file-edits";

function sizeWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Why an edit's diff is not shown, with its sizes; null when it can be. */
export function missingDiffWords(e: Pick<EditRecord, "omitted" | "beforeBytes" | "afterBytes">): string | null {
  if (!e.omitted) return null;
  const sizes =
    e.beforeBytes === null
      ? `new file, ${sizeWords(e.afterBytes)}`
      : `${sizeWords(e.beforeBytes)} before, ${sizeWords(e.afterBytes)} after`;
  return e.omitted === "too_large"
    ? `Too large to show here (${sizes}).`
    : `No longer kept in the browser (${sizes}); Undo still works while the file is as the agent left it.`;
}

/** What became of an Undo, for the card. */
export function undoWords(undo: UndoState, created: boolean): string {
  switch (undo.status) {
    case "pending":
      return "Undoing…";
    case "undone":
      return created ? "Undone: the file the agent created is removed." : "Undone: the file is back as it was before this edit.";
    case "changed":
      return "Not undone: the file changed after the agent wrote it, so it was left as it is.";
    case "unknown":
      return "Not undone: goose-browser no longer has this edit's record (it was undone already, or removed as too old).";
    case "failed":
      return `Not undone: ${undo.message}`;
  }
}
