/**
 * A prompt waits for the browser tools the user just turned on (turns.ts, controller.ts
 * untilToolsSettled): goose takes our server into an open session with a request of its own, and a
 * prompt that reached goose before its answer ran without the tools the switch showed as on.
 */
import { describe, expect, it } from "vitest";
import { fakeAgentClient, GOOSE_INIT, type RpcRequest } from "../../../../helpers/fake-acp-agent";
import { waitUntil } from "../../../../helpers/host-harness";

const settle = (ms = 40) => new Promise((r) => setTimeout(r, ms));

function goose(r: RpcRequest) {
  if (r.method === "initialize") return GOOSE_INIT;
  if (r.method === "session/new") return { sessionId: "s1" };
  if (r.method === "session/prompt") return { stopReason: "end_turn" };
  return r.method === "session/list" ? { sessions: [] } : {};
}

async function started(reports = true) {
  const capabilities = reports ? (["browser_tools", "browser_tools_offer"] as const) : (["browser_tools"] as const);
  const t = fakeAgentClient(goose, { panelsOpen: 1, hello: { capabilities: [...capabilities] } });
  t.startAgent();
  await waitUntil(() => t.client().agent.sessionOpened === true, 3000, "the session opened at start");
  t.store.dispatch({ scope: "tools", event: { type: "tools_enabled", enabled: true } });
  return t;
}

const prompts = (t: Awaited<ReturnType<typeof started>>) => t.requests.filter((r) => r.method === "session/prompt");

describe("a prompt and the browser tools being added", () => {
  it("waits until the host says goose took the tools into the session, then goes", async () => {
    const t = await started();
    const turn = t.controller.prompt(null, [{ type: "text", text: "read the page" }]);
    await settle();
    expect(prompts(t)).toHaveLength(0);
    // The message is on screen and the turn runs meanwhile.
    expect(t.client().sessions.s1!.turn).toBe("running");
    t.store.dispatch({ scope: "tools", event: { type: "tools_offer", sessionId: "s1", offer: { outcome: "added" } } });
    await turn;
    expect(prompts(t)).toHaveLength(1);
  });

  it("goes at once when the offer is settled, whatever its outcome", async () => {
    const t = await started();
    t.store.dispatch({ scope: "tools", event: { type: "tools_offer", sessionId: "s1", offer: { outcome: "failed", detail: "x" } } });
    await t.controller.prompt(null, [{ type: "text", text: "hello" }]);
    expect(prompts(t)).toHaveLength(1);
  });

  it("a host that never reports offers does not hold the prompt", async () => {
    const t = await started(false);
    await t.controller.prompt(null, [{ type: "text", text: "hello" }]);
    expect(prompts(t)).toHaveLength(1);
  });

  it("Stop while the tools are added: nothing reaches goose, and the turn ends stopped", async () => {
    const t = await started();
    const turn = t.controller.prompt(null, [{ type: "text", text: "read the page" }]);
    await settle();
    await t.controller.cancel("s1");
    t.store.dispatch({ scope: "tools", event: { type: "tools_offer", sessionId: "s1", offer: { outcome: "added" } } });
    await turn;
    expect(prompts(t)).toHaveLength(0);
    expect(t.client().sessions.s1!.turn).toBe("idle");
    expect(t.client().sessions.s1!.lastStop).toBe("cancelled");
  });
});
