/**
 * The edits slice through the app reducer (extension/state/file-edits/, state/app.ts): an edit binds to
 * the card that wrote it whichever arrives first, a turn that edited files gets its review, Undo's
 * answers land on their edit, and a host that goes away leaves no Undo waiting forever.
 */
import { describe, expect, it } from "vitest";
import type { ToolCallUpdate } from "../../../../../extension/acp/schema";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../../extension/state/app";
import { editsOfCard } from "../../../../../extension/state/file-edits/edit-binding";
import { type EditRecord, sessionEdits } from "../../../../../extension/state/file-edits/file-edits";
import { fileEdit } from "../../../../helpers/file-edits";

const S = "s1";
const run = (state: AppState, ...events: AppEvent[]) => events.reduce(reduceApp, state);
const client = (event: Extract<AppEvent, { scope: "client" }>["event"]): AppEvent => ({ scope: "client", event });
const update = (u: Record<string, unknown>): AppEvent => client({ type: "session_update", sessionId: S, update: u as never });
const edit = (editId: string, path: string, before: string | null, after: string, at = 1): AppEvent => ({
  scope: "edits",
  event: { type: "file_edited", edit: fileEdit(editId, path, before, after, { sessionId: S, at }) },
});
const card = (toolCallId: string, fields: Partial<ToolCallUpdate> & Record<string, unknown> = {}) =>
  update({ sessionUpdate: "tool_call", toolCallId, title: "write", status: "pending", kind: "edit", ...fields });
const done = (toolCallId: string, fields: Record<string, unknown> = {}) =>
  update({ sessionUpdate: "tool_call_update", toolCallId, status: "completed", ...fields });

const opened = run(initialAppState, client({ type: "session_opened", sessionId: S, cwd: "/w", loading: false }));
const turn = (state: AppState) => run(state, client({ type: "prompt_sent", sessionId: S, content: [{ type: "text", text: "go" }] }));
const endTurn = (state: AppState) => run(state, client({ type: "prompt_finished", sessionId: S, stopReason: "end_turn" }));
const edits = (state: AppState): readonly EditRecord[] => sessionEdits(state.edits, S).edits;

describe("binding an edit to its tool card", () => {
  it("binds to the open card that names the file in its locations when the edit arrives", () => {
    let s = turn(opened);
    s = run(s, card("c1", { locations: [{ path: "/w/a.txt" }] }), card("c2", { locations: [{ path: "/w/b.txt" }] }));
    s = run(s, edit("1-aaaaaaaa", "/w/b.txt", "old\n", "new\n"));
    expect(edits(s)[0]!.toolCallId).toBe("c2");
    expect(editsOfCard(s.edits, S, "c2")).toHaveLength(1);
    expect(editsOfCard(s.edits, S, "c1")).toHaveLength(0);
  });

  it("binds when the card names the file only in its last update (the edit came first)", () => {
    let s = run(turn(opened), card("c1", { locations: [] }), edit("1-aaaaaaaa", "/w/a.txt", null, "x\n"));
    expect(edits(s)[0]!.toolCallId).toBeUndefined();
    s = run(s, done("c1", { content: [{ type: "diff", path: "/w/a.txt", newText: "x\n" }] }));
    expect(edits(s)[0]!.toolCallId).toBe("c1");
  });

  it("reads the path from the raw input (Claude's file_path), relative names included", () => {
    let s = run(turn(opened), card("c1", { rawInput: { file_path: "src/a.ts" } }));
    s = run(s, edit("1-aaaaaaaa", "/w/src/a.ts", "a", "b"));
    expect(edits(s)[0]!.toolCallId).toBe("c1");
  });

  it("never gives an edit to a read of the same file, a settled card, or a card that already holds an edit of that file", () => {
    let s = turn(opened);
    s = run(s, card("read", { kind: "read", locations: [{ path: "/w/a.txt" }] }));
    s = run(s, card("old", { locations: [{ path: "/w/a.txt" }] }), done("old"));
    s = run(s, card("w1", { locations: [{ path: "/w/a.txt" }] }), card("w2", { locations: [{ path: "/w/a.txt" }] }));
    s = run(s, edit("1-aaaaaaaa", "/w/a.txt", "0", "1"), edit("2-aaaaaaaa", "/w/a.txt", "1", "2"));
    expect(edits(s).map((e) => e.toolCallId)).toEqual(["w1", "w2"]);
  });

  it("leaves an edit of an earlier turn to its own card, not a later card of the same file", () => {
    let s = endTurn(run(turn(opened), edit("1-aaaaaaaa", "/w/a.txt", "0", "1")));
    s = run(turn(s), card("later", { locations: [{ path: "/w/a.txt" }] }), done("later"));
    expect(edits(s)[0]!.toolCallId).toBeUndefined();
  });
});

describe("the turn's review", () => {
  it("shows once a turn that edited files ends, goes with Keep all, and a turn without edits shows none", () => {
    let s = run(turn(opened), edit("1-aaaaaaaa", "/w/a.txt", "0", "1"));
    expect(sessionEdits(s.edits, S).review).toBeNull();
    s = endTurn(s);
    expect(sessionEdits(s.edits, S).review).toBe(1);
    s = run(s, { scope: "edits", event: { type: "review_closed", sessionId: S } });
    expect(sessionEdits(s.edits, S).review).toBeNull();
    s = endTurn(turn(endTurn(run(turn(s), edit("2-aaaaaaaa", "/w/b.txt", "0", "1")))));
    expect(sessionEdits(s.edits, S).review).toBeNull();
    expect(edits(s).map((e) => e.turn)).toEqual([1, 2]);
  });

  it("ends a turn however it ends: Stop, a failure, the agent going away", () => {
    let s = run(turn(opened), edit("1-aaaaaaaa", "/w/a.txt", "0", "1"));
    s = run(s, client({ type: "agent_offline", error: null }));
    expect(sessionEdits(s.edits, S).review).toBe(1);
  });
});

describe("Undo", () => {
  it("marks the edits asked, then each with the host's answer", () => {
    let s = run(turn(opened), edit("1-aaaaaaaa", "/w/a.txt", "0", "1"), edit("2-bbbbbbbb", "/w/a.txt", "1", "2"));
    s = run(s, { scope: "edits", event: { type: "undo_requested", sessionId: S, editIds: ["2-bbbbbbbb", "1-aaaaaaaa"] } });
    expect(edits(s).map((e) => e.undo?.status)).toEqual(["pending", "pending"]);
    s = run(s, {
      scope: "edits",
      event: {
        type: "edit_undo_answered",
        answer: { type: "edit_undo", sessionId: S, editId: "2-bbbbbbbb", outcome: "changed", message: "m", current: "3" },
      },
    });
    expect(edits(s)[1]!.undo).toEqual({ status: "changed", message: "m", current: "3" });
    expect(edits(s)[0]!.undo).toEqual({ status: "pending" });
  });

  it("turns Undos still waiting when the host goes away into failures the user can try again", () => {
    let s = run(turn(opened), edit("1-aaaaaaaa", "/w/a.txt", "0", "1"));
    s = run(s, { scope: "edits", event: { type: "undo_requested", sessionId: S, editIds: ["1-aaaaaaaa"] } });
    s = run(s, { scope: "connection", event: { type: "disconnected", reason: { kind: "host_exited", message: "gone" } as never } });
    expect(edits(s)[0]!.undo?.status).toBe("failed");
  });

  it("drops a deleted session's edits and keeps one edit once", () => {
    let s = run(turn(opened), edit("1-aaaaaaaa", "/w/a.txt", "0", "1"), edit("1-aaaaaaaa", "/w/a.txt", "0", "1"));
    expect(edits(s)).toHaveLength(1);
    s = run(s, client({ type: "history_removed", sessionId: S }));
    expect(s.edits.sessions[S]).toBeUndefined();
  });
});

describe("restoring what storage kept", () => {
  it("puts the stored edits under those that arrived meanwhile, none twice", () => {
    const live = run(turn(opened), edit("2-bbbbbbbb", "/w/a.txt", "1", "2", 2));
    const stored = run(turn(opened), edit("1-aaaaaaaa", "/w/a.txt", "0", "1", 1), edit("2-bbbbbbbb", "/w/a.txt", "1", "2", 2));
    const s = run(live, { scope: "edits", event: { type: "edits_restored", state: stored.edits } });
    expect(edits(s).map((e) => e.editId)).toEqual(["1-aaaaaaaa", "2-bbbbbbbb"]);
    expect(sessionEdits(s.edits, S).running).toBe(true);
  });
});
