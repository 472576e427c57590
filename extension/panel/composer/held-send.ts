/**
 * What the composer does while a session is being opened (a new one, or one loading from history):
 * the text typed meanwhile is the draft of the session coming, not of the one still on screen, and a
 * message sent meanwhile is held and goes to that session once it can take a prompt. If the opening
 * fails (or the user goes elsewhere), the held message is dropped and its text stays in the draft.
 * The first message, with no session yet, is held the same way while the panel asks for a session,
 * so a session that cannot be started (no provider set up) leaves the message in the box. So is a
 * message sent while the agent itself is still starting ("Starting goose…"): it goes to the session
 * the panel shows once the agent is ready, and stays in the box if the agent fails to start.
 */

import type { ConnectionState } from "../../state/connection/connection";
import type { AgentState, ClientState } from "../../state/sessions/client-state";

type Opening = ClientState["opening"];

/** Whose draft the composer edits: null is "no session yet", carried over to the new session when it opens. */
export function draftOwner(opening: Opening, activeSessionId: string | null): string | null {
  if (opening?.kind === "new") return null;
  if (opening?.kind === "load") return opening.sessionId;
  return activeSessionId;
}

/** A message sent while the session was opening: the session it waits for. */
export type HeldSend =
  /** `opening`: the number of the opening it waits for (ClientState's `openings` once it has begun). */
  | { kind: "new"; from: string | null; opening: number }
  | { kind: "load"; sessionId: string }
  /** Sent while the agent starts. `openings`: how many had begun then (the background opens one once it is ready). */
  | { kind: "start"; openings: number };

export interface OpeningNow {
  /** The agent is ready: a message held for an agent that went away is dropped. */
  ready: boolean;
  /** The agent is on its way (the host connecting, the agent starting or answering initialize). */
  starting: boolean;
  /** The ready agent will restore the session on screen (it loads sessions and has opened none yet). */
  restoring: boolean;
  opening: Opening;
  activeSessionId: string | null;
  /** The session on screen is still loading. */
  loading: boolean;
  /** How many openings have begun. */
  openings: number;
}

/**
 * The session a message sent now waits for: the one opening, the one on screen still loading, or
 * (`asked`: the panel has just asked for one) a new one.
 */
export function holdFor(now: OpeningNow, asked = false): HeldSend | null {
  if (now.opening?.kind === "new") return { kind: "new", from: now.activeSessionId, opening: now.openings };
  if (asked) return { kind: "new", from: now.activeSessionId, opening: now.openings + 1 };
  if (now.opening?.kind === "load") return { kind: "load", sessionId: now.opening.sessionId };
  return now.activeSessionId ? { kind: "load", sessionId: now.activeSessionId } : null;
}

/** Whether the held message goes now, waits, or is dropped because its session never came. */
export function settleHeld(held: HeldSend, now: OpeningNow): "wait" | "send" | "drop" {
  if (held.kind === "start") return settleStart(held.openings, now);
  if (!now.ready) return "drop";
  if (held.kind === "new") {
    if (now.opening?.kind === "new") return "wait";
    // Another session is being opened instead (a tab or History clicked meanwhile).
    if (now.opening !== null) return "drop";
    // Still the session of before: the opening failed (its error is shown), or has not begun yet.
    if (now.activeSessionId === held.from) return now.openings >= held.opening ? "drop" : "wait";
    // The tab it was sent beside was closed meanwhile.
    if (now.activeSessionId === null) return "drop";
    return now.loading ? "wait" : "send";
  }
  if (now.opening?.kind === "load" && now.opening.sessionId === held.sessionId) return "wait";
  if (now.opening !== null || now.activeSessionId !== held.sessionId) return "drop";
  return now.loading ? "wait" : "send";
}

/**
 * A message sent while the agent started: once it is ready, the background restores the session on
 * screen or opens one (openFirstSession), and the message waits for that; an opening that ended
 * without a session (no provider) leaves it in the box, as does an agent that failed to start.
 */
function settleStart(openings: number, now: OpeningNow): "wait" | "send" | "drop" {
  if (!now.ready) return now.starting ? "wait" : "drop";
  if (now.opening !== null || now.loading) return "wait";
  const opened = now.openings > openings;
  if (now.activeSessionId !== null) return now.restoring && !opened ? "wait" : "send";
  return opened ? "drop" : "wait";
}

/** Whether the agent is on its way rather than ready or down: what "Starting…" means to the user. */
export function agentStarting(connection: ConnectionState | null, phase: AgentState["phase"] | undefined): boolean {
  if (phase === "initializing") return true;
  if (phase !== undefined && phase !== "offline") return false;
  const link = connection?.link;
  if (!link || link.phase === "idle") return true;
  if (link.phase === "connecting") return !link.rechecking;
  if (link.phase !== "ready") return false;
  const state = connection.agent?.state;
  return state === undefined || state === "discovering" || state === "starting" || state === "running";
}
