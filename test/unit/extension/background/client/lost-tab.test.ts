/**
 * A -32002 on loading a session this agent process opened (background/client/sessions/sessions.ts): not a
 * delete made elsewhere, so the tab stays, with a new session in its place (issue #40).
 */
import { describe, expect, it } from "vitest";
import { entryArray } from "../../../../../extension/state/conversation/entry-list";
import { fakeAgentClient, type RpcRequest } from "../../../../helpers/fake-acp-agent";
import { waitUntil } from "../../../../helpers/host-harness";

/** An agent without resume (parking closes the session) that refuses to load the first session it made. */
function forgetfulAgent() {
  let next = 1;
  return (r: RpcRequest) => {
    if (r.method === "initialize")
      return {
        protocolVersion: 1,
        agentInfo: { name: "forgetful", version: "1.0.0" },
        agentCapabilities: { loadSession: true, sessionCapabilities: { close: {} } },
        authMethods: [],
      };
    if (r.method === "session/new") return { sessionId: `s${next++}` };
    if (r.method === "session/load" && r.params.sessionId === "s1") return { error: { code: -32002, message: "Resource not found" } };
    if (r.method === "session/prompt") return { stopReason: "end_turn" };
    return {};
  };
}

describe("a tab whose session the agent lost", () => {
  it("stays where it was, with a new session in it, and says so", async () => {
    const t = fakeAgentClient(forgetfulAgent());
    t.startAgent();
    await waitUntil(() => t.client().agent.phase === "ready", 3000, "ready");
    await t.controller.newSession();
    await t.controller.prompt("s1", [{ type: "text", text: "hello" }]);
    for (let i = 0; i < 8; i++) await t.controller.newSession();
    // Parked beyond the eight in memory; without resume, closed on the agent.
    expect(t.client().sessions.s1).toBeUndefined();
    expect(t.methods()).toContain("session/close");

    await t.controller.openSession("s1");
    const tabs = t.client().tabs.map((tab) => tab.sessionId);
    expect(tabs).toHaveLength(9);
    expect(tabs[0]).toBe("s10");
    expect(tabs).not.toContain("s1");
    expect(t.client().activeSessionId).toBe("s10");
    expect(t.client().lastError).toBeNull();
    const notices = entryArray(t.client().sessions.s10!.entries).filter((e) => e.kind === "notice");
    expect(notices.map((n) => (n.kind === "notice" ? n.text : ""))).toEqual([expect.stringContaining("a new session opened in its place")]);
  });
});

describe("a tab left empty, after a browser restart", () => {
  it("stays, with a new session in it, when the new agent process does not know its session", async () => {
    // codex-acp knows a session only once it was prompted: one opened and never used is unknown to the
    // agent process that starts after a restart.
    const answer = (first: number) => {
      let next = first;
      return (r: RpcRequest) => {
        if (r.method === "initialize")
          return {
            protocolVersion: 1,
            agentInfo: { name: "codex", version: "0.16.0" },
            agentCapabilities: { loadSession: true },
            authMethods: [],
          };
        if (r.method === "session/new") return { sessionId: `s${next++}` };
        if (r.method === "session/load") return { error: { code: -32002, message: "Resource not found" } };
        return {};
      };
    };
    const before = fakeAgentClient(answer(1));
    before.startAgent();
    await waitUntil(() => before.client().agent.phase === "ready", 3000, "ready");
    await before.controller.newSession();
    await waitUntil(() => before.meta.saved.activeSessionId === "s1", 3000, "s1 remembered");

    const after = fakeAgentClient(answer(5), { meta: before.meta });
    after.startAgent();
    await waitUntil(() => after.client().agent.phase === "ready", 3000, "ready again");
    await waitUntil(() => after.methods().includes("session/new"), 3000, "a new session for the tab");
    await waitUntil(() => after.client().activeSessionId === "s5", 3000, "the new session shown");
    expect(after.methods()).toContain("session/load");
    expect(after.client().tabs.map((t) => t.sessionId)).toEqual(["s5"]);
    expect(after.client().lastError).toBeNull();
  });
});
