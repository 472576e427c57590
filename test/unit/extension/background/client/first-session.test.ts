/**
 * A panel open on no session asks for one at once (sessions.ts openFirstSession): goose 1.50 and 1.52
 * without a provider answer initialize and fail only at session/new (-32603, "Failed to resolve
 * provider: …"), so that is when the panel can show `goose configure`, before the user types.
 */
import { describe, expect, it } from "vitest";
import { entryArray } from "../../../../../extension/state/conversation/entry-list";
import { MemoryMeta } from "../../../../helpers/client-harness";
import { fakeAgentClient, GOOSE_INIT, type RpcRequest } from "../../../../helpers/fake-acp-agent";
import { waitUntil } from "../../../../helpers/host-harness";

const NO_PROVIDER = {
  code: -32603,
  message: "Internal error",
  data: "Failed to resolve provider: Configuration value not found: GOOSE_PROVIDER",
};
const until = (cond: () => boolean, what: string) => waitUntil(cond, 3000, what);
const settle = () => new Promise((r) => setTimeout(r, 30));

/** goose with a provider: sessions `s1`, `s2`… in auto mode, turns that end at once. */
function goose(noProvider = false) {
  let n = 0;
  return (r: RpcRequest) => {
    if (r.method === "initialize") return GOOSE_INIT;
    if (r.method === "session/new") return noProvider ? { error: NO_PROVIDER } : { sessionId: `s${++n}` };
    if (r.method === "session/prompt") return { stopReason: "end_turn" };
    if (r.method === "session/list") return { sessions: [] };
    return {};
  };
}

describe("the first session opens with the panel", () => {
  it("goose without a provider: its card is shown with no message sent, and the agent is not called working", async () => {
    const t = fakeAgentClient(goose(true), { panelsOpen: 1 });
    t.startAgent();
    await until(() => t.client().lastError !== null, "the failure of session/new");
    expect(t.client().lastError).toMatchObject({ title: "goose has no model provider set up", setup: true });
    expect(t.client().lastError?.fix).toContain("`goose configure`");
    expect(t.methods()).toContain("session/new");
    expect(t.methods()).not.toContain("session/prompt");
    // The status line says "running" only once a session opened (panel/App.tsx).
    expect(t.client().agent.phase).toBe("ready");
    expect(t.client().agent.sessionOpened).toBeUndefined();
    // Asked once: the card stays until the user acts (Restart, or a message, which asks again).
    await settle();
    expect(t.methods().filter((m) => m === "session/new")).toHaveLength(1);
  });

  it("with a provider: the session opened at start takes the first message, so no other is made", async () => {
    const t = fakeAgentClient(goose(), { panelsOpen: 1 });
    t.startAgent();
    await until(() => t.client().agent.sessionOpened === true, "a session opened");
    expect(t.client().activeSessionId).toBe("s1");
    await t.controller.prompt(null, [{ type: "text", text: "hello" }]);
    expect(t.methods().filter((m) => m === "session/new")).toHaveLength(1);
    expect(t.requests.find((r) => r.method === "session/prompt")?.params.sessionId).toBe("s1");
    expect(entryArray(t.client().sessions.s1!.entries)[0]).toMatchObject({ kind: "user" });
  });

  it("a goose that opens the session and fails the first prompt instead (1.53): the same card, from the turn", async () => {
    const t = fakeAgentClient(
      (r) => {
        if (r.method === "initialize") return GOOSE_INIT;
        if (r.method === "session/new") return { sessionId: "s1" };
        if (r.method === "session/prompt") return { error: NO_PROVIDER };
        return r.method === "session/list" ? { sessions: [] } : {};
      },
      { panelsOpen: 1 },
    );
    t.startAgent();
    await until(() => t.client().agent.sessionOpened === true, "a session opened");
    await t.controller.prompt(null, [{ type: "text", text: "hello" }]);
    // panel/App.tsx shows the session's error as the card when it is a setup error, and no "running" line.
    expect(t.client().sessions.s1!.error).toMatchObject({ title: "goose has no model provider set up", setup: true });
    expect(entryArray(t.client().sessions.s1!.entries)[0]).toMatchObject({ kind: "user" });
  });

  it("with no panel open nothing is opened; the panel opening does it", async () => {
    const t = fakeAgentClient(goose(true));
    t.startAgent();
    await until(() => t.client().agent.phase === "ready", "ready");
    await settle();
    expect(t.methods()).not.toContain("session/new");
    t.openPanel();
    await until(() => t.client().lastError !== null, "the failure of session/new");
    expect(t.client().lastError?.title).toBe("goose has no model provider set up");
  });

  it("a session to restore is loaded, and no new one is made beside it", async () => {
    const meta = new MemoryMeta();
    meta.saved.activeSessionId = "kept";
    const t = fakeAgentClient(goose(), { panelsOpen: 1, meta });
    t.startAgent();
    await until(() => t.client().agent.sessionOpened === true, "the restore");
    await settle();
    expect(t.client().activeSessionId).toBe("kept");
    expect(t.methods()).toContain("session/load");
    expect(t.methods()).not.toContain("session/new");
  });

  it("a restart asks again, and the old failure goes with the old process", async () => {
    const t = fakeAgentClient(goose(true), { panelsOpen: 1 });
    t.startAgent();
    await until(() => t.client().lastError !== null, "the first failure");
    t.store.dispatch({
      scope: "connection",
      event: { type: "agent_status", status: { state: "starting", profile: "goose", command: "goose" } },
    });
    await until(() => t.client().agent.phase === "offline", "the agent gone");
    t.startAgent();
    await until(() => t.methods().filter((m) => m === "session/new").length === 2, "asked again");
  });
});
