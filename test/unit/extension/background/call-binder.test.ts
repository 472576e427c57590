/**
 * Served browser calls bound to the agent's cards through the store: at once, or when the card comes
 * (or its input fills in) later; in time order; per session.
 */
import { describe, expect, it } from "vitest";
import { CallBinder } from "../../../../extension/background/browser-tools/call-binder";
import { createStore } from "../../../../extension/background/observable-store";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../extension/state/app";
import type { ClientEvent } from "../../../../extension/state/sessions/client-state";

function setup() {
  const store = createStore<AppState, AppEvent>(initialAppState, reduceApp);
  const binder = new CallBinder(store);
  const client = (event: ClientEvent) => {
    store.dispatch({ scope: "client", event });
    binder.observe(event);
  };
  for (const sessionId of ["s1", "s2"]) client({ type: "session_opened", sessionId, cwd: "/", loading: false });
  const toolCall = (sessionId: string, toolCallId: string, title: string, rawInput: unknown, status: "pending" | "completed" = "pending") =>
    client({ type: "session_update", sessionId, update: { sessionUpdate: "tool_call", toolCallId, title, status, rawInput } });
  const serve = (callId: string, tool: string, args: unknown, sessionId?: string) => {
    store.dispatch({ scope: "tools", event: { type: "tool_started", callId, tool, args, ...(sessionId ? { sessionId } : {}) } });
    binder.served({ callId, tool, args, ...(sessionId ? { sessionId } : {}) });
  };
  const boundTo = (callId: string) => store.get().tools.calls.find((c) => c.callId === callId)?.toolCallId;
  return { client, toolCall, serve, boundTo };
}

describe("CallBinder", () => {
  it("binds repeated identical calls to their cards in order, skipping cards that ended before", () => {
    const t = setup();
    t.toolCall("s1", "done", "browser_read_page", {}, "completed");
    t.toolCall("s1", "a", "browser_read_page", {});
    t.toolCall("s1", "b", "browser_read_page", {});
    t.serve("t1", "read_page", {}, "s1");
    t.serve("t2", "read_page", {}, "s1");
    expect([t.boundTo("t1"), t.boundTo("t2")]).toEqual(["a", "b"]);
  });

  it("binds a call whose card comes later, or whose input the agent fills in later, and never across sessions", () => {
    const t = setup();
    t.toolCall("s1", "empty", "mcp__browser__click", {});
    t.serve("t1", "click", { ref: "e3" }, "s1");
    expect(t.boundTo("t1")).toBeUndefined();
    // The same call in another session is not this one.
    t.toolCall("s2", "elsewhere", "mcp__browser__click", { ref: "e3" });
    expect(t.boundTo("t1")).toBeUndefined();
    // Claude streams the input: the card's update carries it.
    t.client({
      type: "session_update",
      sessionId: "s1",
      update: { sessionUpdate: "tool_call_update", toolCallId: "empty", rawInput: { ref: "e3" } },
    });
    expect(t.boundTo("t1")).toBe("empty");
    // A card announced after the call was served.
    t.serve("t2", "type", { ref: "e4", text: "hi" }, "s1");
    t.toolCall("s1", "late", "Tool: browser/type", { server: "browser", tool: "type", arguments: { ref: "e4", text: "hi" } });
    expect(t.boundTo("t2")).toBe("late");
  });

  it("without a session header, looks in every session; after the agent goes, forgets what waited", () => {
    const t = setup();
    t.toolCall("s2", "x", "browser_list_tabs", {});
    t.serve("t1", "list_tabs", {});
    expect(t.boundTo("t1")).toBe("x");
    t.serve("t2", "list_tabs", {});
    t.client({ type: "agent_offline", error: null });
    t.client({ type: "session_opened", sessionId: "s3", cwd: "/", loading: false });
    t.toolCall("s3", "y", "browser_list_tabs", {});
    expect(t.boundTo("t2")).toBeUndefined();
  });
});
