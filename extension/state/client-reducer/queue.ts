/**
 * The message queue: what the user sent while a turn ran, and the rules for when it goes on.
 * A turn that ends normally lets the next message go (the background sends it, `nextQueued`);
 * a turn the user stopped, a turn that failed, and an agent that went away hold the queue until
 * the user presses Send (`queue_resumed`), and say so. Taking a message out for its turn is one
 * event (`queue_sent`), so a stored queue never holds a message that already went out.
 */

import { findEntry, replaceEntry } from "../conversation/entry-list";
import type { ClientEvent, ClientState, Entry, SessionState, UserEntry } from "../sessions/client-state";
import type { QueuedMessage, QueueEvent, QueueHold, QueueSlice, SessionQueue } from "../sessions/queue-state";
import { promptSent } from "./prompt-turn";
import { appendEntry, updateSession } from "./structural-sharing";

export function reduceQueue(state: ClientState, event: QueueEvent): ClientState {
  switch (event.type) {
    case "queue_added":
      return withQueue(state, event.sessionId, (q) =>
        q.items.some((m) => m.id === event.id) ? q : { ...q, items: [...q.items, { id: event.id, content: event.content }] },
      );
    case "queue_edited":
      return withQueue(state, event.sessionId, (q) => mapItem(q, event.id, (m) => ({ ...m, content: event.content })));
    case "queue_removed":
    case "queue_taken":
      return withQueue(state, event.sessionId, (q) => withoutItem(q, event.id));
    case "queue_moved":
      return withQueue(state, event.sessionId, (q) => moveItem(q, event.id, event.to));
    case "queue_resumed":
      return withQueue(state, event.sessionId, (q) => (q.hold === null ? q : { ...q, hold: null }));
    case "queue_returned":
      return withQueue(state, event.sessionId, (q) =>
        q.items.some((m) => m.id === event.message.id) ? q : { ...q, items: [event.message, ...q.items] },
      );
    case "queue_sent":
      return queueSent(state, event.sessionId, event.id, event.at);
    case "steer_added":
      return updateSession(state, event.sessionId, (s) => {
        // goose may echo the message (same messageId) before its answer to the steer is read: that echo is it.
        const echo = (e: Entry) => e.kind === "user" && event.messageId !== undefined && e.messageId === event.messageId;
        if (findEntry(s.entries, echo))
          return { ...s, entries: replaceEntry(s.entries, echo, (e) => ({ ...(e as UserEntry), content: event.content, steered: true })) };
        return appendEntry(s, (id) => ({
          kind: "user",
          id,
          content: event.content,
          steered: true,
          ...(event.messageId === undefined ? {} : { messageId: event.messageId }),
        }));
      });
    case "queue_restored":
      return restored(state, event.queues);
    case "steer_refused":
      return state.steer.refused ? state : { ...state, steer: { ...state.steer, refused: true } };
  }
}

/** The head of the queue leaves it and its turn starts; sending it clears a hold (the user asked for it). */
function queueSent(state: ClientState, sessionId: string, id: string, at: number | undefined): ClientState {
  const queue = state.queues[sessionId];
  const message = queue?.items.find((m) => m.id === id);
  const session = state.sessions[sessionId];
  if (!queue || !message || !session || session.turn !== "idle") return state;
  const rest = withoutItem({ ...queue, hold: null }, id);
  return {
    ...updateSession(state, sessionId, (s) => promptSent(s, message.content, at)),
    queues: setQueue(state.queues, sessionId, rest),
  };
}

/**
 * Queues the background had stored when it started again: whatever turn they waited for is gone
 * with the old background, so they wait for the user. Messages already here (none, normally) win.
 */
function restored(state: ClientState, stored: QueueSlice): ClientState {
  let queues = state.queues;
  for (const [sessionId, queue] of Object.entries(stored)) {
    if (queues[sessionId] || queue.items.length === 0) continue;
    queues = setQueue(queues, sessionId, { items: queue.items, hold: "restarted" });
  }
  return queues === state.queues ? state : { ...state, queues };
}

/**
 * The queue rules that follow from other events: a turn that ends stopped, failed, or with the
 * agent gone holds its session's queue. Called after the event's own handling with the state
 * before and after it.
 */
export function holdQueues(before: ClientState, after: ClientState, event: ClientEvent): ClientState {
  const hold = holdFor(event);
  if (hold === undefined) return after;
  let queues = after.queues;
  for (const [sessionId, queue] of Object.entries(after.queues)) {
    if (queue.items.length === 0 || queue.hold !== null) continue;
    const was = before.sessions[sessionId];
    const now = after.sessions[sessionId];
    // Only a turn that ended now; an agent going away also holds a queue between turns.
    const ended = was !== undefined && now !== undefined && was.turn !== "idle" && now.turn === "idle";
    const reason = hold === "agent" ? "restarted" : ended ? turnHold(was, now, hold) : null;
    if (reason === null) continue;
    queues = setQueue(queues, sessionId, { ...queue, hold: reason });
  }
  return queues === after.queues ? after : { ...after, queues };
}

type HoldCause = "finished" | "failed" | "agent";

function holdFor(event: ClientEvent): HoldCause | undefined {
  switch (event.type) {
    case "prompt_finished":
      return "finished";
    case "prompt_failed":
      return "failed";
    case "agent_initializing":
    case "agent_offline":
    case "agent_failed":
    case "agent_unsupported":
      return "agent";
    default:
      return undefined;
  }
}

/** A stopped turn (the user's Stop, or the agent's own cancel) or a failed one holds; a normal end does not. */
function turnHold(was: SessionState, now: SessionState, cause: HoldCause): QueueHold | null {
  if (was.turn === "cancelling" || now.lastStop === "cancelled") return "stopped";
  return cause === "failed" ? "error" : null;
}

/** The message the background should send now in this session, if any: its turn ended normally. */
export function nextQueued(state: ClientState, sessionId: string): QueuedMessage | null {
  const queue = state.queues[sessionId];
  const session = state.sessions[sessionId];
  if (!queue || queue.hold !== null || queue.items.length === 0) return null;
  if (state.agent.phase !== "ready" || !session || session.turn !== "idle" || session.loading) return null;
  return queue.items[0] ?? null;
}

export function queueOf(state: ClientState, sessionId: string | null): SessionQueue | null {
  return sessionId === null ? null : (state.queues[sessionId] ?? null);
}

function withQueue(state: ClientState, sessionId: string, change: (queue: SessionQueue) => SessionQueue): ClientState {
  const queue = state.queues[sessionId] ?? { items: [], hold: null };
  const next = change(queue);
  if (next === queue) return state;
  return { ...state, queues: setQueue(state.queues, sessionId, next) };
}

/** An emptied queue leaves the slice, hold and all: nothing waits, so there is nothing to say. */
function setQueue(queues: QueueSlice, sessionId: string, queue: SessionQueue): QueueSlice {
  if (queue.items.length === 0) {
    if (!queues[sessionId]) return queues;
    const { [sessionId]: _gone, ...rest } = queues;
    return rest;
  }
  return { ...queues, [sessionId]: queue };
}

function mapItem(queue: SessionQueue, id: string, change: (m: QueuedMessage) => QueuedMessage): SessionQueue {
  const index = queue.items.findIndex((m) => m.id === id);
  if (index < 0) return queue;
  const items = queue.items.slice();
  items[index] = change(items[index]!);
  return { ...queue, items };
}

function withoutItem(queue: SessionQueue, id: string): SessionQueue {
  const items = queue.items.filter((m) => m.id !== id);
  return items.length === queue.items.length ? queue : { ...queue, items };
}

function moveItem(queue: SessionQueue, id: string, to: number): SessionQueue {
  const from = queue.items.findIndex((m) => m.id === id);
  const target = Math.max(0, Math.min(queue.items.length - 1, Math.trunc(to)));
  if (from < 0 || from === target || !Number.isFinite(to)) return queue;
  const items = queue.items.slice();
  const [item] = items.splice(from, 1);
  items.splice(target, 0, item!);
  return { ...queue, items };
}
