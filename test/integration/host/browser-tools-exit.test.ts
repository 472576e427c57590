/**
 * goose (1.46–1.47, which takes the browser-tools server with its own add request) dies while the
 * host holds its session/new answer for that request: everything goose wrote (the held answer, the
 * running prompt's chunks behind it) reaches the browser before its exit status and the host's error
 * for the prompt it never answered (docs/ARCHITECTURE.md, "When the agent exits").
 */
import { afterEach, describe, expect, it } from "vitest";
import { HostUnderTest, stopChecked, waitUntil } from "../../helpers/host-harness";

let host: HostUnderTest | undefined;
afterEach(async () => {
  await stopChecked(host);
  host = undefined;
});

describe("goose exits while the host holds a session answer for its extension add", () => {
  it("the held answer and the lines behind it go out first, then `exited`, then the error answers", async () => {
    const h = new HostUnderTest({
      agentEnv: {
        SCRIPTED_AGENT_VERSION: " 1.46.0",
        // The first add (session A) answers after 300 ms; the agent dies in the second one's wait.
        SCRIPTED_AGENT_EXTENSION_ADD_DELAY_MS: "300",
        SCRIPTED_AGENT_EXIT_IN_EXTENSION_ADD: "2",
      },
    });
    host = h;
    await h.startAgent();
    h.send({ host: { type: "browser_tools", enabled: true } });
    await h.initialize();
    const a = await h.request("session/new", { cwd: h.dir, mcpServers: [] });
    const first = (a.result as { sessionId: string }).sessionId;

    // A prompt streams in session A while session B is being opened.
    const from = h.received.length;
    h.send({ jsonrpc: "2.0", id: 70, method: "session/prompt", params: { sessionId: first, prompt: [{ type: "text", text: "slow 5" }] } });
    await h.waitFor((m) => m.kind === "rpc" && m.message.method === "session/update" && tickOf(m.message) !== undefined, 10_000, "a tick");
    h.send({ jsonrpc: "2.0", id: 71, method: "session/new", params: { cwd: h.dir, mcpServers: [] } });
    await h.waitForStatus("exited", 15_000);
    await waitUntil(() => h.rpc().some((m) => m.id === 70 && m.method === undefined), 10_000, "the prompt's answer");

    const got = h.received.slice(from).flatMap((m): string[] => {
      if (m.kind === "host") return m.event.type === "status" ? [`status ${m.event.status.state}`] : [];
      const tick = tickOf(m.message);
      if (tick !== undefined) return ["tick"];
      if (m.message.id === 71) return [m.message.result ? "session B" : `session B failed: ${m.message.error?.message}`];
      if (m.message.id === 70) return [`prompt: ${m.message.error?.message ?? "answered"}`];
      return [];
    });
    const b = got.indexOf("session B");
    const exited = got.indexOf("status exited");
    // goose created session B and said so: that answer, and every tick it wrote, come before its exit.
    expect(b, got.join(", ")).toBeGreaterThanOrEqual(0);
    expect(b, `session B's answer before the exit: ${got.join(", ")}`).toBeLessThan(exited);
    expect(got.slice(b + 1, exited).length, "ticks written behind the held answer").toBeGreaterThan(0);
    expect(got.slice(b + 1, exited).every((e) => e === "tick")).toBe(true);
    expect(got.slice(exited)).toEqual(["status exited", "prompt: The agent exited before answering"]);
    // The add request never got an answer, and no host-made message reached the extension.
    expect(h.rpc().some((m) => typeof m.id === "string" && m.id.startsWith("goose-browser-host/"))).toBe(false);
    expect(h.hostLog).toMatch(/exited: code 101/);
  }, 40_000);
});

function tickOf(m: { method?: string; params?: unknown }): string | undefined {
  const update = (m.params as { update?: { sessionUpdate?: string; content?: { text?: string } } } | undefined)?.update;
  return m.method === "session/update" && update?.sessionUpdate === "agent_message_chunk" && update.content?.text?.startsWith("tick")
    ? update.content.text
    : undefined;
}
