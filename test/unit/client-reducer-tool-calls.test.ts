/**
 * A session's tool cards (extension/state/tool-call-map.ts) against a plain record doing the same
 * changes: the same cards at every step, every earlier version unchanged, odd ids kept as keys; and
 * through the reducer, a tool update reads a few buckets' worth of cards instead of every card.
 */

import { describe, expect, it } from "vitest";
import type { SessionUpdate } from "../../extension/acp/schema";
import { initialClientState, reduceClient } from "../../extension/state/client-reducer";
import type { ClientEvent, ClientState, ToolCallState } from "../../extension/state/client-state";
import {
  emptyToolCalls,
  mapToolCalls,
  type ToolCallMap,
  toolCallList,
  toolCallOf,
  withToolCall,
} from "../../extension/state/tool-call-map";

const card = (toolCallId: string, status: ToolCallState["status"] = "pending"): ToolCallState => ({
  toolCallId,
  title: `run ${toolCallId}`,
  kind: null,
  status,
  content: [],
  locations: [],
});

const byId = (map: ToolCallMap): Record<string, ToolCallState> => Object.fromEntries(toolCallList(map).map((c) => [c.toolCallId, c]));

describe("tool call map", () => {
  it("holds what a plain record would after any sets and bulk changes, and keeps every earlier version", () => {
    let map = emptyToolCalls;
    let model: Record<string, ToolCallState> = {};
    const versions: { map: ToolCallMap; model: Record<string, ToolCallState> }[] = [];
    for (let step = 0; step < 400; step++) {
      const id = `call_${(step * 7919) % 150}`;
      if (step % 50 === 49) {
        const finish = (c: ToolCallState) => (c.status === "pending" ? { ...c, status: "completed" as const } : c);
        map = mapToolCalls(map, finish);
        model = Object.fromEntries(Object.entries(model).map(([k, c]) => [k, finish(c)]));
      } else {
        const next = card(id, step % 3 === 0 ? "in_progress" : "pending");
        map = withToolCall(map, next);
        model = { ...model, [id]: next };
      }
      versions.push({ map, model });
      expect(toolCallOf(map, id)).toBe(model[id]);
    }
    for (const v of versions) expect(byId(v.map)).toEqual(v.model);
    expect(toolCallOf(map, "never")).toBeUndefined();
  });

  it("a bulk change that changes nothing gives the same map; one that changes a card copies only its bucket", () => {
    let map = emptyToolCalls;
    for (let i = 0; i < 100; i++) map = withToolCall(map, card(`t${i}`, i === 42 ? "pending" : "completed"));
    expect(mapToolCalls(map, (c) => c)).toBe(map);
    const next = mapToolCalls(map, (c) => (c.status === "pending" ? { ...c, status: "cancelled" } : c));
    expect(toolCallOf(next, "t42")?.status).toBe("cancelled");
    expect(next.buckets.filter((b, i) => b !== map.buckets[i])).toHaveLength(1);
  });

  it("ids that are Object.prototype's names stay plain keys", () => {
    expect(toolCallOf(emptyToolCalls, "constructor")).toBeUndefined();
    expect(toolCallOf(emptyToolCalls, "__proto__")).toBeUndefined();
    let map = withToolCall(emptyToolCalls, card("__proto__"));
    map = mapToolCalls(map, (c) => ({ ...c, status: "failed" }));
    expect(toolCallOf(map, "__proto__")).toMatchObject({ toolCallId: "__proto__", status: "failed" });
    expect(toolCallList(map)).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(map))).toEqual(map);
  });
});

describe("tool updates in a session with many tool calls", () => {
  const S = "s";
  const upd = (update: SessionUpdate): ClientEvent => ({ type: "session_update", sessionId: S, update });

  function withCalls(n: number): ClientState {
    let s = reduceClient(initialClientState, { type: "session_opened", sessionId: S, cwd: "/", loading: false });
    for (let i = 0; i < n; i++)
      s = reduceClient(s, upd({ sessionUpdate: "tool_call", toolCallId: `t${i}`, title: `tool ${i}`, status: "pending" }));
    return s;
  }

  /** The state with every record and array inside session S's cards read through Proxies counting property reads. */
  function counted(state: ClientState): { state: ClientState; reads: () => number } {
    let reads = 0;
    const watch = (value: object): object =>
      new Proxy(value, {
        get(target, key, receiver) {
          if (typeof key === "string" && key !== "length") reads++;
          const v = Reflect.get(target, key, receiver);
          // Cards themselves are not watched: only the containers a change might copy.
          return typeof v === "object" && v !== null && !("toolCallId" in v) ? watch(v) : v;
        },
      });
    const s = state.sessions[S]!;
    const toolCalls = watch(s.toolCalls) as ToolCallMap;
    return { state: { ...state, sessions: { [S]: { ...s, toolCalls } } }, reads: () => reads };
  }

  it("reads about a thirty-second of the cards, not every one", () => {
    const readsForUpdate = (n: number): number => {
      const { state, reads } = counted(withCalls(n));
      const next = reduceClient(state, upd({ sessionUpdate: "tool_call_update", toolCallId: `t${n - 1}`, status: "completed" }));
      expect(toolCallOf(next.sessions[S]!.toolCalls, `t${n - 1}`)?.status).toBe("completed");
      return reads();
    };
    expect(readsForUpdate(3_200)).toBeLessThan(3_200 / 10);
  });
});
