import { describe, expect, it } from "vitest";
import { editUndoSchema, fileEditSchema, undoEditSchema } from "../../../shared/file-edits";

describe("file-edit messages", () => {
  it("takes an undo of a journalled edit, and nothing that could name a file", () => {
    expect(undoEditSchema.safeParse({ type: "undo_edit", sessionId: "s", editId: "12-0a1b2c3d" }).success).toBe(true);
    for (const editId of ["../../x", "12-0A1B2C3D", "1", "12-0a1b2c3d/..", ""]) {
      expect(undoEditSchema.safeParse({ type: "undo_edit", sessionId: "s", editId }).success, editId).toBe(false);
    }
    expect(undoEditSchema.safeParse({ type: "undo_edit", sessionId: "", editId: "1-0a1b2c3d" }).success).toBe(false);
  });

  it("describes an edit with or without its texts, and an undo's outcome", () => {
    const edit = {
      type: "file_edit",
      sessionId: "s",
      editId: "1-0a1b2c3d",
      path: "/w/a",
      agentPath: "/w/./a",
      before: null,
      after: "x",
      beforeBytes: null,
      afterBytes: 1,
      at: 1,
    };
    expect(fileEditSchema.parse(edit)).toEqual(edit);
    const omitted = { ...edit, before: undefined, after: undefined, omitted: "too_large" };
    expect(fileEditSchema.safeParse(omitted).success).toBe(true);
    expect(
      editUndoSchema.safeParse({ type: "edit_undo", sessionId: "s", editId: "1-0a1b2c3d", outcome: "changed", message: "m", current: "y" })
        .success,
    ).toBe(true);
    expect(editUndoSchema.safeParse({ type: "edit_undo", sessionId: "s", editId: "1", outcome: "maybe", message: "m" }).success).toBe(
      false,
    );
  });
});
