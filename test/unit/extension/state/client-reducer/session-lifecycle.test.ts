/** Opening, loading, activating and closing sessions (extension/state/client-reducer/sessions/session-lifecycle.ts). */
import { describe, expect, it } from "vitest";
import type { ContentBlock } from "../../../../../extension/acp/schema";
import { initialClientState, newSessionState } from "../../../../../extension/state/client-reducer/initial-state";
import { entryArray } from "../../../../../extension/state/conversation/entry-list";
import { toolCallOf } from "../../../../../extension/state/conversation/tool-call-map";
import type { UiError } from "../../../../../extension/state/sessions/client-state";
import {
  agentChunk,
  CWD,
  configOptions,
  modes,
  offlineError,
  opened,
  ready,
  run,
  S,
  S2,
  session,
  shellToolCall,
  text,
  thoughtChunk,
  toolResult,
  upd,
  userChunk,
  withSession,
} from "../../../../helpers/client-reducer-fixtures";

describe("opening, activating and closing sessions", () => {
  it("session_opening sets opening, counts it and clears lastError; the same opening again changes nothing", () => {
    const failed = run(initialClientState, ready, { type: "session_open_failed", error: offlineError });
    const s = run(failed, { type: "session_opening", open: { kind: "new" } });
    expect(s.opening).toEqual({ kind: "new" });
    expect(s.openings).toBe(1);
    expect(s.lastError).toBeNull();
    expect(run(s, { type: "session_opening", open: { kind: "new" } })).toBe(s);
    const load = run(s, { type: "session_opening", open: { kind: "load", sessionId: S } });
    expect(load.opening).toEqual({ kind: "load", sessionId: S });
    expect(load.openings).toBe(2);
    expect(run(load, { type: "session_opening", open: { kind: "load", sessionId: S2 } }).opening).toEqual({
      kind: "load",
      sessionId: S2,
    });
  });

  it("session_opened (new) creates an active empty session with the agent's modes and options", () => {
    const s = run(
      initialClientState,
      ready,
      { type: "session_opening", open: { kind: "new" } },
      {
        type: "session_opened",
        sessionId: S,
        cwd: CWD,
        loading: false,
        modes,
        configOptions,
        title: "Reading example.com",
      },
    );
    expect(s.opening).toBeNull();
    expect(s.activeSessionId).toBe(S);
    expect(session(s)).toEqual(newSessionState(S, CWD, { modes, configOptions, title: "Reading example.com" }));
  });

  it("session_opened (load) keeps opening until session_loaded, which takes modes and options", () => {
    const s = run(initialClientState, ready, { type: "session_opening", open: { kind: "load", sessionId: S } }, opened(S, true));
    expect(s.opening).toEqual({ kind: "load", sessionId: S });
    expect(session(s).loading).toBe(true);
    const loaded = run(s, { type: "session_loaded", sessionId: S, modes, configOptions });
    expect(loaded.opening).toBeNull();
    expect(session(loaded).loading).toBe(false);
    expect(session(loaded).modes).toEqual(modes);
    expect(session(loaded).configOptions).toEqual(configOptions);
  });

  it("session_loaded without modes/options keeps the ones already known; null clears them", () => {
    const s = run(initialClientState, ready, { type: "session_opened", sessionId: S, cwd: CWD, loading: true, modes, configOptions });
    const kept = run(s, { type: "session_loaded", sessionId: S });
    expect(session(kept).modes).toEqual(modes);
    expect(session(kept).configOptions).toEqual(configOptions);
    const cleared = run(s, { type: "session_loaded", sessionId: S, modes: null, configOptions: null });
    expect(session(cleared).modes).toBeNull();
    expect(session(cleared).configOptions).toBeNull();
  });

  it("session_loaded for a session no longer held still clears opening", () => {
    const s = run(initialClientState, ready, { type: "session_opening", open: { kind: "load", sessionId: S } });
    const loaded = run(s, { type: "session_loaded", sessionId: S });
    expect(loaded.opening).toBeNull();
    expect(loaded.sessions).toBe(s.sessions);
  });

  it("session_opened clears lastError", () => {
    const s = run(initialClientState, ready, { type: "session_open_failed", error: offlineError }, opened());
    expect(s.lastError).toBeNull();
  });

  it("session_open_failed without a session puts the error in lastError", () => {
    const error: UiError = { title: "Could not start a session", message: "invalid directory path", code: -32602 };
    const s = run(initialClientState, ready, { type: "session_opening", open: { kind: "new" } }, { type: "session_open_failed", error });
    expect(s.opening).toBeNull();
    expect(s.lastError).toEqual(error);
    const unknown = run(initialClientState, { type: "session_open_failed", sessionId: "nope", error });
    expect(unknown.lastError).toEqual(error);
  });

  it("session_open_failed for a loading session puts the error on it and stops loading", () => {
    const error: UiError = { title: "Could not load", message: "Resource not found", code: -32002 };
    const s = run(initialClientState, ready, { type: "session_opening", open: { kind: "load", sessionId: S } }, opened(S, true), {
      type: "session_open_failed",
      sessionId: S,
      error,
    });
    expect(s.opening).toBeNull();
    expect(s.lastError).toBeNull();
    expect(session(s).error).toEqual(error);
    expect(session(s).loading).toBe(false);
  });

  it("session_activated switches between held sessions and ignores unknown ids", () => {
    const s = withSession(opened(S2));
    expect(s.activeSessionId).toBe(S2);
    const back = run(s, { type: "session_activated", sessionId: S });
    expect(back.activeSessionId).toBe(S);
    expect(back.sessions).toBe(s.sessions);
    expect(run(back, { type: "session_activated", sessionId: S })).toBe(back);
    expect(run(back, { type: "session_activated", sessionId: "nope" })).toBe(back);
    expect(run(back, { type: "session_activated", sessionId: null }).activeSessionId).toBeNull();
  });

  it("session_closed removes the session and clears active only when it was active", () => {
    const s = withSession(opened(S2));
    const closedActive = run(s, { type: "session_closed", sessionId: S2 });
    expect(Object.keys(closedActive.sessions)).toEqual([S]);
    expect(closedActive.activeSessionId).toBeNull();
    const closedOther = run(s, { type: "session_closed", sessionId: S });
    expect(Object.keys(closedOther.sessions)).toEqual([S2]);
    expect(closedOther.activeSessionId).toBe(S2);
    expect(closedOther.sessions[S2]).toBe(s.sessions[S2]);
    expect(run(s, { type: "session_closed", sessionId: "nope" })).toBe(s);
  });
});

describe("session/load replay", () => {
  it("builds the transcript from replayed updates, then session_loaded finishes it", () => {
    const resource: ContentBlock = { type: "resource", resource: { uri: "https://example.com/a", mimeType: "text/plain", text: "sel" } };
    const s = run(
      initialClientState,
      ready,
      { type: "session_opening", open: { kind: "load", sessionId: S } },
      opened(S, true),
      upd(userChunk(text("Summarize"), "u1")),
      upd(userChunk(resource, "u1")),
      upd(thoughtChunk("Reading the selection", "a1")),
      upd(agentChunk("I'll list the files.", "a1")),
      upd(shellToolCall("t1", "ls")),
      upd(toolResult("t1", "a.txt\nb.txt")),
      upd(agentChunk("There are two files.", "a1")),
      upd(userChunk(text("Thanks"), "u2")),
      upd(agentChunk("You're welcome.", "a2")),
      { type: "session_loaded", sessionId: S, modes, configOptions },
      upd({ sessionUpdate: "usage_update", used: 900, size: 128000 }),
      upd({ sessionUpdate: "available_commands_update", availableCommands: [{ name: "compact", description: "Compact" }] }),
    );
    const a = session(s);
    expect(entryArray(a.entries)).toEqual([
      { kind: "user", id: "e1", messageId: "u1", content: [text("Summarize"), resource] },
      { kind: "thought", id: "e2", messageId: "a1", text: "Reading the selection", attachments: [] },
      { kind: "agent", id: "e3", messageId: "a1", text: "I'll list the files.", attachments: [] },
      { kind: "tool", id: "t1" },
      { kind: "agent", id: "e4", messageId: "a1", text: "There are two files.", attachments: [] },
      { kind: "user", id: "e5", messageId: "u2", content: [text("Thanks")] },
      { kind: "agent", id: "e6", messageId: "a2", text: "You're welcome.", attachments: [] },
    ]);
    expect(toolCallOf(a.toolCalls, "t1")?.status).toBe("completed");
    expect(a.seq).toBe(6);
    expect(a.loading).toBe(false);
    expect(a.turn).toBe("idle");
    expect(a.modes).toEqual(modes);
    expect(a.usage).toEqual({ used: 900, size: 128000 });
    expect(a.commands).toHaveLength(1);
    expect(s.opening).toBeNull();
    expect(s.activeSessionId).toBe(S);
  });
});
