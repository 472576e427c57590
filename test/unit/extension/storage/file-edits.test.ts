/**
 * The file edits in storage (extension/storage/edits/file-edits.ts) and their write-through
 * (background/persistence/file-edits-persistence.ts), on WXT's in-memory fake browser: a restarted
 * background gets the edits back, bounded, an Undo asked before the restart is not left waiting,
 * and a damaged value loses only what is damaged.
 */
import "../../../helpers/dom/fake-browser";

import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { createStore } from "../../../../extension/background/observable-store";
import { FileEditsPersistence } from "../../../../extension/background/persistence/file-edits-persistence";
import { initialAppState, reduceApp } from "../../../../extension/state/app";
import type { EditRecord, FileEditsState } from "../../../../extension/state/file-edits/file-edits";
import {
  boundedFileEdits,
  STORED_PER_SESSION,
  STORED_SESSIONS,
  STORED_TEXT_CHARS,
  storedFileEdits,
  validFileEdits,
} from "../../../../extension/storage/edits/file-edits";
import { editRecord, fileEdit } from "../../../helpers/file-edits";

const rec = (editId: string, at: number, text = "x"): EditRecord => editRecord(editId, "/w/a", text, text, at);
const state = (sessions: Record<string, EditRecord[]>): FileEditsState => ({
  sessions: Object.fromEntries(Object.entries(sessions).map(([id, edits]) => [id, { edits, turn: 1, running: true, review: 1 }])),
});

beforeEach(() => fakeBrowser.reset());

describe("the stored edits", () => {
  it("come back to a restarted background, with an Undo asked before it as one to try again", async () => {
    const first = createStore(initialAppState, reduceApp);
    const p1 = new FileEditsPersistence(first, storedFileEdits);
    await p1.restored;
    first.dispatch({
      scope: "edits",
      event: { type: "file_edited", edit: fileEdit("1-aaaaaaaa", "/w/a", "0", "1", { sessionId: "s", agentPath: "a", at: 5 }) },
    });
    first.dispatch({ scope: "edits", event: { type: "undo_requested", sessionId: "s", editIds: ["1-aaaaaaaa"] } });
    await p1.flush();

    const second = createStore(initialAppState, reduceApp);
    await new FileEditsPersistence(second, storedFileEdits).restored;
    const [edit] = second.get().edits.sessions.s!.edits;
    expect(edit).toMatchObject({ editId: "1-aaaaaaaa", before: "0", after: "1", agentPath: "a" });
    expect(edit!.undo?.status).toBe("failed");
    expect(second.get().edits.sessions.s!.running).toBe(false);
  });

  it("writes when an edit or a review changes, not at every turn", async () => {
    const store = createStore(initialAppState, reduceApp);
    let saves = 0;
    const counted = {
      load: storedFileEdits.load,
      save: (s: FileEditsState) => {
        saves += 1;
        return storedFileEdits.save(s);
      },
    };
    const p = new FileEditsPersistence(store, counted);
    await p.restored;
    const turn = (running: boolean) =>
      store.dispatch({
        scope: "client",
        event: running
          ? { type: "prompt_sent", sessionId: "s", content: [{ type: "text", text: "go" }] }
          : { type: "prompt_finished", sessionId: "s", stopReason: "end_turn" },
      });
    store.dispatch({ scope: "client", event: { type: "session_opened", sessionId: "s", cwd: "/w", loading: false } });
    turn(true);
    turn(false);
    await p.flush();
    expect(saves).toBe(0);
    turn(true);
    store.dispatch({ scope: "edits", event: { type: "file_edited", edit: fileEdit("1-aaaaaaaa", "/w/a", "0", "1", { sessionId: "s" }) } });
    await p.flush();
    expect(saves).toBe(1);
    // The turn's end brings its review.
    turn(false);
    await p.flush();
    expect(saves).toBe(2);
  });

  it("keeps the sessions edited most recently, the newest edits of each, and texts newest first within the bound", () => {
    const many = Object.fromEntries(Array.from({ length: STORED_SESSIONS + 3 }, (_, i) => [`s${i}`, [rec(`1-${i}`, i)]]));
    const kept = boundedFileEdits(state(many));
    expect(Object.keys(kept.sessions)).toHaveLength(STORED_SESSIONS);
    expect(kept.sessions.s0).toBeUndefined();

    const long = Array.from({ length: STORED_PER_SESSION + 5 }, (_, i) => rec(`${i}-a`, i));
    expect(boundedFileEdits(state({ s: long })).sessions.s!.edits[0]!.editId).toBe("5-a");

    const big = "y".repeat(STORED_TEXT_CHARS / 2 - 10);
    const texts = boundedFileEdits(state({ s: [rec("1-a", 1, big), rec("2-b", 2, big)] })).sessions.s!.edits;
    expect(texts[1]!.after).toBe(big);
    expect(texts[0]).toMatchObject({ omitted: "not_kept", beforeBytes: big.length });
    expect(texts[0]!.after).toBeUndefined();
  });

  it("keeps only well-formed edits of a damaged value", () => {
    expect(validFileEdits(null)).toEqual({ sessions: {} });
    expect(validFileEdits({ sessions: [] })).toEqual({ sessions: {} });
    const mixed = validFileEdits({
      sessions: {
        s: { edits: [rec("1-a", 1), { editId: 3 }, "junk"], turn: 1, review: null },
        t: { edits: "no", turn: 1, review: null },
      },
    });
    expect(Object.keys(mixed.sessions)).toEqual(["s"]);
    expect(mixed.sessions.s!.edits.map((e) => e.editId)).toEqual(["1-a"]);
  });
});
