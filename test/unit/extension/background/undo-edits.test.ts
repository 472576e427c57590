/** Undo through the host (extension/background/host/undo-edits.ts): only with `file_edits`, newest first, never twice. */
import { describe, expect, it } from "vitest";
import { undoEdits } from "../../../../extension/background/host/undo-edits";
import { createStore } from "../../../../extension/background/observable-store";
import { type AppEvent, initialAppState, reduceApp } from "../../../../extension/state/app";
import { sessionEdits } from "../../../../extension/state/file-edits/file-edits";
import type { HostCommand } from "../../../../shared/host-protocol";
import { fileEdit } from "../../../helpers/file-edits";
import { hostHello } from "../../../helpers/host-hello";

function setUp(capabilities: string[]) {
  const store = createStore(initialAppState, reduceApp);
  store.dispatch({ scope: "connection", event: { type: "connecting" } });
  store.dispatch({ scope: "connection", event: { type: "hello", hello: hostHello({ capabilities }) } });
  const edited = (editId: string, at: number): AppEvent => ({
    scope: "edits",
    event: { type: "file_edited", edit: fileEdit(editId, "/w/a", "0", "1", { sessionId: "s", at }) },
  });
  store.dispatch(edited("1-aaaaaaaa", 1));
  store.dispatch(edited("2-bbbbbbbb", 2));
  const sent: HostCommand[] = [];
  const send = (c: HostCommand) => {
    sent.push(c);
    return true;
  };
  return { store, sent, send };
}

describe("undoEdits", () => {
  it("sends undo_edit newest first and marks each asked; asking again while they wait sends nothing", () => {
    const { store, sent, send } = setUp(["file_edits"]);
    undoEdits(store, send, "s", ["1-aaaaaaaa", "2-bbbbbbbb"]);
    expect(sent).toEqual([
      { type: "undo_edit", sessionId: "s", editId: "2-bbbbbbbb" },
      { type: "undo_edit", sessionId: "s", editId: "1-aaaaaaaa" },
    ]);
    expect(sessionEdits(store.get().edits, "s").edits.map((e) => e.undo?.status)).toEqual(["pending", "pending"]);
    undoEdits(store, send, "s", ["1-aaaaaaaa"]);
    expect(sent).toHaveLength(2);
  });

  it("sends nothing through a host that does not serve file edits", () => {
    const { store, sent, send } = setUp(["browser_tools"]);
    undoEdits(store, send, "s", ["1-aaaaaaaa"]);
    expect(sent).toEqual([]);
    expect(sessionEdits(store.get().edits, "s").edits[0]!.undo).toBeUndefined();
  });

  it("says so when the port is gone instead of leaving the Undo waiting", () => {
    const { store } = setUp(["file_edits"]);
    undoEdits(store, () => false, "s", ["1-aaaaaaaa"]);
    expect(sessionEdits(store.get().edits, "s").edits[0]!.undo?.status).toBe("failed");
  });
});
