/** The client state before any event, and the selectors that read it (extension/state/client-reducer/initial-state.ts, selectors.ts). */
import { describe, expect, it } from "vitest";
import { initialClientState, newSessionState } from "../../../../../extension/state/client-reducer/initial-state";
import { activeSession, pendingPermissionCount } from "../../../../../extension/state/client-reducer/selectors";
import { emptyEntries } from "../../../../../extension/state/conversation/entry-list";
import { emptyToolCalls } from "../../../../../extension/state/conversation/tool-call-map";
import { CWD, configOptions, modes, opened, permission, run, S, S2, withSession } from "../../../../helpers/client-reducer-fixtures";

describe("initial state and selectors", () => {
  it("starts offline with nothing open", () => {
    expect(initialClientState).toEqual({
      agent: { phase: "offline", info: null, capabilities: null, authMethods: [], error: null },
      activeSessionId: null,
      sessions: {},
      history: { items: [], loading: false, error: null },
      opening: null,
      openings: 0,
      lastError: null,
      elicitations: [],
      forks: {},
      queues: {},
      steer: { runIds: {}, refused: false },
      tabs: [],
    });
    expect(activeSession(initialClientState)).toBeNull();
    expect(pendingPermissionCount(initialClientState)).toBe(0);
  });

  it("newSessionState gives an idle, empty transcript with the given options", () => {
    expect(newSessionState(S, CWD, { title: "Hi", modes, configOptions, loading: true })).toEqual({
      sessionId: S,
      cwd: CWD,
      title: "Hi",
      updatedAt: null,
      entries: emptyEntries,
      toolCalls: emptyToolCalls,
      compactions: {},
      plan: null,
      usage: null,
      modes,
      configOptions,
      commands: [],
      permissions: [],
      turn: "idle",
      lastStop: null,
      loading: true,
      replaySeen: false,
      deniedToolCalls: [],
      error: null,
      seq: 0,
    });
    const bare = newSessionState(S, CWD);
    expect([bare.title, bare.modes, bare.configOptions, bare.loading]).toEqual([null, null, null, false]);
  });

  it("activeSession follows activeSessionId", () => {
    const s = withSession();
    expect(activeSession(s)).toBe(s.sessions[S]);
    const both = run(s, opened(S2));
    expect(activeSession(both)?.sessionId).toBe(S2);
    expect(activeSession(run(both, { type: "session_activated", sessionId: null }))).toBeNull();
  });

  it("pendingPermissionCount sums over every session", () => {
    const s = withSession(permission("1", "t1"), permission("2", "t2"), opened(S2), permission("3", "t3", S2));
    expect(pendingPermissionCount(s)).toBe(3);
    expect(pendingPermissionCount(run(s, { type: "permission_resolved", sessionId: S2, key: "3" }))).toBe(2);
  });
});
