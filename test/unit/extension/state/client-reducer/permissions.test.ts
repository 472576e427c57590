/** Permission requests and the user's answers (extension/state/client-reducer/permissions.ts). */
import { describe, expect, it } from "vitest";
import { toolCallOf } from "../../../../../extension/state/tool-call-map";
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
