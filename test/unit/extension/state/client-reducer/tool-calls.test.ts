/**
 * A session's tool cards (extension/state/conversation/tool-call-map.ts) against a plain record doing the same
 * changes: the same cards at every step, every earlier version unchanged, odd ids kept as keys; and
 * through the reducer, a tool update reads a few buckets' worth of cards instead of every card.
 * Then how the reducer merges tool_call and tool_call_update into cards
 * (extension/state/client-reducer/tool-calls.ts).
 */

import { describe, expect, it } from "vitest";
import type { SessionUpdate } from "../../../../../extension/acp/schema";
import { reduceClient } from "../../../../../extension/state/client-reducer";
import { initialClientState } from "../../../../../extension/state/client-reducer/initial-state";
import {
  emptyToolCalls,
  mapToolCalls,
  type ToolCallMap,
  toolCallList,
  toolCallOf,
  withToolCall,
} from "../../../../../extension/state/conversation/tool-call-map";
import type { ClientEvent, ClientState, ToolCallState } from "../../../../../extension/state/sessions/client-state";
import {
  agentChunk,
  entries,
  run,
  session,
  shellToolCall,
  text,
  toolResult,
  upd,
  withSession,
} from "../../../../helpers/client-reducer-fixtures";

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

describe("tool calls", () => {
  it("tool_call as goose sends it (no kind) creates a pending card and one tool entry", () => {
    const s = withSession(upd(shellToolCall("call_1")));
    expect(Object.fromEntries(toolCallList(session(s).toolCalls).map((c) => [c.toolCallId, c]))).toEqual({
      call_1: {
        toolCallId: "call_1",
        title: "developer: shell · ls -la",
        kind: null,
        status: "pending",
        content: [],
        locations: [],
        rawInput: { command: "ls -la" },
        toolName: "developer__shell",
      },
    });
    expect(entries(s)).toEqual([{ kind: "tool", id: "call_1" }]);
  });

  it("tool_call keeps every field the agent gives", () => {
    const s = withSession(
      upd({
        sessionUpdate: "tool_call",
        toolCallId: "call_603c48bf",
        title: "edit · /home/user/notes.md",
        kind: "edit",
        status: "in_progress",
        locations: [{ path: "/home/user/notes.md", line: 1 }],
        content: [{ type: "diff", path: "/home/user/notes.md", oldText: "old", newText: "new" }],
        rawInput: { path: "/home/user/notes.md", before: "old line", after: "new line" },
        rawOutput: null,
      }),
    );
    expect(toolCallOf(session(s).toolCalls, "call_603c48bf")).toEqual({
      toolCallId: "call_603c48bf",
      title: "edit · /home/user/notes.md",
      kind: "edit",
      status: "in_progress",
      locations: [{ path: "/home/user/notes.md", line: 1 }],
      content: [{ type: "diff", path: "/home/user/notes.md", oldText: "old", newText: "new" }],
      rawInput: { path: "/home/user/notes.md", before: "old line", after: "new line" },
      rawOutput: null,
    });
  });

  it("a card without _meta has no toolName key (JSON-exact)", () => {
    const s = withSession(upd({ sessionUpdate: "tool_call", toolCallId: "t", title: "read" }));
    const card = toolCallOf(session(s).toolCalls, "t")!;
    expect(Object.keys(card).sort()).toEqual(["content", "kind", "locations", "status", "title", "toolCallId"]);
  });

  it("ignores malformed goose _meta", () => {
    const s = withSession(
      upd({ sessionUpdate: "tool_call", toolCallId: "t", title: "x", _meta: { goose: { toolCall: { toolName: 42 } } } }),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t", _meta: { goose: "nope" } }),
    );
    expect(toolCallOf(session(s).toolCalls, "t")?.toolName).toBeUndefined();
  });

  it("a repeated tool_call merges into the card without a second entry", () => {
    const s = withSession(
      upd(shellToolCall("t1")),
      upd({ sessionUpdate: "tool_call", toolCallId: "t1", title: "list files", kind: "execute", status: "in_progress" }),
    );
    expect(entries(s)).toHaveLength(1);
    expect(toolCallOf(session(s).toolCalls, "t1")).toMatchObject({
      title: "list files",
      kind: "execute",
      status: "in_progress",
      rawInput: { command: "ls -la" },
    });
  });

  it("tool_call_update merges the result: status, content and rawOutput", () => {
    const s = withSession(
      upd(shellToolCall("t1")),
      upd({
        sessionUpdate: "tool_call_update",
        toolCallId: "t1",
        status: "completed",
        content: [{ type: "content", content: text("total 0") }],
        rawOutput: { exitCode: 0 },
        locations: [{ path: "/home/me/a.txt", line: 1 }],
      }),
    );
    expect(toolCallOf(session(s).toolCalls, "t1")).toEqual({
      toolCallId: "t1",
      title: "developer: shell · ls -la",
      kind: null,
      status: "completed",
      content: [{ type: "content", content: text("total 0") }],
      locations: [{ path: "/home/me/a.txt", line: 1 }],
      rawInput: { command: "ls -la" },
      rawOutput: { exitCode: 0 },
      toolName: "developer__shell",
    });
    expect(entries(s)).toHaveLength(1);
  });

  it("tool_call_update: null title/kind/status/content/locations keep the old values", () => {
    const base = withSession(upd(shellToolCall("t1")), upd(toolResult("t1", "out")));
    const s = run(
      base,
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", title: null, kind: null, status: null, content: null, locations: null }),
    );
    expect(s).toBe(base);
  });

  it("tool_call_update: a later title overwrites, content and locations replace rather than append", () => {
    const s = withSession(
      upd(shellToolCall("t1")),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", title: "listing files", kind: "execute" }),
      upd({
        sessionUpdate: "tool_call_update",
        toolCallId: "t1",
        content: [{ type: "content", content: text("1%") }],
        locations: [{ path: "/a" }],
      }),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", content: [{ type: "content", content: text("100%") }], locations: [] }),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", rawInput: { command: "ls" } }),
    );
    expect(toolCallOf(session(s).toolCalls, "t1")).toMatchObject({
      title: "listing files",
      kind: "execute",
      content: [{ type: "content", content: text("100%") }],
      locations: [],
      rawInput: { command: "ls" },
    });
  });

  it("tool_call_update: content [] empties the card", () => {
    const s = withSession(
      upd(shellToolCall("t1")),
      upd(toolResult("t1", "x")),
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", content: [] }),
    );
    expect(toolCallOf(session(s).toolCalls, "t1")?.content).toEqual([]);
  });

  it("tool_call_update for an unknown id creates the card and its entry", () => {
    const s = withSession(upd(agentChunk("hi", "m1")), upd(toolResult("ghost", "done", "failed")));
    expect(toolCallOf(session(s).toolCalls, "ghost")).toEqual({
      toolCallId: "ghost",
      title: "",
      kind: null,
      status: "failed",
      content: [{ type: "content", content: text("done") }],
      locations: [],
    });
    expect(entries(s).at(-1)).toEqual({ kind: "tool", id: "ghost" });
  });

  it("a tool_call_update that changes nothing returns the same state", () => {
    const s = withSession(upd(shellToolCall("t1")));
    expect(run(s, upd({ sessionUpdate: "tool_call_update", toolCallId: "t1" }))).toBe(s);
    expect(run(s, upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", status: "pending" }))).toBe(s);
  });
});

describe("tool calls cancelled by Stop", () => {
  it("stay cancelled when the agent later reports them failed, but show a real completion", () => {
    let s = reduceClient(initialClientState, { type: "session_opened", sessionId: "s", cwd: "/", loading: false });
    s = reduceClient(s, { type: "prompt_sent", sessionId: "s", content: [{ type: "text", text: "go" }] });
    for (const id of ["a", "b"]) {
      s = reduceClient(s, {
        type: "session_update",
        sessionId: "s",
        update: { sessionUpdate: "tool_call", toolCallId: id, title: id, status: "pending" },
      });
    }
    s = reduceClient(s, { type: "cancel_requested", sessionId: "s" });
    s = reduceClient(s, {
      type: "session_update",
      sessionId: "s",
      update: { sessionUpdate: "tool_call_update", toolCallId: "a", status: "failed" },
    });
    s = reduceClient(s, {
      type: "session_update",
      sessionId: "s",
      update: { sessionUpdate: "tool_call_update", toolCallId: "b", status: "completed" },
    });
    expect(toolCallOf(s.sessions.s!.toolCalls, "a")!.status).toBe("cancelled");
    expect(toolCallOf(s.sessions.s!.toolCalls, "b")!.status).toBe("completed");
  });
});
