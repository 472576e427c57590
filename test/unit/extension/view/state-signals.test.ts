/**
 * The pages' projection of the background's state onto signals (extension/view/state-signals.ts): a
 * streamed chunk wakes only the entry it changed, the projection of a long transcript costs what
 * changed and not its length, it always matches the state whatever the batches, and the per-entry
 * and per-tool signals follow the shown session instead of piling up across session switches.
 */

import { effect } from "@preact/signals";
import { describe, expect, it } from "vitest";
import type { SessionUpdate } from "../../../../extension/acp/schema";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../extension/state/app";
import { activeSession } from "../../../../extension/state/client-reducer/selectors";
import {
  type EntryList,
  emptyEntries,
  entryArray,
  entryAt,
  entryCount,
  pushEntry,
} from "../../../../extension/state/conversation/entry-list";
import { emptyToolCalls, toolCallList } from "../../../../extension/state/conversation/tool-call-map";
import type { AgentTextEntry, ClientEvent, Entry } from "../../../../extension/state/sessions/client-state";
import {
  active,
  activeSessionId,
  applyEvents,
  applySnapshot,
  appState,
  entryIds,
  entrySignal,
  projectionSize,
  toolCallSignal,
} from "../../../../extension/view/state-signals";
import { randomBatches, randomEvents } from "../../../helpers/random-events";

const client = (event: ClientEvent): AppEvent => ({ scope: "client", event });
const update = (sessionId: string, u: SessionUpdate) => applyEvents([client({ type: "session_update", sessionId, update: u })]);
const say = (sessionId: string, text: string) =>
  update(sessionId, { sessionUpdate: "agent_message_chunk", messageId: "m1", content: { type: "text", text } });
const toolCall = (sessionId: string, toolCallId: string) =>
  update(sessionId, { sessionUpdate: "tool_call", toolCallId, title: `run ${toolCallId}`, status: "pending" });

/** Opens `id` with a user prompt, an answer and `tools` tool calls, and shows it. */
function openSession(id: string, tools: number): void {
  applyEvents([client({ type: "session_opened", sessionId: id, cwd: "/work", loading: false })]);
  applyEvents([client({ type: "session_activated", sessionId: id })]);
  applyEvents([client({ type: "prompt_sent", sessionId: id, content: [{ type: "text", text: "hi" }] })]);
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
    applyEvents([client({ type: "session_activated", sessionId: "s0" })]);
    expect(activeSessionId.value).toBe("s0");
    expect(toolCallSignal("s0-t1")?.value.title).toBe("run s0-t1");
    expect(projectionSize().tools).toBe(3);
  });
});

describe("view store, a long transcript", () => {
  /** A state showing session "long" with `n` entries (plain objects, as a snapshot brings them). */
  function longState(n: number): AppState {
    let state = reduceApp(initialAppState, client({ type: "session_opened", sessionId: "long", cwd: "/w", loading: false }));
    const entries: Entry[] = Array.from({ length: n }, (_, i) => ({
      kind: "agent",
      id: `e${i + 1}`,
      text: `message ${i + 1}`,
      attachments: [],
    }));
    const s = state.client.sessions.long!;
    state = { ...state, client: { ...state.client, sessions: { long: { ...s, entries: listOf(entries), seq: n } } } };
    return state;
  }

  const listOf = (entries: readonly Entry[]): EntryList => entries.reduce(pushEntry, emptyEntries);

  /** `entries` as the state's transcript, counting the reads of items of every array in it (Proxies). */
  function counted(state: AppState, entries: EntryList): { state: AppState; reads: () => number } {
    let reads = 0;
    const watch = <T>(array: readonly T[]): readonly T[] =>
      new Proxy(array, {
        get(target, key, receiver) {
          if (typeof key === "string" && /^\d+$/.test(key)) reads++;
          const value = Reflect.get(target, key, receiver);
          return Array.isArray(value) ? watch(value) : value;
        },
      });
    const proxy: EntryList = { blocks: watch(entries.blocks), tail: watch(entries.tail) };
    const s = state.client.sessions.long!;
    return { state: { ...state, client: { ...state.client, sessions: { long: { ...s, entries: proxy } } } }, reads: () => reads };
  }

  it("a changed last entry and an appended one cost a few reads, not one per entry", () => {
    const first = longState(2_000);
    applySnapshot(first);
    const ids = entryIds.value;
    expect(ids).toHaveLength(2_000);
    const old = first.client.sessions.long!.entries;
    let earlierWakes = 0;
    const stop = effect(() => {
      void entrySignal("e1000")!.value;
      earlierWakes++;
    });
    const last: Entry = { ...(entryAt(old, entryCount(old) - 1) as AgentTextEntry), text: "changed" };
    const changed = listOf([...entryArray(old).slice(0, -1), last, { kind: "notice", id: "e2001", tone: "info", text: "new" }]);
    const next = counted(first, changed);
    applySnapshot(next.state);
    expect(next.reads()).toBeLessThan(20);
    expect(entryIds.value).toEqual([...ids, "e2001"]);
    expect(entrySignal("e2000")!.value).toBe(last);
    expect(entrySignal("e2001")!.value).toMatchObject({ text: "new" });
    expect(earlierWakes).toBe(1);
    stop();
  });

  it("a snapshot of the same session with new objects (a reconnect) updates every signal", () => {
    const first = longState(50);
    applySnapshot(first);
    const again = structuredClone(first);
    applySnapshot(again);
    expect(entrySignal("e1")!.value).toBe(entryAt(again.client.sessions.long!.entries, 0));
    expect(entrySignal("e50")!.value).toBe(entryAt(again.client.sessions.long!.entries, 49));
    // The transcript replaced by a shorter one (the session reloaded): the ids follow.
    const shorter = longState(3);
    applySnapshot(shorter);
    expect(entryIds.value).toEqual(["e1", "e2", "e3"]);
    expect(projectionSize().entries).toBe(3);
  });

  it("property: after any batches of a random event stream, the signals show exactly the active session's entries and cards", () => {
    const wrong: string[] = [];
    let checks = 0;
    let tools = 0;
    for (let seed = 1; seed <= 150; seed++) {
      applySnapshot(initialAppState);
      const events = randomEvents(seed, 150);
      for (const batch of randomBatches(seed * 31, events, 12)) {
        applyEvents(batch);
        const entries = entryArray(activeSession(appState()!.client)?.entries ?? emptyEntries);
        checks++;
        const ids = entryIds.value;
        if (ids.length !== entries.length || entries.some((e, i) => ids[i] !== e.id || entrySignal(e.id)?.value !== e))
          wrong.push(`seed ${seed}`);
        if (projectionSize().entries !== entries.length) wrong.push(`seed ${seed}: ${projectionSize().entries} signals`);
        const cards = toolCallList(activeSession(appState()!.client)?.toolCalls ?? emptyToolCalls);
        if (projectionSize().tools !== cards.length || cards.some((c) => toolCallSignal(c.toolCallId)?.value !== c))
          wrong.push(`seed ${seed}: tool signals`);
        tools += cards.length;
      }
    }
    expect(wrong).toEqual([]);
    expect(checks).toBeGreaterThan(1000);
    expect(tools).toBeGreaterThan(1000);
  });
});
