import { describe, expect, it } from "vitest";
import { SessionFolders } from "../../../../native-host/files/session-folders";

describe("SessionFolders", () => {
  it("binds each opened session to its cwd and additional folders once the agent answers", () => {
    const f = new SessionFolders();
    f.fromExtension({
      jsonrpc: "2.0",
      id: 1,
      method: "session/new",
      params: { cwd: "/w", additionalDirectories: ["/x", 3], mcpServers: [] },
    });
    expect(f.watches({ id: 1 })).toBe(true);
    expect(f.watches({ id: 1, method: "session/update" })).toBe(false);
    f.fromAgent({ jsonrpc: "2.0", id: 1, result: { sessionId: "s1" } });
    expect(f.foldersOf("s1")).toEqual(["/w", "/x"]);
    expect(f.watches({ id: 1 })).toBe(false);

    f.fromExtension({ jsonrpc: "2.0", id: 2, method: "session/load", params: { sessionId: "old", cwd: "/o", mcpServers: [] } });
    f.fromAgent({ jsonrpc: "2.0", id: 2, result: {} });
    expect(f.foldersOf("old")).toEqual(["/o"]);

    f.fromExtension({ jsonrpc: "2.0", id: 3, method: "session/fork", params: { sessionId: "s1", cwd: "/f", mcpServers: [] } });
    f.fromAgent({ jsonrpc: "2.0", id: 3, result: { sessionId: "s2" } });
    expect(f.foldersOf("s2")).toEqual(["/f"]);
  });

  it("forgets a session refused, closed, deleted, or of an agent that stopped", () => {
    const f = new SessionFolders();
    f.fromExtension({ jsonrpc: "2.0", id: 1, method: "session/load", params: { sessionId: "x", cwd: "/w" } });
    f.fromAgent({ jsonrpc: "2.0", id: 1, error: { code: -32002, message: "not found" } });
    expect(f.foldersOf("x")).toBeUndefined();
    for (const [id, method, name] of [
      [2, "session/close", "a"],
      [3, "session/delete", "b"],
    ] as const) {
      f.fromExtension({ jsonrpc: "2.0", id: 10 + id, method: "session/new", params: { cwd: "/w" } });
      f.fromAgent({ jsonrpc: "2.0", id: 10 + id, result: { sessionId: name } });
      expect(f.fromExtension({ jsonrpc: "2.0", id, method, params: { sessionId: name } })).toEqual(
        method === "session/delete" ? { deleted: "b" } : {},
      );
      expect(f.foldersOf(name)).toBeUndefined();
    }
    f.fromExtension({ jsonrpc: "2.0", id: 9, method: "session/new", params: { cwd: "/w" } });
    f.fromAgent({ jsonrpc: "2.0", id: 9, result: { sessionId: "c" } });
    f.reset();
    expect(f.foldersOf("c")).toBeUndefined();
  });
});
