/**
 * Browser tools through the built host: this test plays the extension over real pipes, the scripted
 * agent (goose mode or another agent) connects to the host's MCP server with the official MCP
 * client and calls tools on cue (`call browser <tool> {json}`).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { HostToolCall, JsonRpcMessage } from "../../shared/host-protocol";
import { type HostOptions, HostUnderTest, waitUntil } from "./host-harness";

const hosts: HostUnderTest[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) {
    expect(h.stdoutErrors, "stdout carried only valid frames").toEqual([]);
    // The token never reaches the extension (debug is off, so not the log either).
    const token = addRequests(h)[0]?.config.headers.Authorization?.slice("Bearer ".length);
    if (token) {
      expect(JSON.stringify(h.received)).not.toContain(token);
      expect(h.hostLog).not.toContain(token);
    }
    h.kill();
    await h.exit;
  }
});

interface McpEvent {
  event: string;
  sessionId?: string;
  tool?: string;
  tools?: string[];
  at: number;
  result?: { content: Array<{ type: string; text?: string }>; isError?: boolean };
}

function start(o: { identity?: "other"; hostEnv?: Record<string, string>; agentEnv?: Record<string, string> } = {}) {
  const mcpLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gb-mcp-")), "mcp.ndjson");
  const agentEnv = { SCRIPTED_AGENT_MCP_LOG: mcpLog, ...(o.identity ? { SCRIPTED_AGENT_IDENTITY: o.identity } : {}), ...o.agentEnv };
  const options: HostOptions = { agentEnv, ...(o.hostEnv ? { env: o.hostEnv } : {}) };
  const host = new HostUnderTest(options);
  // The harness puts agentEnv into the goose profile; the state dir etc. stay per host.
  hosts.push(host);
  const mcpEvents = (): McpEvent[] =>
    fs.existsSync(mcpLog)
      ? fs
          .readFileSync(mcpLog, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as McpEvent)
      : [];
  return { host, mcpEvents };
}

function setTools(h: HostUnderTest, enabled: boolean): void {
  h.send({ host: { type: "browser_tools", enabled } });
}

interface AddRequest {
  sessionId: string;
  config: { type: string; name: string; uri: string; headers: Record<string, string>; timeout: number };
}
function addRequests(h: HostUnderTest): AddRequest[] {
  return h.agentReceived().flatMap((m) => (m.method === "_goose/extensions/add" ? [m.params as AddRequest] : []));
}

async function newSession(h: HostUnderTest): Promise<{ sessionId: string; receivedAt: number }> {
  const r = await h.request("session/new", { cwd: h.dir, mcpServers: [] });
  expect(r.error).toBeUndefined();
  return { sessionId: (r.result as { sessionId: string }).sessionId, receivedAt: Date.now() };
}

/** Sends a prompt; resolves with its response. */
function prompt(h: HostUnderTest, sessionId: string, text: string, timeoutMs = 30_000): Promise<JsonRpcMessage> {
  return h.request("session/prompt", { sessionId, prompt: [{ type: "text", text }] }, timeoutMs);
}

type Update = { sessionUpdate: string; status?: string; content?: Array<{ content: { type: string; text?: string } }> };
function toolUpdates(h: HostUnderTest, sessionId: string): Update[] {
  return h
    .rpc()
    .flatMap((m) =>
      m.method === "session/update" && (m.params as { sessionId: string }).sessionId === sessionId
        ? [(m.params as { update: Update }).update]
        : [],
    )
    .filter((u) => u.sessionUpdate === "tool_call_update" && (u.status === "completed" || u.status === "failed"));
}

async function nextToolCall(h: HostUnderTest): Promise<HostToolCall> {
  const seen = h.received.filter((m) => m.kind === "host" && m.event.type === "tool_call").length;
  await waitUntil(() => h.received.filter((m) => m.kind === "host" && m.event.type === "tool_call").length > seen, 15_000, "tool_call");
  const calls = h.received.flatMap((m) => (m.kind === "host" && m.event.type === "tool_call" ? [m.event] : []));
  return calls[seen] as HostToolCall;
}

/** A raw HTTP request to the MCP server, with exactly the headers given. */
function rawRequest(uri: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(uri);
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "probe", version: "0" } },
  });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: url.port,
        path: url.pathname,
        method: "POST",
        setHost: false,
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("browser tools: goose", () => {
  it(
    "adds the server with _goose/extensions/add before the session/new response, " + "forwards a call and returns the extension's content",
    async () => {
      const { host, mcpEvents } = start({ agentEnv: { SCRIPTED_AGENT_EXTENSION_ADD_DELAY_MS: "400" } });
      const hello = await host.waitForHost("hello");
      expect(hello.browserTools).toBe(true);
      await host.startAgent();
      setTools(host, true);
      await host.initialize();
      const sentAt = Date.now();
      const { sessionId, receivedAt } = await newSession(host);

      // goose got the server through its own method, never through mcpServers.
      const [add] = addRequests(host);
      expect(add).toMatchObject({
        sessionId,
        config: {
          type: "streamable_http",
          name: "browser",
          timeout: 300,
          headers: { Authorization: expect.stringMatching(/^Bearer [\w-]{43}$/) },
        },
      });
      expect(add!.config.uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(host.agentReceived().find((m) => m.method === "session/new")?.params).toMatchObject({ mcpServers: [] });
      // The response was held until goose (slow here: 400 ms) had connected and answered.
      const connected = mcpEvents().find((e) => e.event === "connected");
      expect(connected).toMatchObject({ sessionId, tools: expect.arrayContaining(["list_tabs", "click", "screenshot"]) });
      expect(connected!.tools).toHaveLength(13);
      expect(connected!.at).toBeLessThanOrEqual(receivedAt);
      expect(receivedAt - sentAt).toBeGreaterThanOrEqual(400);

      const answered = prompt(host, sessionId, 'call browser click {"ref":"e3"}');
      const call = await nextToolCall(host);
      expect(call).toMatchObject({ type: "tool_call", tool: "click", args: { ref: "e3" }, sessionId });
      // A result for a call the host does not know is ignored (and logged).
      host.send({ host: { type: "tool_result", callId: "t999", content: [{ type: "text", text: "stray" }] } });
      host.send({ host: { type: "tool_result", callId: call.callId, content: [{ type: "text", text: 'clicked "Submit"' }] } });
      expect((await answered).result).toEqual({ stopReason: "end_turn" });
      const [done] = toolUpdates(host, sessionId);
      expect(done).toMatchObject({
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: 'clicked "Submit"' } }],
      });
      await waitUntil(() => host.hostLog.includes("unknown call"), 5000, "stray result logged");

      // goose's answer to the host's own request never reached the extension.
      expect(host.rpc().some((m) => typeof m.id === "string" && m.id.startsWith("goose-browser-host/"))).toBe(false);
      expect(host.rpc().filter((m) => m.id !== undefined && m.method === undefined && typeof m.id === "string")).toEqual([]);
    },
  );

  it("session/load gets the server too; an isError result reaches goose as a failed tool call", async () => {
    const { host } = start();
    await host.startAgent();
    setTools(host, true);
    await host.initialize();
    const { sessionId } = await newSession(host);
    const load = await host.request("session/load", { sessionId, cwd: host.dir, mcpServers: [] });
    expect(load.error).toBeUndefined();
    expect(addRequests(host).map((a) => a.sessionId)).toEqual([sessionId, sessionId]);
    const answered = prompt(host, sessionId, 'call browser navigate {"url":"https://example.com/"}');
    const call = await nextToolCall(host);
    host.send({
      host: { type: "tool_result", callId: call.callId, content: [{ type: "text", text: "The user denied it." }], isError: true },
    });
    await answered;
    expect(toolUpdates(host, sessionId)[0]).toMatchObject({ status: "failed", content: [{ content: { text: "The user denied it." } }] });
  });

  it("tools off: goose is never told about the server, and no tool_call ever reaches the extension", async () => {
    const { host, mcpEvents } = start();
    await host.startAgent();
    await host.initialize();
    const { sessionId } = await newSession(host);
    await prompt(host, sessionId, "call browser list_tabs {}");
    // The agent's own report: it has no such extension, and it connected to nothing.
    expect(toolUpdates(host, sessionId)[0]).toMatchObject({
      status: "failed",
      content: [{ content: { text: expect.stringContaining("not found") } }],
    });
    expect(host.agentReceived().map((m) => m.method)).not.toContain("_goose/extensions/add");
    expect(mcpEvents().filter((e) => e.event === "connected")).toEqual([]);
    expect(host.received.some((m) => m.kind === "host" && m.event.type === "tool_call")).toBe(false);
  });

  it("a call the extension never answers ends in a tool error after the time-out", async () => {
    const { host } = start({ hostEnv: { GOOSE_BROWSER_TOOL_CALL_TIMEOUT_MS: "600" } });
    await host.startAgent();
    setTools(host, true);
    await host.initialize();
    const { sessionId } = await newSession(host);
    const answered = prompt(host, sessionId, "call browser read_page {}");
    await nextToolCall(host);
    await answered;
    expect(toolUpdates(host, sessionId)[0]).toMatchObject({
      status: "failed",
      content: [{ content: { text: expect.stringContaining("did not answer read_page") } }],
    });
  });

  it("host shutdown with a call in flight: the agent gets a tool error, not a hang", async () => {
    // The agent outlives stdin and SIGTERM, so it is still there to read the answer.
    const { host, mcpEvents } = start({ agentEnv: { SCRIPTED_AGENT_IGNORE_EOF: "1" } });
    await host.startAgent();
    setTools(host, true);
    await host.initialize();
    const { sessionId } = await newSession(host);
    void prompt(host, sessionId, 'call browser click {"ref":"e1"}').catch(() => {});
    await nextToolCall(host);
    await host.close();
    const call = mcpEvents().find((e) => e.event === "call");
    expect(call).toMatchObject({ tool: "click", result: { isError: true, content: [{ text: expect.stringContaining("shutting down") }] } });
  });
});

describe("browser tools: other agents", () => {
  it("puts exactly the host's server into mcpServers and never sends _goose methods", async () => {
    const { host } = start({ identity: "other" });
    await host.startAgent();
    setTools(host, true);
    const init = await host.initialize();
    expect(init.result).toMatchObject({ agentInfo: { name: "scripted-other-agent" } });
    // Whatever the extension asks for is replaced by the host's own server.
    const r = await host.request("session/new", { cwd: host.dir, mcpServers: [{ name: "evil", command: "/bin/sh", args: [], env: [] }] });
    const sessionId = (r.result as { sessionId: string }).sessionId;
    const sent = host.agentReceived().find((m) => m.method === "session/new")?.params as { mcpServers: unknown[] };
    expect(sent.mcpServers).toEqual([
      {
        type: "http",
        name: "browser",
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/),
        headers: [{ name: "Authorization", value: expect.stringMatching(/^Bearer /) }],
      },
    ]);
    expect(host.agentReceived().some((m) => m.method?.startsWith("_goose/"))).toBe(false);

    const answered = prompt(host, sessionId, "call browser list_tabs");
    const call = await nextToolCall(host);
    expect(call).toMatchObject({ tool: "list_tabs", args: {} });
    host.send({ host: { type: "tool_result", callId: call.callId, content: [{ type: "text", text: "[]" }] } });
    await answered;
    expect(toolUpdates(host, sessionId)[0]).toMatchObject({ status: "completed", content: [{ content: { text: "[]" } }] });
  });

  it("tools off: mcpServers stays empty", async () => {
    const { host } = start({ identity: "other" });
    await host.startAgent();
    await host.initialize();
    await newSession(host);
    expect(host.agentReceived().find((m) => m.method === "session/new")?.params).toMatchObject({ mcpServers: [] });
  });
});

describe("browser tools: the MCP server's door", () => {
  it("refuses no token, a wrong token, a foreign Origin and a foreign Host; a restarted host has a new port and token", async () => {
    const endpoints: Array<{ uri: string; token: string }> = [];
    for (let i = 0; i < 2; i++) {
      const { host } = start();
      await host.startAgent();
      setTools(host, true);
      await host.initialize();
      await newSession(host);
      const { uri, headers } = addRequests(host)[0]!.config;
      const token = (headers.Authorization ?? "").slice("Bearer ".length);
      endpoints.push({ uri, token });
      const port = new URL(uri).port;
      const hostHeader = `127.0.0.1:${port}`;
      const auth = `Bearer ${token}`;
      expect(await rawRequest(uri, { host: hostHeader, authorization: auth })).toMatchObject({ status: 200 });
      expect(await rawRequest(uri, { host: `localhost:${port}`, authorization: auth })).toMatchObject({ status: 200 });
      expect(await rawRequest(uri, { host: hostHeader })).toEqual({ status: 401, body: "" });
      expect(await rawRequest(uri, { host: hostHeader, authorization: `Bearer ${token.slice(0, -2)}xx` })).toEqual({
        status: 401,
        body: "",
      });
      expect(await rawRequest(uri, { host: hostHeader, authorization: auth, origin: "https://evil.example" })).toEqual({
        status: 403,
        body: "",
      });
      expect(await rawRequest(uri, { host: `evil.example:${port}`, authorization: auth })).toEqual({ status: 403, body: "" });
      await host.close();
    }
    expect(endpoints[0]!.uri).not.toBe(endpoints[1]!.uri);
    expect(endpoints[0]!.token).not.toBe(endpoints[1]!.token);
  });
});

describe("browser tools: the MCP server's cost", () => {
  it("listens from start-up but loads node:http only when the first connection comes", async () => {
    // A preload that records, as the host exits, which of Node's own modules it loaded.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-modules-"));
    const preload = path.join(dir, "record-modules.cjs");
    fs.writeFileSync(
      preload,
      `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(dir)} + "/" + process.pid, process.moduleLoadList.join("\\n")));`,
    );
    const httpLoaded = async (tools: boolean): Promise<boolean> => {
      const { host, mcpEvents } = start({ hostEnv: { NODE_OPTIONS: `--require ${preload}` } });
      await host.startAgent();
      setTools(host, tools);
      await host.initialize();
      await newSession(host);
      // With tools on, goose is told about the server and connects to it (the scripted agent lists its tools).
      if (tools) await waitUntil(() => mcpEvents().some((e) => e.event === "connected"), 15_000, "the agent's MCP connection");
      await host.close();
      return fs
        .readFileSync(path.join(dir, String(host.child.pid)), "utf8")
        .split("\n")
        .includes("NativeModule http");
    };
    try {
      expect(await httpLoaded(false)).toBe(false);
      expect(await httpLoaded(true)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
