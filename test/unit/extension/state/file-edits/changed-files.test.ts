/** Edits by file (extension/state/file-edits/changed-files.ts): the review's counts and the order Undo goes in. */
import { describe, expect, it } from "vitest";
import { changedFiles, lineChanges, reviewFiles, undoOrder } from "../../../../../extension/state/file-edits/changed-files";
import { editRecord } from "../../../../helpers/file-edits";

const rec = editRecord;

describe("lineChanges", () => {
  it("counts lines added and removed, a new file as all added", () => {
    expect(lineChanges("a\nb\nc\n", "a\nB\nc\nd\n")).toEqual({ added: 2, removed: 1 });
    expect(lineChanges(null, "one\ntwo\n")).toEqual({ added: 2, removed: 0 });
    expect(lineChanges("x\n", "x\n")).toEqual({ added: 0, removed: 0 });
  });

  it("gives no counts when a text is not at hand (too large, or no longer kept)", () => {
    expect(lineChanges(undefined, "x")).toBeNull();
    expect(lineChanges("x", undefined)).toBeNull();
  });
});

describe("changedFiles", () => {
  it("lists each file once, from before its first edit to after its last", () => {
    const files = changedFiles([
      rec("1-a", "/w/a", "0\n", "1\n", 1),
      rec("2-b", "/w/b", null, "b\n", 2),
      rec("3-c", "/w/a", "1\n", "2\n", 3),
    ]);
    expect(files.map((f) => [f.path, f.before, f.after, f.edits.length])).toEqual([
      ["/w/a", "0\n", "2\n", 2],
      ["/w/b", null, "b\n", 1],
    ]);
    expect(files[0]!.undone).toBe(false);
  });

  it("says a file is undone only when every edit of it is", () => {
    const undone = { status: "undone" as const, message: "" };
    const [half] = changedFiles([{ ...rec("1-a", "/w/a", "0", "1", 1), undo: undone }, rec("2-b", "/w/a", "1", "2", 2)]);
    expect(half!.undone).toBe(false);
    const [all] = changedFiles([
      { ...rec("1-a", "/w/a", "0", "1", 1), undo: undone },
      { ...rec("2-b", "/w/a", "1", "2", 2), undo: undone },
    ]);
    expect(all!.undone).toBe(true);
  });

  it("reviews only the turn under review", () => {
    const edits = [rec("1-a", "/w/a", "0", "1", 1, 1), rec("2-b", "/w/b", "0", "1", 2, 2)];
    expect(reviewFiles({ edits, turn: 2, running: false, review: 2 }).map((f) => f.path)).toEqual(["/w/b"]);
    expect(reviewFiles({ edits, turn: 2, running: false, review: null })).toEqual([]);
  });
});

describe("undoOrder", () => {
  it("goes newest first, so a file edited twice steps back to before its first edit", () => {
    const order = undoOrder([rec("1-a", "/w/a", "0", "1", 5), rec("2-b", "/w/b", "0", "1", 6), rec("3-c", "/w/a", "1", "2", 6)]);
    expect(order.map((e) => e.editId)).toEqual(["3-c", "2-b", "1-a"]);
  });

  it("leaves out edits undone or being undone, and asks again one the file had changed under", () => {
    const order = undoOrder([
      { ...rec("1-a", "/w/a", "0", "1", 1), undo: { status: "undone", message: "" } },
      { ...rec("2-b", "/w/a", "0", "1", 2), undo: { status: "pending" } },
      { ...rec("3-c", "/w/a", "0", "1", 3), undo: { status: "changed", message: "" } },
    ]);
    expect(order.map((e) => e.editId)).toEqual(["3-c"]);
  });
});
