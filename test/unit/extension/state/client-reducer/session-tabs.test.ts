/** The session tabs (extension/state/client-reducer/sessions/session-tabs.ts): added, shown, marked, restored, closed. */
import { describe, expect, it } from "vitest";
import { initialClientState } from "../../../../../extension/state/client-reducer/initial-state";
import { tabMark, tabTitle } from "../../../../../extension/state/client-reducer/sessions/session-tabs";
import type { ClientState } from "../../../../../extension/state/sessions/client-state";
import {
  agentChunk,
  opened,
  permission,
  promptSent,
  ready,
  run,
  S,
  S2,
  shellToolCall,
  upd,
} from "../../../../helpers/client-reducer-fixtures";

const ids = (s: ClientState) => s.tabs.map((t) => t.sessionId);
const tab = (s: ClientState, id: string) => s.tabs.find((t) => t.sessionId === id)!;
const titled = (title: string, sessionId = S) =>
  upd({ sessionUpdate: "session_info_update", title, updatedAt: "2026-11-27T10:00:00Z" }, sessionId);

describe("session tabs", () => {
  it("tab_replaced puts the new session in the lost one's place, once", () => {
    const s = run(initialClientState, ready, opened(S), opened(S2), { type: "session_closed", sessionId: S }, opened("new-1"));
    expect(ids(s)).toEqual([S, S2, "new-1"]);
    const replaced = run(s, { type: "tab_replaced", sessionId: S, by: "new-1" });
    expect(ids(replaced)).toEqual(["new-1", S2]);
    expect(run(replaced, { type: "tab_replaced", sessionId: S, by: "new-1" })).toBe(replaced);
  });

  it("opening a session adds its tab at the end; opening it again shows the same tab", () => {
    const s = run(initialClientState, ready, opened(S), opened(S2));
    expect(ids(s)).toEqual([S, S2]);
    const again = run(s, { type: "session_activated", sessionId: S });
    expect(ids(again)).toEqual([S, S2]);
    expect(again.activeSessionId).toBe(S);
    // A load of a session with a tab (e.g. restored after a restart) keeps its place.
    expect(ids(run(again, opened(S2, true)))).toEqual([S, S2]);
  });

  it("a fork and a resumed session get tabs too; activating an unknown session adds none", () => {
    const s = run(initialClientState, ready, opened(S));
    const forked = run(s, {
      type: "session_forked",
      sessionId: "fork-1",
      parentId: S,
      cwd: "/w",
      keep: 0,
      relation: { parentId: S, parentTitle: null, at: 1, how: "from", note: null },
    });
    expect(ids(forked)).toEqual([S, "fork-1"]);
    expect(run(s, { type: "session_activated", sessionId: "nope" })).toBe(s);
  });

  it("output in a tab not on screen is unread until the tab is shown; output on screen never is", () => {
    let s = run(initialClientState, ready, opened(S), promptSent("slow", S), opened(S2));
    expect(s.activeSessionId).toBe(S2);
    s = run(s, upd(agentChunk("tick 1", "m1"), S));
    expect(tab(s, S).unread).toBe(true);
    expect(tabMark(s, tab(s, S))).toBe("busy");
    s = run(s, upd(agentChunk("on screen", "m2"), S2));
    expect(tab(s, S2).unread).toBe(false);
    s = run(s, { type: "prompt_finished", sessionId: S, stopReason: "end_turn" });
    expect(tabMark(s, tab(s, S))).toBe("unread");
    s = run(s, { type: "session_activated", sessionId: S });
    expect(tab(s, S).unread).toBe(false);
    expect(tabMark(s, tab(s, S))).toBeNull();
  });

  it("a replay while a tab loads is not unread; an unchanged event changes nothing", () => {
    const s = run(initialClientState, ready, opened(S), opened(S2, true));
    const replayed = run(s, { type: "session_activated", sessionId: S }, upd(agentChunk("old", "m1"), S2));
    expect(tab(replayed, S2).unread).toBe(false);
    const same = run(replayed, upd(agentChunk("x", "m"), "unknown"));
    expect(same).toBe(replayed);
  });

  it("marks: waiting for an approval or a question first, then failed, then working", () => {
    let s = run(initialClientState, ready, opened(S), promptSent("tool", S), upd(shellToolCall("t1"), S), opened(S2));
    s = run(s, permission("k1", "t1", S));
    expect(tabMark(s, tab(s, S))).toBe("waiting");
    s = run(s, { type: "permission_resolved", sessionId: S, key: "k1", optionId: "allow_once" });
    expect(tabMark(s, tab(s, S))).toBe("busy");
    s = run(s, { type: "elicitation_requested", elicitation: { key: "q", sessionId: S, message: "Name?" } });
    expect(tabMark(s, tab(s, S))).toBe("waiting");
    s = run(s, { type: "elicitation_resolved", key: "q" });
    s = run(s, { type: "prompt_failed", sessionId: S, error: { title: "The turn failed", message: "boom" } });
    expect(tabMark(s, tab(s, S))).toBe("error");
  });

  it("follows the session's title, and History's title for a tab whose session is not loaded", () => {
    let s = run(initialClientState, ready, opened(S), titled("Fix the parser"));
    expect(tab(s, S).title).toBe("Fix the parser");
    s = run(s, { type: "tabs_restored", tabs: [{ sessionId: "old", title: "Stored title" }] });
    expect(tabTitle(s, tab(s, "old"))).toBe("Stored title");
    s = run(s, {
      type: "history_loaded",
      items: [{ sessionId: "old", cwd: "/w", title: "Renamed since" }],
    });
    expect(tab(s, "old").title).toBe("Renamed since");
    expect(tabTitle(s, tab(s, S))).toBe("Fix the parser");
  });

  it("tabs_restored puts the stored tabs first, keeping tabs opened meanwhile after them, each once", () => {
    const s = run(initialClientState, ready, opened(S2));
    const restored = run(s, {
      type: "tabs_restored",
      tabs: [
        { sessionId: S, title: "one" },
        { sessionId: S2, title: "two" },
      ],
    });
    expect(ids(restored)).toEqual([S, S2]);
    // The open session's tab keeps its state (not the stored copy).
    expect(tab(restored, S2)).toBe(tab(s, S2));
    expect(run(restored, { type: "tabs_restored", tabs: [{ sessionId: S, title: "one" }] })).toBe(restored);
  });

  it("tab_closed removes the tab; a session deleted from History loses its tab", () => {
    const s = run(initialClientState, ready, opened(S), opened(S2));
    const closed = run(s, { type: "tab_closed", sessionId: S });
    expect(ids(closed)).toEqual([S2]);
    expect(run(closed, { type: "tab_closed", sessionId: S })).toBe(closed);
    expect(ids(run(s, { type: "history_removed", sessionId: S2 }))).toEqual([S]);
  });
});
