/** The message queue's ordering rules (extension/state/client-reducer/queue.ts). */
import { describe, expect, it } from "vitest";
import { nextQueued } from "../../../../../extension/state/client-reducer/queue";
import type { ClientEvent, ClientState, UiError } from "../../../../../extension/state/sessions/client-state";
import { entries, offlineError, promptSent, run, S, S2, session, text, withSession } from "../../../../helpers/client-reducer-fixtures";

const queued = (id: string, t = id, sessionId = S): ClientEvent => ({ type: "queue_added", sessionId, id, content: [text(t)] });
const ids = (state: ClientState, sessionId = S) => state.queues[sessionId]?.items.map((m) => m.id) ?? [];
const hold = (state: ClientState, sessionId = S) => state.queues[sessionId]?.hold ?? null;
const error: UiError = { title: "Prompt failed", message: "Error in agent response stream: boom", code: -32603 };

/** A running turn with three messages queued behind it. */
const busyWithThree = () => withSession(promptSent("long"), queued("a"), queued("b"), queued("c"));

describe("the message queue", () => {
  it("keeps queued messages in order, each editable, removable and movable", () => {
    let s = busyWithThree();
    expect(ids(s)).toEqual(["a", "b", "c"]);
    s = run(s, { type: "queue_edited", sessionId: S, id: "b", content: [text("b, edited")] });
    expect(s.queues[S]!.items[1]!.content).toEqual([text("b, edited")]);
    s = run(s, { type: "queue_moved", sessionId: S, id: "c", to: 0 });
    expect(ids(s)).toEqual(["c", "a", "b"]);
    s = run(s, { type: "queue_moved", sessionId: S, id: "c", to: 99 });
    expect(ids(s)).toEqual(["a", "b", "c"]);
    s = run(s, { type: "queue_removed", sessionId: S, id: "a" });
    expect(ids(s)).toEqual(["b", "c"]);
    // Nothing to change gives back the same state (no broadcast).
    expect(run(s, { type: "queue_removed", sessionId: S, id: "gone" })).toBe(s);
    expect(run(s, queued("b"))).toBe(s);
    expect(run(s, { type: "queue_moved", sessionId: S, id: "b", to: 0 })).toBe(s);
  });

  it("sends nothing while the turn runs; when it ends normally the first message may go, and sending it takes it out and starts its turn in one step", () => {
    let s = busyWithThree();
    expect(nextQueued(s, S)).toBeNull();
    s = run(s, { type: "prompt_finished", sessionId: S, stopReason: "end_turn" });
    expect(hold(s)).toBeNull();
    expect(nextQueued(s, S)?.id).toBe("a");
    s = run(s, { type: "queue_sent", sessionId: S, id: "a" });
    expect(ids(s)).toEqual(["b", "c"]);
    expect(session(s).turn).toBe("running");
    expect(entries(s).at(-1)).toMatchObject({ kind: "user", content: [text("a")] });
    // Never twice: the message is gone, and a second send of it changes nothing.
    expect(run(s, { type: "queue_sent", sessionId: S, id: "a" })).toBe(s);
    expect(nextQueued(s, S)).toBeNull();
    // The last one leaves no queue behind.
    s = run(s, { type: "prompt_finished", sessionId: S, stopReason: "end_turn" }, { type: "queue_sent", sessionId: S, id: "b" });
    s = run(s, { type: "prompt_finished", sessionId: S, stopReason: "end_turn" }, { type: "queue_sent", sessionId: S, id: "c" });
    expect(s.queues[S]).toBeUndefined();
  });

  it("does not start a queued message's turn while another runs (a late send changes nothing)", () => {
    const s = busyWithThree();
    expect(run(s, { type: "queue_sent", sessionId: S, id: "a" })).toBe(s);
  });

  it("holds the queue when the user stopped the turn, and says why; Send goes on", () => {
    let s = run(
      busyWithThree(),
      { type: "cancel_requested", sessionId: S },
      { type: "prompt_finished", sessionId: S, stopReason: "end_turn" },
    );
    expect(session(s).lastStop).toBe("cancelled");
    expect(hold(s)).toBe("stopped");
    expect(nextQueued(s, S)).toBeNull();
    s = run(s, { type: "queue_resumed", sessionId: S });
    expect(hold(s)).toBeNull();
    expect(nextQueued(s, S)?.id).toBe("a");
  });

  it("holds the queue when the agent itself cancelled the turn", () => {
    const s = run(busyWithThree(), { type: "prompt_finished", sessionId: S, stopReason: "cancelled" });
    expect(hold(s)).toBe("stopped");
  });

  it("holds the queue when the turn failed", () => {
    const s = run(busyWithThree(), { type: "prompt_failed", sessionId: S, error });
    expect(hold(s)).toBe("error");
    expect(nextQueued(s, S)).toBeNull();
    expect(ids(s)).toEqual(["a", "b", "c"]);
  });

  it("holds the queue when the agent went away mid-turn, and keeps it held when the agent is back", () => {
    let s = run(busyWithThree(), { type: "agent_offline", error: offlineError });
    expect(session(s).turn).toBe("idle");
    expect(hold(s)).toBe("restarted");
    s = run(s, { type: "agent_initializing" }, { type: "agent_ready", info: null, capabilities: {}, authMethods: [] });
    expect(hold(s)).toBe("restarted");
    expect(nextQueued(s, S)).toBeNull();
    expect(ids(s)).toEqual(["a", "b", "c"]);
  });

  it("sending a held message clears the hold: the rest follow it when its turn ends", () => {
    let s = run(busyWithThree(), { type: "prompt_failed", sessionId: S, error }, { type: "queue_sent", sessionId: S, id: "b" });
    expect(hold(s)).toBeNull();
    expect(ids(s)).toEqual(["a", "c"]);
    s = run(s, { type: "prompt_finished", sessionId: S, stopReason: "end_turn" });
    expect(nextQueued(s, S)?.id).toBe("a");
  });

  it("a restarted background gets its stored queues back held, never over a queue it already has", () => {
    const stored = {
      [S]: { items: [{ id: "x", content: [text("x")] }], hold: null },
      [S2]: { items: [{ id: "y", content: [text("y")] }], hold: null },
    };
    let s = run(withSession(), { type: "queue_restored", queues: stored });
    expect(ids(s)).toEqual(["x"]);
    expect(hold(s)).toBe("restarted");
    expect(ids(s, S2)).toEqual(["y"]);
    expect(nextQueued(s, S)).toBeNull();
    s = run(withSession(promptSent("long"), queued("mine")), { type: "queue_restored", queues: stored });
    expect(ids(s)).toEqual(["mine"]);
  });

  it("waits for a session that is loading or not open, and for an agent that is not ready", () => {
    const s = run(withSession(), queued("a"));
    expect(nextQueued(s, S)?.id).toBe("a");
    expect(nextQueued(run(s, { type: "session_opened", sessionId: S, cwd: "/h", loading: true }), S)).toBeNull();
    expect(nextQueued(run(withSession(), queued("z", "z", "unknown")), "unknown")).toBeNull();
  });

  it("a steered message leaves the queue and shows in the transcript where it went in; goose's echo of it is not shown twice", () => {
    let s = run(busyWithThree(), { type: "queue_taken", sessionId: S, id: "b" });
    expect(ids(s)).toEqual(["a", "c"]);
    s = run(s, { type: "steer_added", sessionId: S, content: [text("b")], messageId: "steer_1" });
    expect(entries(s).at(-1)).toMatchObject({ kind: "user", steered: true, content: [text("b")], messageId: "steer_1" });
    // goose echoes it when the run takes it, after more of its answer.
    s = run(s, {
      type: "session_update",
      sessionId: S,
      update: { sessionUpdate: "agent_message_chunk", content: text("working"), messageId: "m2" },
    });
    const count = entries(s).length;
    s = run(s, {
      type: "session_update",
      sessionId: S,
      update: { sessionUpdate: "user_message_chunk", messageId: "steer_1", content: text("b") },
    });
    expect(entries(s)).toHaveLength(count);
    expect(entries(s).filter((e) => e.kind === "user" && e.steered)).toEqual([expect.objectContaining({ content: [text("b")] })]);
    // A steer that failed goes back to the front.
    s = run(s, { type: "queue_returned", sessionId: S, message: { id: "b", content: [text("b")] } });
    expect(ids(s)).toEqual(["b", "a", "c"]);
  });

  it("goose's echo read before its answer to the steer becomes the steered message, not a second copy", () => {
    let s = run(busyWithThree(), { type: "queue_taken", sessionId: S, id: "b" });
    s = run(s, {
      type: "session_update",
      sessionId: S,
      update: { sessionUpdate: "user_message_chunk", messageId: "steer_2", content: text("b") },
    });
    s = run(s, {
      type: "session_update",
      sessionId: S,
      update: { sessionUpdate: "agent_message_chunk", content: text("on it"), messageId: "m3" },
    });
    const count = entries(s).length;
    s = run(s, { type: "steer_added", sessionId: S, content: [text("b")], messageId: "steer_2" });
    expect(entries(s)).toHaveLength(count);
    const users = entries(s).filter((e) => e.kind === "user" && e.messageId === "steer_2");
    expect(users).toEqual([expect.objectContaining({ steered: true, content: [text("b")] })]);
    // It stays where goose put it: before the answer that followed it.
    expect(entries(s).at(-1)).toMatchObject({ kind: "agent" });
  });
});
