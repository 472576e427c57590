/** The built host relaying a whole ACP conversation between "the browser" (this test) and the scripted goose. */

import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { HOST_PROTOCOL_VERSION, type JsonRpcMessage } from "../../../shared/host-protocol";
import { hostRuntimeVersion, TEST_EXE } from "../../helpers/exe-host";
import { FAKE_GOOSE, HostUnderTest, stopChecked } from "../../helpers/host-harness";

const require = createRequire(import.meta.url);

let host: HostUnderTest | undefined;
afterEach(async () => {
  await stopChecked(host);
  host = undefined;
});

type Update = { sessionUpdate: string; [k: string]: unknown };
const updates = (h: HostUnderTest): Update[] =>
  h.rpc().flatMap((m) => (m.method === "session/update" ? [(m.params as { update: Update }).update] : []));

async function newSession(h: HostUnderTest): Promise<string> {
  const r = await h.request("session/new", { cwd: h.dir, mcpServers: [] });
  expect(r.error).toBeUndefined();
  return (r.result as { sessionId: string }).sessionId;
}

describe("host ⇄ scripted goose conversation", () => {
  it("says hello first, starts goose, and reports its version", async () => {
    host = new HostUnderTest();
    const hello = await host.waitForHost("hello");
    expect(host.received[0]).toMatchObject({ kind: "host", event: { type: "hello" } });
    expect(hello).toMatchObject({
      protocolVersion: HOST_PROTOCOL_VERSION,
      profiles: ["goose"],
      defaultProfile: "goose",
      cwd: host.dir,
      nodeVersion: hostRuntimeVersion(),
    });
    if (TEST_EXE) expect(hello.hostPath).toBe(TEST_EXE);
    else expect(hello.hostPath).toMatch(/dist\/native-host\/host\.cjs$/);
    expect(hello.configFile).toBe(`${host.dir}/host.json`);
    expect(hello.configError).toBeUndefined();
    host.start();
    const running = await host.waitForStatus("running");
    expect(running).toMatchObject({ profile: "goose", version: "1.50.0", cwd: host.dir });
    expect(host.statuses()).toEqual(["discovering", "starting", "running"]);
  });

  it("relays initialize → new → approve mode → prompt → permission round trip", async () => {
    host = new HostUnderTest();
    await host.startAgent();
    const init = await host.initialize();
    expect(init.result).toMatchObject({ protocolVersion: 1, agentCapabilities: { loadSession: true } });
    const sessionId = await newSession(host);
    const mode = await host.request("session/set_config_option", { sessionId, configId: "mode", value: "approve" });
    expect(mode.error).toBeUndefined();

    const promptId = 42;
    host.send({
      jsonrpc: "2.0",
      id: promptId,
      method: "session/prompt",
      params: { sessionId, prompt: [{ type: "text", text: "tool please" }] },
    });
    const ask = await host.waitFor((m) => m.kind === "rpc" && m.message.method === "session/request_permission");
    const req = (ask as { message: JsonRpcMessage }).message;
    const params = req.params as { toolCall: { toolCallId: string }; options: Array<{ optionId: string; kind: string }> };
    expect(params.options.map((o) => o.kind).sort()).toEqual(["allow_always", "allow_once", "reject_always", "reject_once"]);
    // The agent's own request id comes through untouched, and our answer goes back with it.
    host.send({ jsonrpc: "2.0", id: req.id, result: { outcome: { outcome: "selected", optionId: "allow_once" } } });
    const done = await host.waitFor((m) => m.kind === "rpc" && m.message.id === promptId && m.message.method === undefined);
    expect((done as { message: JsonRpcMessage }).message.result).toEqual({ stopReason: "end_turn" });

    const ups = updates(host);
    expect(ups.some((u) => u.sessionUpdate === "agent_message_chunk")).toBe(true);
    expect(
      ups.find((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed" && u.toolCallId === params.toolCall.toolCallId),
    ).toBeDefined();
    const answer = host.agentReceived().find((m) => m.id === req.id && m.method === undefined);
    expect(answer?.result).toEqual({ outcome: { outcome: "selected", optionId: "allow_once" } });
  });

  it("relays session/cancel and the cancelled stop reason", async () => {
    host = new HostUnderTest();
    await host.startAgent();
    await host.initialize();
    const sessionId = await newSession(host);
    host.send({ jsonrpc: "2.0", id: 7, method: "session/prompt", params: { sessionId, prompt: [{ type: "text", text: "slow" }] } });
    await host.waitFor(
      (m) =>
        m.kind === "rpc" &&
        m.message.method === "session/update" &&
        (m.message.params as { update: Update }).update.sessionUpdate === "agent_message_chunk",
    );
    host.send({ jsonrpc: "2.0", method: "session/cancel", params: { sessionId } });
    const r = await host.waitFor((m) => m.kind === "rpc" && m.message.id === 7 && m.message.method === undefined, 5000);
    expect((r as { message: JsonRpcMessage }).message.result).toEqual({ stopReason: "cancelled" });
  });

  it("relays a session/load replay before its response, in a later host process", async () => {
    host = new HostUnderTest();
    await host.startAgent();
    await host.initialize();
    const sessionId = await newSession(host);
    const p = await host.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "hello there" }] });
    expect(p.result).toEqual({ stopReason: "end_turn" });
    const dir = host.dir;
    await host.close();

    const stateDir = `${dir}/agent-state`;
    host = new HostUnderTest({ agentEnv: { SCRIPTED_AGENT_STATE_DIR: stateDir } });
    await host.startAgent();
    await host.initialize();
    const list = await host.request("session/list", {});
    expect((list.result as { sessions: Array<{ sessionId: string }> }).sessions.map((s) => s.sessionId)).toContain(sessionId);
    const loadId = 77;
    host.send({ jsonrpc: "2.0", id: loadId, method: "session/load", params: { sessionId, cwd: dir, mcpServers: [] } });
    await host.waitFor((m) => m.kind === "rpc" && m.message.id === loadId && m.message.method === undefined);
    const rpc = host.rpc();
    const responseAt = rpc.findIndex((m) => m.id === loadId && m.method === undefined);
    const replay = rpc
      .slice(0, responseAt)
      .filter((m) => m.method === "session/update")
      .map((m) => (m.params as { update: Update }).update);
    expect(replay.some((u) => u.sessionUpdate === "user_message_chunk")).toBe(true);
    expect(replay.some((u) => u.sessionUpdate === "agent_message_chunk")).toBe(true);
  });

  it("replaces mcpServers the extension sends, so a message cannot make the agent run a command", async () => {
    host = new HostUnderTest();
    await host.startAgent();
    await host.initialize();
    const evil = { name: "evil", command: "/bin/sh", args: ["-c", "touch /tmp/pwned"], env: [] };
    const r = await host.request("session/new", { cwd: host.dir, mcpServers: [evil] });
    expect(r.error).toBeUndefined();
    const seen = host.agentReceived().find((m) => m.method === "session/new");
    expect((seen?.params as { mcpServers: unknown[] }).mcpServers).toEqual([]);
    expect(host.hostLog).toContain("1 mcpServers from the extension were removed");
  });

  it("refuses methods outside ACP with a JSON-RPC error, and the agent never sees them", async () => {
    host = new HostUnderTest();
    await host.startAgent();
    await host.initialize();
    const r = await host.request("_goose/config/upsert", { key: "GOOSE_MODE", value: "auto" });
    expect(r.error).toMatchObject({ code: -32601 });
    expect(host.agentReceived().some((m) => m.method === "_goose/config/upsert")).toBe(false);
    const err = await host.waitForHost("error");
    expect(err.code).toBe("method_not_allowed");
  });

  it("answers a request sent before the agent runs with an error instead of hanging", async () => {
    host = new HostUnderTest();
    await host.waitForHost("hello");
    const r = await host.request("initialize", { protocolVersion: 1 });
    expect(r.error).toMatchObject({ code: -32603, message: "The agent is not running" });
    expect((await host.waitForHost("error")).code).toBe("agent_not_running");
  });

  it("delivers messages sent while a slow agent is still starting", async () => {
    host = new HostUnderTest({ agentEnv: { SCRIPTED_AGENT_STARTUP_DELAY_MS: "1500" } });
    await host.startAgent();
    const init = await host.initialize();
    expect(init.result).toMatchObject({ protocolVersion: 1 });
  });

  it("runs another configured agent profile picked by name, and refuses unknown names", async () => {
    host = new HostUnderTest({
      profiles: {
        goose: { command: "/nonexistent/goose" },
        claude: { command: FAKE_GOOSE, args: ["acp"] },
      },
    });
    const hello = await host.waitForHost("hello");
    expect(hello.profiles).toEqual(["goose", "claude"]);
    host.start("missing");
    expect((await host.waitForHost("error")).code).toBe("unknown_profile");
    host.start("claude");
    expect(await host.waitForStatus("running")).toMatchObject({ profile: "claude", command: FAKE_GOOSE });
    expect((await host.initialize()).result).toMatchObject({ protocolVersion: 1 });
  });

  it("runs the agent in a working folder the extension chose, and refuses one that does not exist", async () => {
    host = new HostUnderTest();
    await host.waitForHost("hello");
    host.send({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION, cwd: "/definitely/not/here" } });
    expect((await host.waitForHost("error")).code).toBe("invalid_cwd");
    expect(host.statuses()).toEqual([]);
    const chosen = `${host.dir}/agent-state`;
    require("node:fs").mkdirSync(chosen, { recursive: true });
    host.send({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION, cwd: chosen } });
    expect(await host.waitForStatus("running")).toMatchObject({ cwd: chosen });
    expect((await host.request("session/new", { cwd: chosen, mcpServers: [] })).error).toBeUndefined();
  });

  it("answers diagnose with its log's last lines and each profile's resolution, without starting an agent", async () => {
    host = new HostUnderTest({
      profiles: { goose: { command: FAKE_GOOSE, args: ["acp"] }, ghost: { command: "/nope/ghost", args: [] } },
    });
    await host.waitForHost("hello");
    host.send({ host: { type: "diagnose" } });
    const d = await host.waitForHost("diagnostics");
    expect(d.profiles).toEqual([
      { name: "goose", command: FAKE_GOOSE, args: ["acp"], resolved: FAKE_GOOSE, version: "1.50.0" },
      {
        name: "ghost",
        command: "/nope/ghost",
        args: [],
        problem: { state: "not_found", fix: "/nope/ghost does not exist or is not executable." },
      },
    ]);
    expect(d.logTail.join("\n")).toContain("command from extension: diagnose");
    // The default profile runs a command named goose: point at goose's own logs (HOME is the test dir).
    expect(d.agentLogDir).toBe(`${host.dir}/.local/state/goose/logs`);
    expect(host.statuses()).toEqual([]);
  });
});
