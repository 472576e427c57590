/**
 * Merging chunk events before they cross the panel port (extension/state/event-batch.ts): the merged
 * batch must reduce to exactly the state the separate events give, and must actually merge.
 */

import { describe, expect, it } from "vitest";
import type { SessionUpdate } from "../../../../extension/acp/schema";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../extension/state/app";
import { mergeChunkEvents } from "../../../../extension/state/event-batch";
import { randomBatches, randomEvents } from "../../../helpers/random-events";

const reduceAll = (state: AppState, events: readonly AppEvent[]) => events.reduce(reduceApp, state);
const update = (u: SessionUpdate, sessionId = "s1"): AppEvent => ({
  scope: "client",
  event: { type: "session_update", sessionId, update: u },
});
const chunk = (text: string, messageId?: string | null, kind: "agent_message_chunk" | "agent_thought_chunk" = "agent_message_chunk") =>
  update({ sessionUpdate: kind, messageId, content: { type: "text", text } });
const opened: AppEvent = { scope: "client", event: { type: "session_opened", sessionId: "s1", cwd: "/w", loading: false } };

describe("mergeChunkEvents", () => {
  it("joins consecutive text chunks of one message into one event with the joined text", () => {
    const merged = mergeChunkEvents([chunk("Hel", "m1"), chunk("lo", "m1"), chunk(", world", "m1")]);
    expect(merged).toEqual([chunk("Hello, world", "m1")]);
  });

  it("keeps the times goose gives an agent message's chunks as the reducer does, the latest (a user message's, the first)", () => {
    const timed = (sessionUpdate: "agent_message_chunk" | "user_message_chunk", text: string, created: number) =>
      update({ sessionUpdate, messageId: "m1", content: { type: "text", text }, _meta: { goose: { created } } });
    for (const kind of ["agent_message_chunk", "user_message_chunk"] as const) {
      const events = [opened, timed(kind, "a", 100), timed(kind, "b", 102), timed(kind, "c", 101)];
      expect(reduceAll(initialAppState, mergeChunkEvents(events))).toEqual(reduceAll(initialAppState, events));
    }
  });

  it("keeps chunks of different messages, kinds, sessions and content apart, in order", () => {
    const image = update({
      sessionUpdate: "agent_message_chunk",
      messageId: "m1",
      content: { type: "image", data: "AA==", mimeType: "image/png" },
    });
    const events = [
      chunk("a", "m1"),
      chunk("b", "m2"),
      chunk("c", null),
      chunk("d", "m2"),
      chunk("e", "m2", "agent_thought_chunk"),
      update({ sessionUpdate: "agent_message_chunk", messageId: "m2", content: { type: "text", text: "f" } }, "s2"),
      image,
      chunk("g", "m1"),
    ];
    expect(mergeChunkEvents(events)).toEqual(events);
  });

  it("treats a missing and a null messageId alike, and merges across nothing else", () => {
    const finished: AppEvent = { scope: "client", event: { type: "prompt_finished", sessionId: "s1", stopReason: "end_turn" } };
    expect(mergeChunkEvents([chunk("a"), chunk("b", null), finished, chunk("c"), chunk("d")])).toEqual([
      chunk("ab"),
      finished,
      chunk("cd"),
    ]);
  });

  it("leaves the events it is given untouched", () => {
    const events = [chunk("a", "m1"), chunk("b", "m1")];
    const copy = structuredClone(events);
    mergeChunkEvents(events);
    expect(events).toEqual(copy);
  });

  it("10,000 streamed chunks become one event", () => {
    const events = Array.from({ length: 10_000 }, (_, i) => chunk(`${i} `, "m1"));
    const merged = mergeChunkEvents(events);
    expect(merged).toHaveLength(1);
    expect(reduceAll(reduceApp(initialAppState, opened), merged)).toEqual(reduceAll(reduceApp(initialAppState, opened), events));
  });

  it("property: any batch of a random event stream, merged, reduces to the same state as its events one by one", () => {
    let mergedAway = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const events = randomEvents(seed, 120);
      let separate = initialAppState;
      let merged = initialAppState;
      for (const batch of randomBatches(seed * 7919, events, 40)) {
        separate = reduceAll(separate, batch);
        const m = mergeChunkEvents(batch);
        mergedAway += batch.length - m.length;
        merged = reduceAll(merged, m);
        expect(merged, `seed ${seed}`).toEqual(separate);
      }
    }
    // The streams have runs of chunks of one message, so merging must have happened.
    expect(mergedAway).toBeGreaterThan(1000);
  });
});
