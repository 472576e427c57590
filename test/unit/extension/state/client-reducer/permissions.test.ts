/** Permission requests and the user's answers (extension/state/client-reducer/permissions.ts). */
import { describe, expect, it } from "vitest";
import { toolCallOf } from "../../../../../extension/state/conversation/tool-call-map";
import type { ClientEvent } from "../../../../../extension/state/sessions/client-state";
import {
  entries,
  gooseOptions,
  permission,
  promptSent,
  run,
  S,
  session,
  shellToolCall,
  text,
  upd,
  withSession,
} from "../../../../helpers/client-reducer-fixtures";

describe("permissions", () => {
  it("permission_requested merges the richer toolCall into the card and queues goose's four options", () => {
    const s = withSession(promptSent("clean"), upd(shellToolCall("t1", "rm -rf build")), permission("7#1", "t1"));
    const a = session(s);
    expect(a.permissions).toEqual([{ key: "7#1", toolCallId: "t1", options: gooseOptions }]);
    expect(a.permissions[0]?.options.map((o) => o.optionId)).toEqual(a.permissions[0]?.options.map((o) => o.kind));
    expect(toolCallOf(a.toolCalls, "t1")).toEqual({
      toolCallId: "t1",
      title: "developer: shell · rm -rf build",
      kind: "other",
      status: "pending",
      content: [{ type: "content", content: text("Remove the build directory?") }],
      locations: [],
      rawInput: { command: "rm -rf build" },
      toolName: "developer__shell",
    });
    expect(entries(s).filter((e) => e.kind === "tool")).toHaveLength(1);
  });

  it("permission_requested for an unknown tool call creates the card and entry (e.g. re-sent after a load)", () => {
    const s = withSession(permission("k1", "t9"));
    expect(toolCallOf(session(s).toolCalls, "t9")?.title).toBe("developer: shell · rm -rf build");
    expect(entries(s)).toEqual([{ kind: "tool", id: "t9" }]);
  });

  it("a question's toolCall never renames its card or replaces its input (codex-acp), but fills what the card lacks", () => {
    // codex-acp 0.16 asks about an MCP call with a title and input of its question's own; the card keeps the
    // names the served call binds by (docs/ARCHITECTURE.md, "One question per action").
    const codexAsks: ClientEvent = {
      type: "permission_requested",
      sessionId: S,
      key: "q1",
      toolCall: {
        toolCallId: "t1",
        title: "Approve Type text",
        rawInput: { server_name: "browser", request: { mode: "form", _meta: { tool_title: "Type text" } } },
        content: [{ type: "content", content: text('Allow the browser MCP server to run tool "type"?') }],
      },
      options: gooseOptions,
    };
    const announced = upd({
      sessionUpdate: "tool_call",
      toolCallId: "t1",
      title: "Tool: browser/type",
      status: "pending",
      rawInput: { server: "browser", tool: "type", arguments: { ref: "e3", text: "Ada" } },
    });
    const card = toolCallOf(session(withSession(announced, codexAsks)).toolCalls, "t1");
    expect(card).toMatchObject({
      title: "Tool: browser/type",
      rawInput: { server: "browser", tool: "type", arguments: { ref: "e3", text: "Ada" } },
    });
    expect(card?.content).toHaveLength(1);

    const bare = upd({ sessionUpdate: "tool_call", toolCallId: "t1", title: "", status: "pending" });
    expect(toolCallOf(session(withSession(bare, codexAsks)).toolCalls, "t1")).toMatchObject({
      title: "Approve Type text",
      rawInput: { server_name: "browser" },
    });
  });

  it("a duplicate key is ignored; requests stay oldest first", () => {
    const s = withSession(permission("a", "t1"), permission("b", "t2"));
    expect(run(s, permission("a", "t1"))).toBe(s);
    expect(session(s).permissions.map((p) => p.key)).toEqual(["a", "b"]);
  });

  it("permission_resolved removes only that request; an unknown key changes nothing", () => {
    const s = withSession(permission("a", "t1"), permission("b", "t2"));
    const resolved = run(s, { type: "permission_resolved", sessionId: S, key: "a" });
    expect(session(resolved).permissions.map((p) => p.key)).toEqual(["b"]);
    expect(run(resolved, { type: "permission_resolved", sessionId: S, key: "a" })).toBe(resolved);
  });

  it("a rejected tool ends failed (goose) and the card keeps its details", () => {
    const s = withSession(
      upd(shellToolCall("t1", "rm -rf build")),
      permission("a", "t1"),
      { type: "permission_resolved", sessionId: S, key: "a" },
      upd({ sessionUpdate: "tool_call_update", toolCallId: "t1", status: "failed" }),
    );
    expect(toolCallOf(session(s).toolCalls, "t1")).toMatchObject({ status: "failed", rawInput: { command: "rm -rf build" } });
  });
});
