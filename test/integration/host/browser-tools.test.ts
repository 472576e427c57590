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
import { timedCalls } from "../../../native-host/browser-tools/timing";
import type { HostToolCall, JsonRpcMessage } from "../../../shared/host-protocol";
import { preloadEnv, TEST_EXE } from "../../helpers/exe-host";
import { type HostOptions, HostUnderTest, waitUntil } from "../../helpers/host-harness";

const hosts: HostUnderTest[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) {
    expect(h.stdoutErrors, "stdout carried only valid frames").toEqual([]);
    // The token never reaches the extension (debug is off, so not the log either).
    const token = serversGiven(h)[0]?.token;
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
  readOnly?: string[];
  message?: string;
  at: number;
  result?: { content: Array<{ type: string; text?: string }>; isError?: boolean };
}

function start(
  o: { identity?: "other"; hostEnv?: Record<string, string>; agentEnv?: Record<string, string>; hostConfig?: Record<string, unknown> } = {},
) {
  const mcpLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gb-mcp-")), "mcp.ndjson");
  const agentEnv = { SCRIPTED_AGENT_MCP_LOG: mcpLog, ...(o.identity ? { SCRIPTED_AGENT_IDENTITY: o.identity } : {}), ...o.agentEnv };
  const options: HostOptions = { agentEnv, ...(o.hostEnv ? { env: o.hostEnv } : {}), ...(o.hostConfig ? { config: o.hostConfig } : {}) };
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

/** The server the agent was given, however it was given: its session, address, token and session header. */
interface ServerGiven {
  method: string;
  sessionId?: string;
  url: string;
  token: string;
  sessionHeader?: string;
}
type HttpServer = { name: string; url: string; headers: Array<{ name: string; value: string }> };
function fromHttp(method: string, sessionId: string | undefined, server: HttpServer): ServerGiven {
  const header = (name: string) => server.headers.find((h) => h.name.toLowerCase() === name)?.value;
  return {
    method,
    ...(sessionId ? { sessionId } : {}),
    url: server.url,
    token: (header("authorization") ?? "").replace(/^Bearer /, ""),
    ...(header("x-goose-browser-session") ? { sessionHeader: header("x-goose-browser-session") } : {}),
  };
}
function serversGiven(h: HostUnderTest): ServerGiven[] {
  return h.agentReceived().flatMap((m): ServerGiven[] => {
    const p = (m.params ?? {}) as Record<string, unknown> & { sessionId?: string };
    if (m.method === "session/new" || m.method === "session/load") {
      return ((p.mcpServers as HttpServer[] | undefined) ?? []).map((s) => fromHttp(m.method!, p.sessionId, s));
    }
    if (m.method === "_goose/unstable/session/extensions/add") {
      return [fromHttp(m.method, p.sessionId, (p.extension as { server: HttpServer }).server)];
    }
    if (m.method === "_goose/extensions/add") {
      const c = p.config as { uri: string; headers: Record<string, string> };
      return [
        {
          method: m.method,
          ...(p.sessionId ? { sessionId: p.sessionId } : {}),
          url: c.uri,
          token: (c.headers.Authorization ?? "").replace(/^Bearer /, ""),
          ...(c.headers["x-goose-browser-session"] ? { sessionHeader: c.headers["x-goose-browser-session"] } : {}),
        },
      ];
    }
    return [];
  });
}

function offers(h: HostUnderTest): Array<{ sessionId: string; outcome: string; via?: string; detail?: string }> {
  return h.received.flatMap((m) => (m.kind === "host" && m.event.type === "browser_tools_offer" ? [m.event as never] : []));
}

/** goose's three eras (native-host/browser-tools/goose-ways.ts), each as the scripted agent plays it. */
const ERAS = [
  { version: " 1.50.0", way: "session/new", held: false, remove: "_goose/unstable/session/extensions/remove" },
  { version: " 1.46.0", way: "_goose/unstable/session/extensions/add", held: true, remove: "_goose/unstable/session/extensions/remove" },
  { version: " 1.30.0", way: "_goose/extensions/add", held: true, remove: "_goose/extensions/remove" },
] as const;

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
const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "probe", version: "0" } },
});

function rawRequest(uri: string, headers: Record<string, string>, body: string = INITIALIZE): Promise<{ status: number; body: string }> {
  const url = new URL(uri);
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

describe.each(ERAS)("browser tools: goose$version", ({ version, way, held, remove }) => {
  const agentEnv = { SCRIPTED_AGENT_VERSION: version, SCRIPTED_AGENT_EXTENSION_ADD_DELAY_MS: "400" };

  it(`gives goose the server by ${way} before the session answer, says so, forwards a call and returns its content`, async () => {
    const { host, mcpEvents } = start({ agentEnv });
    const hello = await host.waitForHost("hello");
    expect(hello.browserTools).toBe(true);
    await host.startAgent();
    setTools(host, true);
    await host.initialize();
    const sentAt = Date.now();
    const { sessionId, receivedAt } = await newSession(host);

    // Exactly one way, this goose's own; never another era's method.
    const given = serversGiven(host);
    expect(given).toEqual([
      {
        method: way,
        ...(way === "session/new" ? {} : { sessionId }),
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/),
        token: expect.stringMatching(/^[\w-]{43}$/),
        sessionHeader: way === "session/new" ? "new-1" : sessionId,
      },
    ]);
    if (way !== "session/new")
      expect(host.agentReceived().find((m) => m.method === "session/new")?.params).toMatchObject({ mcpServers: [] });
    // goose had connected (and listed the tools with their annotations) before its answer reached the extension.
    const connected = mcpEvents().find((e) => e.event === "connected");
    expect(connected).toMatchObject({ sessionId, tools: expect.arrayContaining(["list_tabs", "click", "screenshot"]) });
    expect(connected!.tools).toHaveLength(18);
    expect(connected!.tools).toEqual(expect.arrayContaining(["press_key", "hover", "drag", "fill_form"]));
    expect(new Set(connected!.readOnly)).toEqual(
      new Set(["list_tabs", "read_page", "get_selection", "page_snapshot", "find", "wait_for", "screenshot"]),
    );
    expect(connected!.at).toBeLessThanOrEqual(receivedAt);
    // Held: the answer waited for goose's slow (400 ms) extension load.
    if (held) expect(receivedAt - sentAt).toBeGreaterThanOrEqual(400);
    expect(offers(host)).toEqual([
      { type: "browser_tools_offer", sessionId, outcome: "added", via: way === "session/new" ? "mcpServers" : way },
    ]);
    // goose's own extensions are still there (a client mcpServers list replaced them before 1.48).
    await prompt(host, sessionId, "tool");
    expect(toolUpdates(host, sessionId)[0]).toMatchObject({ status: "completed" });

    const answered = prompt(host, sessionId, 'call browser click {"ref":"e3"}');
    const call = await nextToolCall(host);
    expect(call).toMatchObject({ type: "tool_call", tool: "click", args: { ref: "e3" }, sessionId });
    // A result for a call the host does not know is ignored (and logged).
    host.send({ host: { type: "tool_result", callId: "t999", content: [{ type: "text", text: "stray" }] } });
    host.send({
      host: {
        type: "tool_result",
        callId: call.callId,
        content: [{ type: "text", text: 'clicked "Submit"' }],
        handlerMs: 1.5,
        apiMs: 0.75,
        pageMs: 0.5,
        pageOwnMs: 0.25,
        scriptFileMs: 2.5,
      },
    });
    expect((await answered).result).toEqual({ stopReason: "end_turn" });
    // The call's split, logged once its answer was written: the bench reads it (native-host/browser-tools/timing.ts).
    await waitUntil(
      () =>
        timedCalls(host.hostLog).some(
          (c) =>
            c.tool === "click" &&
            c.handlerMs === 1.5 &&
            c.apiMs === 0.75 &&
            c.pageMs === 0.5 &&
            c.pageOwnMs === 0.25 &&
            c.scriptFileMs === 2.5,
        ),
      5000,
      "the call's timing logged",
    );
    const [timing] = timedCalls(host.hostLog);
    expect(timing!.hostMs).toBeGreaterThanOrEqual(timing!.browserMs);
    expect(toolUpdates(host, sessionId)[1]).toMatchObject({
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: 'clicked "Submit"' } }],
    });
    await waitUntil(() => host.hostLog.includes("unknown call"), 5000, "stray result logged");

    // goose's answers to the host's own requests never reached the extension.
    expect(host.rpc().some((m) => typeof m.id === "string" && m.id.startsWith("goose-browser-host/"))).toBe(false);
  });

  it("session/load gets the server too; turning the tools off removes it with goose's method", async () => {
    const { host, mcpEvents } = start({ agentEnv });
    await host.startAgent();
    setTools(host, true);
    await host.initialize();
    const { sessionId } = await newSession(host);
    const load = await host.request("session/load", { sessionId, cwd: host.dir, mcpServers: [] });
    expect(load.error).toBeUndefined();
    expect(serversGiven(host).map((g) => g.method)).toEqual(way === "session/new" ? ["session/new", "session/load"] : [way, way]);
    expect(serversGiven(host)[1]?.sessionHeader).toBe(sessionId);
    expect(offers(host).map((o) => o.outcome)).toEqual(["added", "added"]);
    const answered = prompt(host, sessionId, 'call browser navigate {"url":"https://example.com/"}');
    const call = await nextToolCall(host);
    host.send({
      host: { type: "tool_result", callId: call.callId, content: [{ type: "text", text: "The user denied it." }], isError: true },
    });
    await answered;
    expect(toolUpdates(host, sessionId)[0]).toMatchObject({ status: "failed", content: [{ content: { text: "The user denied it." } }] });

    // (goose replaced the server on load: one "removed" already.)
    const removedBefore = mcpEvents().filter((e) => e.event === "removed").length;
    setTools(host, false);
    await waitUntil(() => mcpEvents().filter((e) => e.event === "removed").length > removedBefore, 10_000, "goose dropped the server");
    expect(host.agentReceived().filter((m) => m.method === remove)).toEqual([
      expect.objectContaining({
        params: remove.includes("unstable") ? { sessionId, extensionKey: "browser" } : { sessionId, name: "browser" },
      }),
    ]);
    await waitUntil(() => offers(host).at(-1)?.outcome === "removed", 5000, "removed reported");
  });

  it("a server goose cannot load: the host says so with goose's words, and turning the tools on again retries", async () => {
    const { host } = start({ agentEnv: { ...agentEnv, SCRIPTED_AGENT_MCP_REFUSE: "connection refused (os error 111)" } });
    await host.startAgent();
    setTools(host, true);
    await host.initialize();
    const { sessionId } = await newSession(host);
    await waitUntil(() => offers(host).length > 0, 10_000, "the offer's outcome");
    expect(offers(host)).toEqual([
      {
        type: "browser_tools_offer",
        sessionId,
        outcome: "failed",
        via: way === "session/new" ? "mcpServers" : way,
        detail: expect.stringContaining("connection refused (os error 111)"),
      },
    ]);
    setTools(host, true);
    await waitUntil(() => offers(host).length > 1, 10_000, "the retry's outcome");
    expect(offers(host)[1]).toMatchObject({
      sessionId,
      outcome: "failed",
      via: way === "session/new" ? "_goose/unstable/session/extensions/add" : way,
    });
  });
});

describe("browser tools: goose, whatever the era", () => {
  it("a goose whose release does not match its methods (-32601) gets the other method", async () => {
    const { host } = start({ agentEnv: { SCRIPTED_AGENT_VERSION: " 1.46.0", SCRIPTED_AGENT_GOOSE_ERA: "legacy" } });
    await host.startAgent();
    setTools(host, true);
    await host.initialize();
    const { sessionId } = await newSession(host);
    expect(serversGiven(host).map((g) => g.method)).toEqual(["_goose/unstable/session/extensions/add", "_goose/extensions/add"]);
    expect(offers(host)).toEqual([{ type: "browser_tools_offer", sessionId, outcome: "added", via: "_goose/extensions/add" }]);
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
    expect(serversGiven(host)).toEqual([]);
    expect(mcpEvents().filter((e) => e.event === "connected")).toEqual([]);
    expect(host.received.some((m) => m.kind === "host" && m.event.type === "tool_call")).toBe(false);
  });

  it("approve mode asks about a read-only tool too, in goose's request shape; smart_approve does not", async () => {
    const { host } = start();
    await host.startAgent();
    setTools(host, true);
    await host.initialize();
    const { sessionId } = await newSession(host);
    await host.request("session/set_config_option", { sessionId, configId: "mode", value: "approve" });
    const asked = () => host.rpc().filter((m) => m.method === "session/request_permission");

    // page_snapshot is annotated readOnlyHint; goose 1.50.0 and 1.52.0 ask about it all the same, with
    // no question text and no _meta (captured from both, over ACP).
    const answered = prompt(host, sessionId, "call browser page_snapshot {}");
    await waitUntil(() => asked().length === 1, 15_000, "the agent's question");
    const request = asked()[0]!;
    const card = host
      .rpc()
      .map((m) => (m.params as { update?: { sessionUpdate: string; toolCallId: string } } | undefined)?.update)
      .find((u) => u?.sessionUpdate === "tool_call");
    expect(request.params).toEqual({
      sessionId,
      toolCall: { toolCallId: card!.toolCallId, kind: "other", status: "pending", title: "browser: page snapshot", rawInput: {} },
      options: ["allow_always", "allow_once", "reject_once", "reject_always"].map((id) => ({ optionId: id, name: id, kind: id })),
    });
    host.send({ jsonrpc: "2.0", id: request.id, result: { outcome: { outcome: "selected", optionId: "allow_once" } } });
    const call = await nextToolCall(host);
    expect(call).toMatchObject({ tool: "page_snapshot", sessionId });
    host.send({ host: { type: "tool_result", callId: call.callId, content: [{ type: "text", text: "- heading" }] } });
    expect((await answered).result).toEqual({ stopReason: "end_turn" });

    await host.request("session/set_config_option", { sessionId, configId: "mode", value: "smart_approve" });
    const unasked = prompt(host, sessionId, "call browser page_snapshot {}");
    const again = await nextToolCall(host);
    host.send({ host: { type: "tool_result", callId: again.callId, content: [{ type: "text", text: "- heading" }] } });
    expect((await unasked).result).toEqual({ stopReason: "end_turn" });
    expect(asked()).toHaveLength(1);
  });

  it("a call the extension never answers ends in a tool error after the time-out", async () => {
    const { host } = start({ hostConfig: { toolCallTimeoutMs: 600 } });
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
        headers: [
          { name: "Authorization", value: expect.stringMatching(/^Bearer /) },
          { name: "x-goose-browser-session", value: "new-1" },
        ],
      },
    ]);
    expect(host.agentReceived().some((m) => m.method?.startsWith("_goose/"))).toBe(false);
    expect(offers(host)).toEqual([{ type: "browser_tools_offer", sessionId, outcome: "offered", via: "mcpServers" }]);

    const answered = prompt(host, sessionId, "call browser list_tabs");
    const call = await nextToolCall(host);
    // The session header given with session/new was resolved to the session the agent created.
    expect(call).toMatchObject({ tool: "list_tabs", args: {}, sessionId });
    host.send({ host: { type: "tool_result", callId: call.callId, content: [{ type: "text", text: "[]" }] } });
    await answered;
    expect(toolUpdates(host, sessionId)[0]).toMatchObject({ status: "completed", content: [{ content: { text: "[]" } }] });
  });

  it("a session open before the tools were turned on: `later`; loaded again, the agent takes the server, and loaded again once they are off, drops it", async () => {
    const { host, mcpEvents } = start({ identity: "other" });
    await host.startAgent();
    await host.initialize();
    const { sessionId } = await newSession(host);
    setTools(host, true);
    await waitUntil(() => offers(host).length > 0, 10_000, "the offer");
    expect(offers(host)).toEqual([{ type: "browser_tools_offer", sessionId, outcome: "later" }]);

    // What the extension does for an agent that can load sessions: load the session on screen again.
    const loaded = await host.request("session/load", { sessionId, cwd: host.dir, mcpServers: [] });
    expect(loaded.error).toBeUndefined();
    const load = host
      .agentReceived()
      .filter((m) => m.method === "session/load")
      .at(-1)?.params as { mcpServers: HttpServer[] };
    expect(load.mcpServers.map((s) => fromHttp("session/load", sessionId, s))).toEqual([
      expect.objectContaining({ sessionHeader: sessionId, url: expect.stringMatching(/\/mcp$/) }),
    ]);
    expect(offers(host).at(-1)).toEqual({ type: "browser_tools_offer", sessionId, outcome: "offered", via: "mcpServers" });
    const answered = prompt(host, sessionId, "call browser list_tabs");
    const call = await nextToolCall(host);
    expect(call).toMatchObject({ tool: "list_tabs", sessionId });
    host.send({ host: { type: "tool_result", callId: call.callId, content: [{ type: "text", text: "[]" }] } });
    await answered;
    expect(toolUpdates(host, sessionId).at(-1)).toMatchObject({ status: "completed" });

    // Off: the agent has no way to drop a server but a load without it.
    setTools(host, false);
    await waitUntil(() => offers(host).at(-1)?.outcome === "removed", 10_000, "removed");
    expect(offers(host).at(-1)).toEqual({ type: "browser_tools_offer", sessionId, outcome: "removed" });
    await host.request("session/load", { sessionId, cwd: host.dir, mcpServers: [] });
    expect(
      (
        host
          .agentReceived()
          .filter((m) => m.method === "session/load")
          .at(-1)?.params as { mcpServers: unknown[] }
      ).mcpServers,
    ).toEqual([]);
    expect(mcpEvents().some((e) => e.event === "removed")).toBe(true);
    await prompt(host, sessionId, "call browser list_tabs");
    expect(toolUpdates(host, sessionId).at(-1)).toMatchObject({
      status: "failed",
      content: [{ content: { text: expect.stringContaining("not found") } }],
    });
  });

  it("tools off: mcpServers stays empty", async () => {
    const { host } = start({ identity: "other" });
    await host.startAgent();
    await host.initialize();
    await newSession(host);
    expect(host.agentReceived().find((m) => m.method === "session/new")?.params).toMatchObject({ mcpServers: [] });
  });
});

/** A host with the tools on and a session open, and the server it gave the agent. */
async function withServer(): Promise<{ host: HostUnderTest; uri: string; token: string }> {
  const { host } = start();
  await host.startAgent();
  setTools(host, true);
  await host.initialize();
  await newSession(host);
  const { url: uri, token } = serversGiven(host)[0]!;
  return { host, uri, token };
}

describe("browser tools: the MCP server's door", () => {
  it("refuses no token, a wrong token, a foreign Origin and a foreign Host; a restarted host has a new port and token", async () => {
    const endpoints: Array<{ uri: string; token: string }> = [];
    for (let i = 0; i < 2; i++) {
      const { host, uri, token } = await withServer();
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

  it("a bad request gets the MCP SDK's own JSON-RPC error, and the next one is served", async () => {
    const { host, uri, token } = await withServer();
    const headers = { host: `127.0.0.1:${new URL(uri).port}`, authorization: `Bearer ${token}` };
    const error = (r: { body: string }) => (JSON.parse(r.body) as { error: { code: number; message: string } }).error;
    const notJson = await rawRequest(uri, headers, "{not json");
    expect(notJson.status).toBe(400);
    expect(error(notJson)).toMatchObject({ code: -32700, message: "Parse error: Invalid JSON" });
    const tooLarge = await rawRequest(uri, headers, `"${"x".repeat(4 * 1024 * 1024)}"`);
    expect(tooLarge.status).toBe(413);
    expect(error(tooLarge).code).toBe(-32000);
    const notAccepted = await rawRequest(uri, { ...headers, accept: "application/json" });
    expect(notAccepted.status).toBe(406);
    const notRpc = await rawRequest(uri, headers, JSON.stringify({ hello: 1 }));
    expect(error(notRpc).code).toBe(-32700);
    const call = (args: unknown) =>
      rawRequest(
        uri,
        { ...headers, "mcp-protocol-version": "2025-06-18" },
        JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "page_snapshot", arguments: args } }),
      );
    // Arguments the schema refuses never reach the browser.
    const badArgs = JSON.parse((await call({ tabId: "x" })).body) as { result: { isError: boolean; content: Array<{ text: string }> } };
    expect(badArgs.result.isError).toBe(true);
    expect(badArgs.result.content[0]!.text).toMatch(/Input validation error.*tabId/);
    expect(host.received.some((m) => m.kind === "host" && m.event.type === "tool_call")).toBe(false);
    expect(await rawRequest(uri, headers)).toMatchObject({ status: 200 });
  });
});

describe("browser tools: the MCP server's cost", () => {
  it("listens from start-up but loads node:http and the tools part only when the first connection comes", async () => {
    // A preload that records, as the host exits, which of Node's own modules it loaded (node only:
    // Bun keeps no such list) and which code it compiled with node:vm (the packed tools part, both).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-modules-"));
    const preload = path.join(dir, "record-modules.cjs");
    fs.writeFileSync(
      preload,
      [
        `const vm = require("node:vm"); const compile = vm.compileFunction; const compiled = [];`,
        `vm.compileFunction = function (code, params, o) { compiled.push("compiled " + (o && o.filename)); return compile.apply(this, arguments); };`,
        `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(dir)} + "/" + process.pid, [...(process.moduleLoadList || []), ...compiled].join("\\n")));`,
      ].join("\n"),
    );
    const loaded = async (tools: boolean): Promise<{ http: boolean; toolsPart: boolean }> => {
      const { host, mcpEvents } = start({ hostEnv: preloadEnv(preload) });
      await host.startAgent();
      setTools(host, tools);
      await host.initialize();
      await newSession(host);
      // With tools on, goose is told about the server and connects to it (the scripted agent lists its tools).
      if (tools) await waitUntil(() => mcpEvents().some((e) => e.event === "connected"), 15_000, "the agent's MCP connection");
      await host.close();
      const lines = fs.readFileSync(path.join(dir, String(host.child.pid)), "utf8").split("\n");
      return { http: lines.includes("NativeModule http"), toolsPart: lines.includes("compiled goose-browser-tools.cjs") };
    };
    try {
      // Bun has node:http built in; only node's list can show it being loaded.
      expect(await loaded(false)).toEqual({ http: false, toolsPart: false });
      expect(await loaded(true)).toEqual({ http: !TEST_EXE, toolsPart: true });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
