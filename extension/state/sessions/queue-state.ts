/**
 * The messages the user queued while a turn ran, per session: plain data in ClientState (so panels
 * see the background's queue and storage can keep it), changed only by client-reducer/queue.ts.
 */
import type { ContentBlock } from "../../acp/schema";

export interface QueuedMessage {
  /** Made by the background when the message is queued (unique; survives a restart in storage). */
  id: string;
  content: ContentBlock[];
}

/**
 * Why the queue waits instead of sending its next message when the turn ends: the user stopped the
 * turn, the turn failed, or the agent (or the extension's background) restarted. Send resumes it.
 */
export type QueueHold = "stopped" | "error" | "restarted";

export interface SessionQueue {
  /** Oldest first: the first goes out next. */
  items: QueuedMessage[];
  hold: QueueHold | null;
}

/** Queues by session id; a session without queued messages has no key. */
export type QueueSlice = Record<string, SessionQueue>;

export type QueueEvent =
  /** Send pressed while a turn runs: the message waits for the turn to end. */
  | { type: "queue_added"; sessionId: string; id: string; content: ContentBlock[] }
  | { type: "queue_edited"; sessionId: string; id: string; content: ContentBlock[] }
  | { type: "queue_removed"; sessionId: string; id: string }
  /** Moves the message to position `to` (0: next to go). */
  | { type: "queue_moved"; sessionId: string; id: string; to: number }
  /** The queue goes on after a hold (its Send button). */
  | { type: "queue_resumed"; sessionId: string }
  /**
   * The message leaves the queue and starts the next turn, in one step, before its prompt is sent:
   * once this is stored the message can never go out again (never sent twice).
   */
  | { type: "queue_sent"; sessionId: string; id: string; at?: number }
  /** The message leaves the queue to be added to the running turn (steered); `steer_added` follows. */
  | { type: "queue_taken"; sessionId: string; id: string }
  /** A taken message could not be steered: it goes back to the front. */
  | { type: "queue_returned"; sessionId: string; message: QueuedMessage }
  /** The agent took a message into its running turn: it shows where it went in. */
  | { type: "steer_added"; sessionId: string; content: ContentBlock[]; messageId?: string }
  /** The background started again with queues it had stored: they wait for the user's Send. */
  | { type: "queue_restored"; queues: QueueSlice }
  /** The agent refused goose's steer method (an older goose, or another agent): no more steering on it. */
  | { type: "steer_refused" };

export const emptyQueues: QueueSlice = {};

/** What steering needs to know beyond the agent's capabilities (client-reducer/steering.ts). */
export interface SteerState {
  /** goose's id of the run each session has going (`_meta.goose.activeRunId`): its steer names it. */
  runIds: Record<string, string>;
  /** This agent process answered the steer method "not found". */
  refused: boolean;
}

export const initialSteerState: SteerState = { runIds: {}, refused: false };
