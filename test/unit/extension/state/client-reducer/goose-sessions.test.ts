/** goose's session controls in the state (client-reducer/sessions/goose-sessions.ts): served controls, rename, archive, folder. */
import { describe, expect, it } from "vitest";
import { initialClientState } from "../../../../../extension/state/client-reducer/initial-state";
import { archivedAt, offersGoose } from "../../../../../extension/state/connection/goose-controls";
import { CWD, opened, ready, run, S, S2 } from "../../../../helpers/client-reducer-fixtures";

const listed = {
  type: "history_loaded" as const,
  items: [
    { sessionId: S, cwd: CWD, title: "goose's title", _meta: { userSetName: false } },
    { sessionId: S2, cwd: CWD, title: "other" },
  ],
};

describe("goose's session controls in the state", () => {
  it("offers a control only while the agent that serves it is ready; a new agent starts with none", () => {
    const s = run(initialClientState, ready, { type: "agent_serves_goose", controls: ["rename"] });
    expect(offersGoose(s.agent, "rename")).toBe(true);
    expect(offersGoose(s.agent, "archive")).toBe(false);
    expect(offersGoose(run(s, { type: "agent_initializing" }).agent, "rename")).toBe(false);
    expect(offersGoose(run(s, { type: "agent_offline", error: null }).agent, "rename")).toBe(false);
    expect(run(initialClientState, { type: "agent_serves_goose", controls: ["rename"] })).toBe(initialClientState);
  });

  it("a rename names the History item (as the user's), the session in memory and its tab; a session not listed keeps its place", () => {
    const s = run(initialClientState, ready, opened(S), listed, { type: "session_renamed", sessionId: S, title: "Mine" });
    expect(s.history.items[0]).toEqual({ sessionId: S, cwd: CWD, title: "Mine", _meta: { userSetName: true } });
    expect(s.history.items[1]?.title).toBe("other");
    expect(s.sessions[S]?.title).toBe("Mine");
    expect(s.tabs.find((t) => t.sessionId === S)?.title).toBe("Mine");
  });

  it("a fork the user renamed keeps the user's name over the panel's “Fork of …”, in History and in goose's later titles", () => {
    const relation = { parentId: S2, parentTitle: "other", at: 1, how: "from" as const, note: null };
    const forked = run(initialClientState, ready, { type: "forks_known", forks: { [S]: relation } }, listed);
    expect(forked.history.items[0]?.title).toBe("Fork of “other”");
    const renamed = run(forked, opened(S), { type: "session_renamed", sessionId: S, title: "Mine" });
    const relisted = run(renamed, { ...listed, items: [{ ...listed.items[0]!, title: "Mine", _meta: { userSetName: true } }] });
    expect(relisted.history.items[0]?.title).toBe("Mine");
    const info = run(relisted, {
      type: "session_update",
      sessionId: S,
      update: { sessionUpdate: "session_info_update", title: "Mine", _meta: { userSetName: true } },
    });
    expect(info.sessions[S]?.title).toBe("Mine");
  });

  it("archive marks the item with goose's time, unarchive takes the mark away and keeps the rest", () => {
    const archived = run(initialClientState, ready, listed, { type: "session_archived", sessionId: S, archivedAt: "2026-12-02T03:30:39Z" });
    expect(archivedAt(archived.history.items[0]!)).toBe("2026-12-02T03:30:39Z");
    const back = run(archived, { type: "session_archived", sessionId: S, archivedAt: null });
    expect(back.history.items[0]).toEqual(listed.items[0]);
  });

  it("a folder change moves the session in memory and its History item", () => {
    const s = run(initialClientState, ready, opened(S), listed, { type: "session_folder_changed", sessionId: S, cwd: "/elsewhere" });
    expect(s.sessions[S]?.cwd).toBe("/elsewhere");
    expect(s.history.items[0]?.cwd).toBe("/elsewhere");
    expect(s.history.items[1]?.cwd).toBe(CWD);
  });
});
