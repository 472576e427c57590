/** The agent's file edits as the unit tests need them: the host's `file_edit`, and the state's record of one. */
import type { EditRecord } from "../../extension/state/file-edits/file-edits";
import type { FileEdit } from "../../shared/file-edits";

/** The host's report of a write of `path` from `before` (null: created) to `after`, with what a test changes. */
export function fileEdit(editId: string, path: string, before: string | null, after: string, changes: Partial<FileEdit> = {}): FileEdit {
  return {
    type: "file_edit",
    sessionId: "s1",
    editId,
    path,
    agentPath: path,
    before,
    after,
    beforeBytes: before === null ? null : before.length,
    afterBytes: after.length,
    at: 1,
    ...changes,
  };
}

/** The state's record of such an edit, in turn 1 unless told. */
export function editRecord(editId: string, path: string, before: string | null, after: string, at: number, turn = 1): EditRecord {
  return { editId, path, agentPath: path, before, after, beforeBytes: before?.length ?? null, afterBytes: after.length, at, turn };
}
