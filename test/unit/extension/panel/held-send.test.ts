/**
 * A message sent while a session opens (extension/panel/composer/held-send.ts), stepped through the client
 * reducer's own events as the background dispatches them for a new session, a load, and the first
 * message of all (the panel asks for the session), and one sent while the agent itself starts.
 */
import { describe, expect, it } from "vitest";
import {
  agentStarting,
  draftOwner,
  type HeldSend,
  holdFor,
  type OpeningNow,
  settleHeld,
} from "../../../../extension/panel/composer/held-send";
import { initialClientState } from "../../../../extension/state/client-reducer/initial-state";
import { initialConnectionState, reduceConnection } from "../../../../extension/state/connection/connection";
import type { ClientEvent, ClientState } from "../../../../extension/state/sessions/client-state";
import { offlineError, opened, ready, run, S, S2, withSession } from "../../../helpers/client-reducer-fixtures";

const now = (c: ClientState): OpeningNow => ({
  ready: c.agent.phase === "ready",
  starting: c.agent.phase === "initializing",
  restoring: c.agent.phase === "ready" && !c.agent.sessionOpened && !!c.agent.capabilities?.loadSession,
  opening: c.opening,
  activeSessionId: c.activeSessionId,
  loading: c.activeSessionId ? (c.sessions[c.activeSessionId]?.loading ?? false) : false,
  openings: c.openings,
});
const openingNew: ClientEvent = { type: "session_opening", open: { kind: "new" } };
const openingLoad = (sessionId: string): ClientEvent => ({ type: "session_opening", open: { kind: "load", sessionId } });
const loaded = (sessionId: string): ClientEvent => ({ type: "session_loaded", sessionId });
const failed: ClientEvent = { type: "session_open_failed", error: offlineError };
const owner = (c: ClientState) => draftOwner(c.opening, c.activeSessionId);

/** The held message's fate after each event, from the state where it was held. */
function fates(from: ClientState, held: HeldSend, ...events: ClientEvent[]): string[] {
  let state = from;
  return events.map((e) => {
    state = run(state, e);
    return settleHeld(held, now(state));
  });
}

describe("a message sent while a new session opens", () => {
  it("is the new session's draft from the click on, and goes to it once its setup is done", () => {
    const onA = run(withSession(), openingNew);
    expect(owner(onA)).toBeNull(); // not S's draft
    const held = holdFor(now(onA))!;
    expect(held).toMatchObject({ kind: "new", from: S });
    // Opened but held as loading until its mode is set, then loaded.
    expect(fates(onA, held, opened(S2, true), loaded(S2))).toEqual(["wait", "send"]);
    expect(owner(run(onA, opened(S2, true), loaded(S2)))).toBe(S2);
  });

  it("is dropped when the opening fails (the session of before is back): its text stays in the draft", () => {
    const onA = run(withSession(), openingNew);
    expect(fates(onA, holdFor(now(onA))!, failed)).toEqual(["drop"]);
    // With no session before, likewise.
    const none = run(initialClientState, ready, openingNew);
    expect(none.activeSessionId).toBeNull();
    expect(fates(none, holdFor(now(none))!, failed)).toEqual(["drop"]);
  });

  it("is dropped when another session is opened instead, the tab is closed, or the agent goes away", () => {
    const onA = run(withSession(), openingNew);
    const held = holdFor(now(onA))!;
    expect(settleHeld(held, { ...now(onA), opening: { kind: "load", sessionId: S2 } })).toBe("drop");
    expect(settleHeld(held, { ...now(onA), opening: null, activeSessionId: null })).toBe("drop");
    expect(settleHeld(held, { ...now(onA), ready: false })).toBe("drop");
  });
});

describe("the first message, with no session yet", () => {
  it("waits while the panel's request is on its way, then through the opening, and goes to the new session", () => {
    const none = run(initialClientState, ready);
    const held = holdFor(now(none), true)!;
    expect(held).toEqual({ kind: "new", from: null, opening: 1 });
    expect(settleHeld(held, now(none))).toBe("wait"); // the background has not begun
    expect(fates(none, held, openingNew, opened(S, true), loaded(S))).toEqual(["wait", "wait", "send"]);
    // The whole opening in one batch of events: the same.
    expect(settleHeld(held, now(run(none, openingNew, opened(S, true), loaded(S))))).toBe("send");
  });

  it("stays in the box when the session cannot be started, also when it failed once before", () => {
    const none = run(initialClientState, ready, openingNew, failed);
    expect(none.lastError).not.toBeNull();
    const held = holdFor(now(none), true)!;
    expect(settleHeld(held, now(none))).toBe("wait");
    expect(fates(none, held, openingNew, failed)).toEqual(["wait", "drop"]);
    expect(settleHeld(held, now(run(none, openingNew, failed)))).toBe("drop"); // one batch
  });
});

describe("a message sent while a session loads", () => {
  it("waits through the load and its replay, and goes to that session", () => {
    const onA = run(withSession(), openingLoad(S2));
    expect(owner(onA)).toBe(S2);
    const held = holdFor(now(onA))!;
    expect(held).toEqual({ kind: "load", sessionId: S2 });
    expect(fates(onA, held, opened(S2, true), loaded(S2))).toEqual(["wait", "send"]);
  });

  it("is dropped when the load fails or the user goes back", () => {
    const onA = run(withSession(), openingLoad(S2));
    const held = holdFor(now(onA))!;
    expect(fates(onA, held, failed)).toEqual(["drop"]);
    expect(settleHeld(held, { ...now(onA), opening: null, activeSessionId: S })).toBe("drop");
  });

  it("no session and nothing opening: nothing to hold for unless the panel asks", () => {
    const none = run(initialClientState, ready);
    expect(holdFor(now(none))).toBeNull();
    expect(owner(none)).toBeNull();
    expect(owner(withSession())).toBe(S);
  });
});

describe("a message sent while the agent starts", () => {
  const initializing: ClientEvent = { type: "agent_initializing" };
  const agentFailed: ClientEvent = { type: "agent_failed", error: offlineError };

  it("waits for the agent, then for the session the background opens at start, and goes to it", () => {
    const starting = run(initialClientState, initializing);
    const held: HeldSend = { kind: "start", openings: starting.openings };
    // Ready, nothing opening yet: the background's openFirstSession is on its way.
    expect(fates(starting, held, ready, openingNew, opened(S, true), loaded(S))).toEqual(["wait", "wait", "wait", "send"]);
  });

  it("waits for the session on screen to be restored, and goes to it", () => {
    const starting = run(withSession(), initializing);
    const held: HeldSend = { kind: "start", openings: starting.openings };
    expect(fates(starting, held, ready, openingLoad(S), opened(S, true), loaded(S))).toEqual(["wait", "wait", "wait", "send"]);
  });

  it("stays in the box when the agent fails to start, or its first session cannot be opened", () => {
    const starting = run(initialClientState, initializing);
    const held: HeldSend = { kind: "start", openings: starting.openings };
    expect(fates(starting, held, agentFailed)).toEqual(["drop"]);
    expect(fates(starting, held, ready, openingNew, failed)).toEqual(["wait", "wait", "drop"]);
  });

  it("is starting while the host connects and the agent is found, started and initialized; not once it is down", () => {
    const conn = (...events: Parameters<typeof reduceConnection>[1][]) => events.reduce(reduceConnection, initialConnectionState);
    expect(agentStarting(null, undefined)).toBe(true);
    expect(agentStarting(conn({ type: "connecting" }), "offline")).toBe(true);
    expect(agentStarting(initialConnectionState, "initializing")).toBe(true);
    expect(agentStarting(initialConnectionState, "ready")).toBe(false);
    expect(agentStarting(initialConnectionState, "failed")).toBe(false);
    const down = conn({ type: "disconnected", reason: { cause: "host_not_installed", message: "" } as never });
    expect(agentStarting(down, "offline")).toBe(false);
  });
});
