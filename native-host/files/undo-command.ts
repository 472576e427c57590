/**
 * The extension's `undo_edit`, checked against its schema (shared/file-edits.ts). zod is loaded with
 * the part the host compiles on first use (browser-tools/tools-part.ts), never at start-up.
 */
import type { UndoEditCommand } from "../../shared/file-edits";

export async function undoCommandOf(cmd: unknown): Promise<UndoEditCommand | { error: string }> {
  const { undoEditSchema } = await import("../browser-tools/tools-part");
  const parsed = undoEditSchema.safeParse(cmd);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return { error: `undo_edit: ${issue ? `${issue.path.join(".") || "command"}: ${issue.message}` : "invalid"}` };
}
