/**
 * The built host connected to the real `goose serve` (1.50.0 and 1.52.0 from npm, our model server as
 * its provider) through a goose serve profile, over real pipes: a turn, a wrong token, the server
 * killed mid-turn and started again, a session of another connection. The token never reaches the
 * host's log, its stderr or anything it sends the extension.
 */
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { AGENT_EXITED_REPLY, type JsonRpcMessage } from "../../shared/host-protocol";
import { type GooseServe, startGooseServe } from "../helpers/goose-serve";
import { HostUnderTest, stopChecked } from "../helpers/host-harness";
import { gooseBuilds } from "./real-goose";

let host: HostUnderTest | undefined;
let serve: GooseServe | undefined;
afterEach(async () => {
  if (host && serve) expectNoToken(host, serve.token);
  await stopChecked(host);
  await serve?.close();
  host = undefined;
  serve = undefined;
});

function hostFor(s: GooseServe, token = s.token): HostUnderTest {
  return new HostUnderTest({ profiles: { desktop: { url: s.url, token } }, defaultProfile: "desktop" });
}

function expectNoToken(h: HostUnderTest, token: string): void {
  expect(h.hostLog).not.toContain(token);
  expect(h.stderr).not.toContain(token);
  expect(h.rawFrames.join("\n")).not.toContain(token);
}

async function newSession(h: HostUnderTest, cwd: string): Promise<string> {
  const r = await h.request("session/new", { cwd, mcpServers: [] }, 30_000);
  const id = (r.result as { sessionId?: string } | undefined)?.sessionId;
  if (!id) throw new Error(`session/new failed: ${JSON.stringify(r)}`);
  return id;
}

function textOf(h: HostUnderTest, sessionId: string): string {
  return h
    .rpc()
    .flatMap((m: JsonRpcMessage) => {
      const p = m.params as { sessionId?: string; update?: { sessionUpdate?: string; content?: { text?: string } } } | undefined;
      return m.method === "session/update" && p?.sessionId === sessionId && p.update?.sessionUpdate === "agent_message_chunk"
        ? [p.update.content?.text ?? ""]
        : [];
    })
    .join("");
}

/** A client of the server beside the host, as goose Desktop is: its own WebSocket, the token in the URL as a browser's must be. */
async function otherClient(s: GooseServe): Promise<{ call(method: string, params: unknown): Promise<unknown>; close(): void }> {
  const ws = new WebSocket(`${s.url}?token=${s.token}`);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  let next = 0;
  const call = (method: string, params: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++next;
      const onMessage = (data: Buffer) => {
        const m = JSON.parse(data.toString()) as { id?: number; method?: string; result?: unknown; error?: unknown };
        if (m.id !== id || m.method) return;
        ws.off("message", onMessage);
        if (m.error) reject(new Error(JSON.stringify(m.error)));
        else resolve(m.result);
      };
      ws.on("message", onMessage);
      ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    });
  await call("initialize", { protocolVersion: 1, clientCapabilities: {} });
  return { call, close: () => ws.close() };
}

describe.each(gooseBuilds())("the host and goose serve $version", (build) => {
  it("runs a turn over the WebSocket and says which goose serves it", async () => {
    serve = await startGooseServe(build.binary);
    host = hostFor(serve);
    const running = await host.startAgent();
    expect(running).toMatchObject({ state: "running", profile: "desktop", command: serve.url, version: build.version, pid: 1 });
    const init = await host.initialize();
    expect(init.result).toMatchObject({ agentInfo: { name: "goose", version: build.version } });
    const sessionId = await newSession(host, serve.home);
    const answer = await host.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "hello there" }] }, 60_000);
    expect(answer.result).toMatchObject({ stopReason: "end_turn" });
    expect(textOf(host, sessionId)).toBe("You said: hello there");
    expect(host.hostLog).toContain(`connected to goose serve ${serve.url}`);
  });

  it("offers the browser tools on this machine: goose serve calls one through the host and reads its answer", async () => {
    serve = await startGooseServe(build.binary);
    host = hostFor(serve);
    await host.startAgent();
    host.send({ host: { type: "browser_tools", enabled: true } });
    await host.initialize();
    const sessionId = await newSession(host, serve.home);
    const offer = await host.waitForHost("browser_tools_offer");
    expect(offer).toMatchObject({ sessionId, outcome: "added", via: "mcpServers" });
    const turn = host.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "browser list_tabs" }] }, 60_000);
    const call = await host.waitForHost("tool_call", 30_000);
    expect(call).toMatchObject({ tool: "list_tabs", sessionId });
    host.send({ host: { type: "tool_result", callId: call.callId, content: [{ type: "text", text: "tab 7: Example Domain" }] } });
    expect((await turn).result).toMatchObject({ stopReason: "end_turn" });
    expect(textOf(host, sessionId)).toBe("The browser said: tab 7: Example Domain");
  });

  it("lists a session another client of the server made (as goose Desktop would), says where it came from, and opens it", async () => {
    serve = await startGooseServe(build.binary);
    const other = await otherClient(serve);
    const theirs = await other.call("session/new", { cwd: serve.home, mcpServers: [] });
    const sessionId = (theirs as { sessionId: string }).sessionId;
    await other.call("session/prompt", { sessionId, prompt: [{ type: "text", text: "made elsewhere" }] });
    other.close();
    host = hostFor(serve);
    await host.startAgent();
    await host.initialize();
    const list = await host.request("session/list", {});
    const listed = (list.result as { sessions: Array<{ sessionId: string; title?: string; _meta?: { sessionType?: string } }> }).sessions;
    expect(listed).toContainEqual(
      expect.objectContaining({ sessionId, title: "made elsewhere", _meta: expect.objectContaining({ sessionType: "acp" }) }),
    );
    const loaded = await host.request("session/load", { sessionId, cwd: serve.home, mcpServers: [] }, 30_000);
    expect(loaded.error).toBeUndefined();
    const answer = await host.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "and continued here" }] }, 60_000);
    expect(answer.result).toMatchObject({ stopReason: "end_turn" });
    expect(textOf(host, sessionId)).toContain("You said: and continued here");
  });

  it("carries a 20 MiB message, which goose takes only in frames of at most 16 MiB", async () => {
    serve = await startGooseServe(build.binary);
    host = hostFor(serve);
    await host.startAgent();
    await host.initialize();
    // A session/new the host reads whole (it sets mcpServers), so it goes to goose as one buffer.
    const padding = "x".repeat(20 * 1024 * 1024);
    const answer = await host.request("session/new", { cwd: serve.home, mcpServers: [], _meta: { padding } }, 60_000);
    expect(answer.result).toMatchObject({ sessionId: expect.any(String) });
    expect(host.statuses()).toEqual(["starting", "running"]);
  });

  it("connects over wss:// to goose serve --tls, trusting the certificate goose made for itself", async () => {
    serve = await startGooseServe(build.binary, { tls: true });
    host = new HostUnderTest({
      profiles: { desktop: { url: serve.url, token: serve.token, certificate: serve.certificate } },
      defaultProfile: "desktop",
    });
    expect(await host.startAgent()).toMatchObject({ state: "running", command: serve.url, version: build.version });
    expect((await host.initialize()).result).toMatchObject({ agentInfo: { name: "goose" } });
  });

  it("says the token is wrong, with the fix, and does not try again by itself", async () => {
    serve = await startGooseServe(build.binary);
    host = hostFor(serve, "not-the-token");
    await host.waitForHost("hello");
    host.start();
    const failed = await host.waitForStatus("failed");
    expect(failed.message).toBe(`the goose serve at ${serve.url} refused the token (401)`);
    expect(failed.fix).toContain("profiles.desktop.token");
    await new Promise((r) => setTimeout(r, 1500));
    expect(host.statuses()).toEqual(["starting", "failed"]);
    const refused = await host.request("session/list", {});
    expect(refused.error).toMatchObject({ code: -32603 });
  });

  it("reports the server gone mid-turn, answers the turn, and connects again once it is back", async () => {
    serve = await startGooseServe(build.binary);
    host = hostFor(serve);
    await host.startAgent();
    await host.initialize();
    const sessionId = await newSession(host, serve.home);
    await host.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "first words" }] }, 60_000);
    const slow = host.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "slow 20" }] }, 60_000);
    await host.waitFor((m) => m.kind === "rpc" && JSON.stringify(m.message).includes("tick 1"), 30_000, "the slow turn's first tick");
    await serve.kill();
    const exited = await host.waitForStatus("exited");
    expect(exited.stderrTail[0]).toContain(`The connection to ${serve.url} closed`);
    expect((await slow).error).toMatchObject({ code: -32603, message: AGENT_EXITED_REPLY });
    await serve.start();
    const back = await host.waitFor(
      (m) => m.kind === "host" && m.event.type === "status" && m.event.status.state === "running" && m.event.status.pid === 2,
      30_000,
      "running again on a second connection",
    );
    expect(back).toBeDefined();
    await host.initialize();
    // The session lives on the server: loaded on the new connection, with its history.
    const loaded = await host.request("session/load", { sessionId, cwd: serve.home, mcpServers: [] }, 30_000);
    expect(loaded.error).toBeUndefined();
    expect(JSON.stringify(host.rpc())).toContain("first words");
  });
});
