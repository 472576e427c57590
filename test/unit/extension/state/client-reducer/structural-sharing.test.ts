/** Purity and structural sharing: frozen inputs, copies of only what changed, and a long transcript (extension/state/client-reducer/structural-sharing.ts, state/conversation/entry-list.ts). */
import { describe, expect, it } from "vitest";
import type { SessionUpdate } from "../../../../../extension/acp/schema";
import { reduceClient } from "../../../../../extension/state/client-reducer";
import { initialClientState } from "../../../../../extension/state/client-reducer/initial-state";
import { pendingPermissionCount } from "../../../../../extension/state/client-reducer/selectors";
import { entryArray, entryAt, entryCount, lastEntry } from "../../../../../extension/state/conversation/entry-list";
import { toolCallOf } from "../../../../../extension/state/conversation/tool-call-map";
import type { ClientEvent, ClientState, SessionState } from "../../../../../extension/state/sessions/client-state";
import {
  agentChunk,
  CWD,
  configOptions,
  modes,
  offlineError,
  opened,
  permission,
  promptSent,
  ready,
  run,
  S,
  S2,
  session,
  shellToolCall,
  thoughtChunk,
  toolResult,
  upd,
  withSession,
} from "../../../../helpers/client-reducer-fixtures";

describe("purity and structural sharing", () => {
  function busyState(): ClientState {
    return run(
      initialClientState,
      ready,
      { type: "history_loading" },
      { type: "history_loaded", items: [{ sessionId: S, cwd: CWD, title: "List files", updatedAt: "2026-01-05T10:00:00Z" }] },
      { type: "session_opened", sessionId: S2, cwd: CWD, loading: false, modes, configOptions },
      promptSent("other", S2),
      upd(agentChunk("done", "x1"), S2),
      { type: "prompt_finished", sessionId: S2, stopReason: "max_tokens" },
      { type: "session_opened", sessionId: S, cwd: CWD, loading: false, modes, configOptions, title: "t" },
      promptSent("clean up"),
      upd(thoughtChunk("hmm", "m1")),
      upd(agentChunk("Let me look.", "m1")),
      upd(shellToolCall("t1", "ls")),
      upd({ ...toolResult("t1", "a"), rawOutput: { nested: { list: [1, "two", null, true] } } } as SessionUpdate),
      upd(shellToolCall("t2", "rm -rf build")),
      permission("p1", "t2"),
      upd({ sessionUpdate: "plan", entries: [{ content: "Clean", priority: "high", status: "in_progress" }] }),
      upd({ sessionUpdate: "usage_update", used: 10, size: 100, cost: { amount: 0.01, currency: "USD" } }),
      upd({ sessionUpdate: "session_info_update", title: "Clean up", updatedAt: "2026-01-05T10:01:00Z" }),
      upd(agentChunk("Waiting for approval", "m1")),
    );
  }

  it("appending a chunk copies only the changed entry, its session and the sessions record", () => {
    const before = withSession(
      opened(S2),
      { type: "session_activated", sessionId: S },
      promptSent("hi"),
      upd(shellToolCall("t1")),
      upd(agentChunk("A", "m1")),
    );
    const after = run(before, upd(agentChunk("B", "m1")));
    const [b, a] = [session(before), session(after)];
    expect(after).not.toBe(before);
    expect(a).not.toBe(b);
    expect(a.entries).not.toBe(b.entries);
    expect(entryCount(a.entries)).toBe(entryCount(b.entries));
    for (let i = 0; i < entryCount(b.entries) - 1; i++) expect(entryAt(a.entries, i)).toBe(entryAt(b.entries, i));
    expect(lastEntry(a.entries)).not.toBe(lastEntry(b.entries));
    expect(lastEntry(a.entries)).toMatchObject({ text: "AB" });
    expect(a.toolCalls).toBe(b.toolCalls);
    expect(a.permissions).toBe(b.permissions);
    expect(after.sessions[S2]).toBe(before.sessions[S2]);
    expect(after.agent).toBe(before.agent);
    expect(after.history).toBe(before.history);
  });

  it("a tool update copies only that card; the entries array is untouched", () => {
    const before = withSession(upd(shellToolCall("t1")), upd(shellToolCall("t2")));
    const after = run(before, upd(toolResult("t2", "ok")));
    expect(session(after).entries).toBe(session(before).entries);
    expect(toolCallOf(session(after).toolCalls, "t1")).toBe(toolCallOf(session(before).toolCalls, "t1"));
    expect(toolCallOf(session(after).toolCalls, "t2")).not.toBe(toolCallOf(session(before).toolCalls, "t2"));
  });

  it("never mutates its input (every state and event is frozen)", () => {
    expect(() => busyState()).not.toThrow();
    expect(Object.isFrozen(busyState().sessions[S]?.entries)).toBe(true);
  });

  it("a busy state survives a JSON round trip and structured clone unchanged", () => {
    const s = busyState();
    expect(pendingPermissionCount(s)).toBe(1);
    expect(session(s).turn).toBe("running");
    expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
    expect(structuredClone(s)).toStrictEqual(s);
  });

  it("the same events on two copies give deep-equal results (background and panel agree)", () => {
    const events: ClientEvent[] = [
      opened(S2),
      upd(agentChunk("x", "m1"), S2),
      upd(shellToolCall("t5"), S2),
      permission("k", "t5", S2),
      { type: "cancel_requested", sessionId: S },
      upd(agentChunk("late", "m1")),
      { type: "prompt_finished", sessionId: S, stopReason: "end_turn" },
      { type: "agent_offline", error: offlineError },
    ];
    const background = events.reduce(reduceClient, busyState());
    // The panel got a snapshot through structured clone and replays the same (cloned) events.
    const panel = structuredClone(events).reduce(reduceClient, structuredClone(busyState()));
    expect(panel).toStrictEqual(background);
    expect(session(background).lastStop).toBe("cancelled");
    expect(toolCallOf(session(background, S2).toolCalls, "t5")?.status).toBe("cancelled");
  });
});

describe("a long transcript (entry-list.ts)", () => {
  /** Session S with `turns` finished turns (prompt, answer, a tool call every tenth turn), then an answer streaming as message "live". */
  function longSession(turns: number): ClientState {
    let s = reduceClient(reduceClient(initialClientState, ready), opened());
    for (let i = 0; i < turns; i++) {
      s = reduceClient(s, promptSent(`question ${i}`));
      s = reduceClient(s, upd(agentChunk(`answer ${i}`, `m${i}`)));
      if (i % 10 === 0) s = reduceClient(s, upd(shellToolCall(`t${i}`)));
      s = reduceClient(s, { type: "prompt_finished", sessionId: S, stopReason: "end_turn" });
    }
    s = reduceClient(s, promptSent("last question"));
    return reduceClient(s, upd(agentChunk("Streaming", "live")));
  }

  /**
   * Counts reads of the items of every array inside session S's transcript: `watch` gives the state
   * with its transcript read through counting Proxies (arrays already watched stay as they are).
   */
  function transcriptReads(): { watch: (state: ClientState) => ClientState; reads: () => number } {
    let reads = 0;
    const watched = new WeakSet<object>();
    const wrap = (array: readonly unknown[]): readonly unknown[] => {
      if (watched.has(array)) return array;
      const proxy = new Proxy(array, {
        get(target, key, receiver) {
          if (typeof key === "string" && /^\d+$/.test(key)) reads++;
          const value = Reflect.get(target, key, receiver);
          return Array.isArray(value) ? wrap(value) : value;
        },
      });
      watched.add(proxy);
      return proxy;
    };
    const watch = (state: ClientState): ClientState => {
      const s = session(state);
      const transcript: unknown = s.entries;
      const entries = Array.isArray(transcript)
        ? wrap(transcript)
        : Object.fromEntries(Object.entries(transcript as object).map(([k, v]) => [k, Array.isArray(v) ? wrap(v) : v]));
      return { ...state, sessions: { ...state.sessions, [S]: { ...s, entries: entries as SessionState["entries"] } } };
    };
    return { watch, reads: () => reads };
  }

  it("a streamed chunk reads at most one block of the transcript, however many entries it holds", () => {
    const readsPerChunk = (turns: number): number => {
      const counter = transcriptReads();
      let s = longSession(turns);
      for (let i = 0; i < 20; i++) s = reduceClient(counter.watch(s), upd(agentChunk(".", "live")));
      expect(lastEntry(session(s).entries)).toMatchObject({ text: `Streaming${".".repeat(20)}` });
      return counter.reads() / 20;
    };
    const short = readsPerChunk(3); // 9 entries
    const long = readsPerChunk(3_000); // 6,302 entries
    // The tail holds at most 32 entries: a chunk copies it and reads the last entry, nothing more.
    expect(short).toBeGreaterThan(0);
    expect(short).toBeLessThanOrEqual(34);
    expect(long).toBeLessThanOrEqual(34);
  });

  it("an earlier state keeps its transcript whatever is reduced after it, and two futures of it stay apart", () => {
    const before = longSession(40); // 86 entries: full blocks and a tail
    const copy = structuredClone(before);
    const shown = entryArray(session(before).entries);
    let later = before;
    for (let i = 0; i < 70; i++) later = reduceClient(later, upd(shellToolCall(`more${i}`)));
    for (let i = 0; i < 50; i++) later = reduceClient(later, upd(agentChunk(` w${i}`, "after")));
    later = reduceClient(later, { type: "agent_offline", error: offlineError });
    // The panel and the background each reduce their own copy; a test may branch one state twice.
    let other = reduceClient(before, upd(agentChunk(" elsewhere", "live")));
    other = reduceClient(other, upd(shellToolCall("other")));

    expect(before).toStrictEqual(copy);
    const again = entryArray(session(before).entries);
    expect(again).toHaveLength(shown.length);
    for (let i = 0; i < shown.length; i++) expect(again[i]).toBe(shown[i]);
    const added = entryArray(session(later).entries).slice(shown.length);
    expect(added.map((e) => e.kind)).toEqual([...Array<string>(70).fill("tool"), "agent", "notice"]);
    expect(added[70]).toMatchObject({ text: Array.from({ length: 50 }, (_, i) => ` w${i}`).join("") });
    expect(entryArray(session(other).entries).slice(shown.length - 1)).toMatchObject([
      { kind: "agent", text: "Streaming elsewhere" },
      { kind: "tool", id: "other" },
    ]);
  });
});
