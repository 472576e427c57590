// First: installs the fake browser the storage modules read when they load.
import "../../../helpers/dom/fake-browser";

import { describe, expect, it } from "vitest";
import { dueSessions, forget, newDocs } from "../../../../extension/search/index-plan";
import type { EntryList } from "../../../../extension/state/conversation/entry-list";
import type { ClientState, SessionState } from "../../../../extension/state/sessions/client-state";
import { EMPTY_REGISTRY } from "../../../../extension/storage/search-sessions";
import { agentChunk, opened, promptSent, run, S, S2, upd, withSession } from "../../../helpers/client-reducer-fixtures";

const finished = (sessionId = S) => ({ type: "prompt_finished", sessionId, stopReason: "end_turn" }) as const;
const loaded = (sessionId = S) => ({ type: "session_loaded", sessionId }) as const;
const due = (state: ClientState, seen = new Map<string, EntryList>()) => dueSessions(state.sessions, seen).map((s) => s.sessionId);

describe("when a session's text is indexed", () => {
  it("waits for the turn to end: a message is indexed whole, never chunk by chunk", () => {
    const running = withSession(promptSent("hi"), upd(agentChunk("part")));
    expect(due(running)).toEqual([]);
    expect(due(run(running, finished()))).toEqual([S]);
  });

  it("waits for a session/load replay to finish", () => {
    const replaying = run(withSession(), opened(S2, true), upd(agentChunk("old answer"), S2));
    expect(due(replaying)).toEqual([S]);
    expect(due(run(replaying, loaded(S2)))).toEqual([S, S2]);
  });

  it("skips a session whose transcript is the one it last looked at, and takes it again once it changed", () => {
    const first = withSession(promptSent("one"), finished());
    const seen = new Map([[S, first.sessions[S]!.entries]]);
    expect(due(first, seen)).toEqual([]);
    const later = run(first, promptSent("two"), upd(agentChunk("answer")), finished());
    expect(due(later, seen)).toEqual([S]);
  });
});

describe("what the index gets", () => {
  const session = (state: ClientState): SessionState => state.sessions[S]!;

  it("numbers a new session and counts its documents", () => {
    const step = newDocs(session(withSession(promptSent("one"), upd(agentChunk("a")), finished())), EMPTY_REGISTRY)!;
    expect(step.key).toBe(1);
    expect(step.docs.map((d) => d.text)).toEqual(["one", "a"]);
    expect(step.registry).toEqual({ next: 2, sessions: { [S]: { key: 1, docs: 2 } } });
  });

  it("adds only what a known session did not have (a panel opened later, a turn ended)", () => {
    const registry = { next: 8, sessions: { [S]: { key: 7, docs: 2 } } };
    const state = withSession(promptSent("one"), upd(agentChunk("a")), finished(), promptSent("two"), upd(agentChunk("b")), finished());
    const step = newDocs(session(state), registry)!;
    expect(step.key).toBe(7);
    expect(step.docs.map((d) => [d.n, d.text])).toEqual([
      [2, "two"],
      [3, "b"],
    ]);
    expect(step.registry).toEqual({ next: 8, sessions: { [S]: { key: 7, docs: 4 } } });
    expect(newDocs(session(state), step.registry)).toBeNull();
  });

  it("forgets a deleted session, saying which documents go", () => {
    const registry = { next: 3, sessions: { [S]: { key: 1, docs: 5 }, [S2]: { key: 2, docs: 1 } } };
    expect(forget(registry, S)).toEqual({ key: 1, docs: 5, registry: { next: 3, sessions: { [S2]: { key: 2, docs: 1 } } } });
    expect(forget(registry, "unknown")).toBeNull();
  });
});
