/**
 * Undo of one journalled edit: the file gets its bytes from before the edit back (or is removed, when
 * the edit created it), only while it still holds exactly what the agent wrote. A file changed since
 * is never overwritten: the answer says so, with its text now for the difference.
 */
import fs from "node:fs/promises";
import type { EditUndo } from "../../shared/file-edits";
import { type EditJournal, sha256 } from "./journal";
import { decodeText, FileRefusal, readBytes, writeAtomic } from "./text-file";

export async function undoEdit(journal: EditJournal, sessionId: string, editId: string): Promise<EditUndo> {
  const base = { type: "edit_undo", sessionId, editId } as const;
  const entry = await journal.entry(sessionId, editId);
  if (!entry) return { ...base, outcome: "unknown", message: "This edit is no longer in goose-browser's journal, so it cannot be undone" };
  if (entry.undone) return { ...base, outcome: "unknown", path: entry.path, message: `This edit of ${entry.path} was undone already` };
  const at = { ...base, path: entry.path };
  let current: Awaited<ReturnType<typeof readBytes>>;
  try {
    current = await readBytes(entry.path);
  } catch (e) {
    // A folder now, or grown too large: not what the agent left.
    return {
      ...at,
      outcome: "changed",
      message: `${entry.path} changed since the agent wrote it (${(e as Error).message}); nothing was undone`,
    };
  }
  if (current === null || sha256(current.bytes) !== entry.afterHash) {
    const now = current === null ? null : textOrUndefined(current.bytes, entry.path);
    return {
      ...at,
      outcome: "changed",
      message: `${entry.path} ${current === null ? "was removed" : "changed"} since the agent wrote it; nothing was undone`,
      ...(now !== undefined ? { current: now } : {}),
    };
  }
  try {
    if (entry.existed) await writeAtomic(entry.path, await journal.before(sessionId, editId), current.mode);
    else await fs.rm(entry.path, { force: true });
  } catch (e) {
    const why = e instanceof FileRefusal ? e.message : `${entry.path}: ${(e as Error).message}`;
    return { ...at, outcome: "failed", message: `Undo failed: ${why}` };
  }
  await journal.markUndone(sessionId, editId);
  return {
    ...at,
    outcome: "undone",
    message: entry.existed ? `${entry.path} is back as it was before the edit` : `${entry.path} was removed (the edit had created it)`,
  };
}

function textOrUndefined(bytes: Buffer, file: string): string | undefined {
  try {
    return decodeText(bytes, file).text;
  } catch {
    return undefined;
  }
}
