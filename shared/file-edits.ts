/**
 * The agent's file edits as the host saw them, host ⇄ extension. The host answers the agent's
 * `fs/read_text_file` and `fs/write_text_file` itself (ACP's client file system,
 * https://agentclientprotocol.com/protocol/file-system), confined to the session's folders, keeps each
 * file's content from before the write in a per-session journal, and tells the extension:
 *  - `file_edit` after each write it carried out: the file's real path, its text before (null: it did
 *    not exist) and after. Texts that would make the message too large for the native port are left
 *    out (`omitted`); the sizes stay.
 *  - `edit_undo`, the answer to an `undo_edit` command: the file restored (or removed, when the edit
 *    created it), or refused because it changed since the agent wrote it (`current`: its text now,
 *    for the difference), or an edit the journal no longer holds.
 *
 * Pure data and zod schemas, so the host and the extension check the same shapes.
 */
import { z } from "zod";

const sessionId = z.string().min(1).max(1000);
/** Unique within a session: `<sequence>-<random>` as the host's journal names it. */
const editId = z
  .string()
  .regex(/^[0-9]{1,9}-[0-9a-f]{8}$/)
  .describe("An edit as the host's journal names it");

export const fileEditSchema = z.object({
  type: z.literal("file_edit"),
  sessionId,
  editId,
  /** The file the host wrote: the agent's path with `..` and symlinks resolved. */
  path: z.string(),
  /** The path as the agent asked for it, as its tool card names it (`locations`, `diff.path`). */
  agentPath: z.string(),
  /** The file's text before the write; null when the write created it. */
  before: z.string().nullable().optional(),
  after: z.string().optional(),
  beforeBytes: z.number().int().nonnegative().nullable(),
  afterBytes: z.number().int().nonnegative(),
  /** The texts were left out because the message would pass the native port's 1 MiB. */
  omitted: z.literal("too_large").optional(),
  /** When the host wrote it (ms since the epoch). */
  at: z.number(),
});
export type FileEdit = z.infer<typeof fileEditSchema>;

export const undoEditSchema = z.object({ type: z.literal("undo_edit"), sessionId, editId });
export type UndoEditCommand = z.infer<typeof undoEditSchema>;

export const editUndoSchema = z.object({
  type: z.literal("edit_undo"),
  sessionId,
  editId: z.string(),
  /**
   * `undone`: the file holds its text from before the edit again (or is gone, when the edit created it);
   * `changed`: the file is no longer as the agent left it, so nothing was touched; `unknown`: no such
   * edit in the journal (pruned, another session's, or undone already); `failed`: the restore itself failed.
   */
  outcome: z.enum(["undone", "changed", "unknown", "failed"]),
  path: z.string().optional(),
  message: z.string(),
  /** With `changed`: the file's text now (null: it is gone), unless it is too large or not text. */
  current: z.string().nullable().optional(),
});
export type EditUndo = z.infer<typeof editUndoSchema>;
