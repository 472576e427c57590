/**
 * The pages' projection of the background's state onto signals (extension/view/store.ts): a
 * streamed chunk wakes only the entry it changed, and the per-entry and per-tool signals follow the
 * shown session instead of piling up across session switches.
 */
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { effect } from "@preact/signals";
import { describe, expect, it } from "vitest";
import { type AppEvent, initialAppState } from "../../extension/state/app";
import type { ClientEvent } from "../../extension/state/client-state";
import {
  active,
  activeSessionId,
  applyEvent,
  applySnapshot,
  entryIds,
  entrySignal,
  projectionSize,
  toolCallSignal,
} from "../../extension/view/store";

const client = (event: ClientEvent): AppEvent => ({ scope: "client", event });
const update = (sessionId: string, u: SessionUpdate) => applyEvent(client({ type: "session_update", sessionId, update: u }));
const say = (sessionId: string, text: string) =>
  update(sessionId, { sessionUpdate: "agent_message_chunk", messageId: "m1", content: { type: "text", text } });
const toolCall = (sessionId: string, toolCallId: string) =>
  update(sessionId, { sessionUpdate: "tool_call", toolCallId, title: `run ${toolCallId}`, status: "pending" });

/** Opens `id` with a user prompt, an answer and `tools` tool calls, and shows it. */
function openSession(id: string, tools: number): void {
  applyEvent(client({ type: "session_opened", sessionId: id, cwd: "/work", loading: false }));
  applyEvent(client({ type: "session_activated", sessionId: id }));
  applyEvent(client({ type: "prompt_sent", sessionId: id, content: [{ type: "text", text: "hi" }] }));
  say(id, "Hello");
  for (let i = 0; i < tools; i++) toolCall(id, `${id}-t${i}`);
}

describe("view store", () => {
  it("a streamed chunk changes only its entry's signal; the id list keeps its identity", () => {
    applySnapshot(initialAppState);
    openSession("s1", 0);
    expect(activeSessionId.value).toBe("s1");
    expect(active.turn.value).toBe("running");
    const ids = entryIds.value;
    expect(ids).toHaveLength(2); // the prompt, the answer
    const [userId, answerId] = ids;
    let userRenders = 0;
    let answerRenders = 0;
    const stopUser = effect(() => {
      void entrySignal(userId!)!.value;
      userRenders++;
    });
    const stopAnswer = effect(() => {
      void entrySignal(answerId!)!.value;
      answerRenders++;
    });
    say("s1", ", world");
    expect(entryIds.value).toBe(ids);
    expect(answerRenders).toBe(2);
    expect(userRenders).toBe(1);
    expect(entrySignal(answerId!)!.value).toMatchObject({ kind: "agent", text: "Hello, world" });
    stopUser();
    stopAnswer();
    toolCall("s1", "t1");
    expect(entryIds.value).toEqual([...ids, "t1"]);
    expect(toolCallSignal("t1")!.value.title).toBe("run t1");
  });

  it("does not keep signals of sessions no longer shown", () => {
    applySnapshot(initialAppState);
    openSession("a", 3);
    const one = projectionSize();
    expect(one).toEqual({ entries: 5, tools: 3 });
    for (let i = 0; i < 20; i++) openSession(`s${i}`, 3);
    expect(projectionSize()).toEqual(one);
    expect(toolCallSignal("a-t0")).toBeUndefined();
    expect(toolCallSignal("s19-t2")).toBeDefined();
    // Back to a session still in memory: its signals are made again.
    applyEvent(client({ type: "session_activated", sessionId: "s0" }));
    expect(activeSessionId.value).toBe("s0");
    expect(toolCallSignal("s0-t1")?.value.title).toBe("run s0-t1");
    expect(projectionSize().tools).toBe(3);
  });
});
