/**
 * Seeded random streams of client events, shaped like what an agent sends while streaming: runs of
 * text chunks (agent, thought, user) with repeated, changing and missing messageIds, empty chunks,
 * images, tool calls, prompts, turn ends, and other sessions' updates in between.
 */
import type { ContentBlock, SessionUpdate } from "../../extension/acp/schema";
import type { AppEvent } from "../../extension/state/app";
import type { ClientEvent } from "../../extension/state/sessions/client-state";
import { seededRandom as rng } from "./seeded-random";

const client = (event: ClientEvent): AppEvent => ({ scope: "client", event });

/** Two sessions opened, "s1" shown; then `count` random events, mostly chunks. */
export function randomEvents(seed: number, count: number): AppEvent[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const events: AppEvent[] = [
    client({ type: "session_opened", sessionId: "s2", cwd: "/w", loading: false }),
    client({ type: "session_opened", sessionId: "s1", cwd: "/w", loading: false }),
  ];
  const texts = ["", "a", "Hello", " world", "\n\n", "- item\n", "```ts\n", "x", "**b**"];
  const ids = [undefined, null, "m1", "m2", "m3"];
  let tool = 0;
  for (let i = 0; i < count; i++) {
    const sessionId = r() < 0.9 ? "s1" : "s2";
    const x = r();
    const text = (): ContentBlock => ({ type: "text", text: pick(texts), ...(r() < 0.1 ? { annotations: { priority: 1 } } : {}) });
    let update: SessionUpdate | null = null;
    if (x < 0.55) update = { sessionUpdate: "agent_message_chunk", messageId: pick(ids), content: text() };
    else if (x < 0.65) update = { sessionUpdate: "agent_thought_chunk", messageId: pick(ids), content: text() };
    else if (x < 0.75) update = { sessionUpdate: "user_message_chunk", messageId: pick(ids), content: text() };
    else if (x < 0.78) {
      const kind = pick(["agent_message_chunk", "user_message_chunk"] as const);
      update = { sessionUpdate: kind, messageId: pick(ids), content: { type: "image", data: "AA==", mimeType: "image/png" } };
    } else if (x < 0.84) {
      const id = r() < 0.5 && tool > 0 ? `t${Math.floor(r() * tool)}` : `t${tool++}`;
      update = { sessionUpdate: "tool_call_update", toolCallId: id, status: pick(["pending", "in_progress", "completed"] as const) };
      if (r() < 0.5) update = { sessionUpdate: "tool_call", toolCallId: id, title: `tool ${id}` };
    } else if (x < 0.88) update = { sessionUpdate: "usage_update", used: Math.floor(r() * 100), size: 100 };
    if (update) {
      events.push(client({ type: "session_update", sessionId, update }));
      continue;
    }
    if (x < 0.92) events.push(client({ type: "prompt_sent", sessionId, content: [{ type: "text", text: "go" }] }));
    else if (x < 0.95) events.push(client({ type: "prompt_finished", sessionId, stopReason: pick(["end_turn", "max_tokens"] as const) }));
    else if (x < 0.97) events.push(client({ type: "cancel_requested", sessionId }));
    else events.push({ scope: "connection", event: { type: "connecting" } });
  }
  return events;
}

/** Cuts `events` into consecutive batches of random sizes (1 to `max`). */
export function randomBatches<T>(seed: number, events: readonly T[], max: number): T[][] {
  const r = rng(seed);
  const out: T[][] = [];
  for (let i = 0; i < events.length; ) {
    const n = 1 + Math.floor(r() * max);
    out.push(events.slice(i, i + n));
    i += n;
  }
  return out;
}
