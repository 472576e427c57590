/** How the host offers its MCP server to the agent, watching the ACP traffic it relays, and what it reports. */
import { describe, expect, it } from "vitest";
import { extensionResult, gooseWayOf } from "../../../../native-host/browser-tools/goose-ways";
import { agentKind, HOST_REQUEST_PREFIX, ToolOffering } from "../../../../native-host/browser-tools/offering";
import type { Endpoint } from "../../../../native-host/browser-tools/server";
import type { HostToolsOffer, JsonRpcMessage } from "../../../../shared/host-protocol";
import { FakeClock } from "../../../helpers/fake-clock";

const endpoint: Endpoint = { url: "http://127.0.0.1:5555/mcp", token: "tok" };
const goose = (version: string) => ({
  protocolVersion: 1,
  agentInfo: { name: "goose", version },
  agentCapabilities: { mcpCapabilities: { http: true } },
});
const GOOSE_150 = goose("1.50.0");
const GOOSE_146 = goose("1.46.2");
const GOOSE_130 = goose("1.30.0");
const OTHER_INIT = {
  protocolVersion: 1,
  agentInfo: { name: "claude-agent-acp" },
  agentCapabilities: { mcpCapabilities: { http: true, sse: true } },
};

function setup(init: unknown, enabled = true) {
  const clock = new FakeClock();
  const toAgent: JsonRpcMessage[] = [];
  const toExtension: JsonRpcMessage[] = [];
  const reports: HostToolsOffer[] = [];
  const warnings: string[] = [];
  const offering = new ToolOffering({
    sendToAgent: (m) => toAgent.push(m),
    report: (r) => reports.push(r),
    endpoint: () => endpoint,
    ready: Promise.resolve(endpoint),
    clock,
    holdMs: 10_000,
    log: { info: () => {}, warn: (m) => warnings.push(m) },
  });
  offering.setEnabled(enabled);
  const fromAgent = (m: JsonRpcMessage) => offering.fromAgent(m, () => toExtension.push(m));
  offering.fromExtension({ jsonrpc: "2.0", id: 0, method: "initialize", params: {} });
  fromAgent({ jsonrpc: "2.0", id: 0, result: init });
  toExtension.length = 0;
  /** The relay's order: the policy asks for mcpServers, then the request is watched. */
  const send = (m: JsonRpcMessage) => {
    const servers = offering.mcpServersFor(m);
    offering.fromExtension(m);
    return servers;
  };
  const answer = (id: string | number, result: unknown = {}) => fromAgent({ jsonrpc: "2.0", id, result });
  const fail = (id: string | number, code: number, message: string, data?: unknown) =>
    fromAgent({ jsonrpc: "2.0", id, error: { code, message, ...(data !== undefined ? { data } : {}) } });
  return { clock, toAgent, toExtension, reports, warnings, offering, fromAgent, send, answer, fail };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const newSession = (id: number): JsonRpcMessage => ({ jsonrpc: "2.0", id, method: "session/new", params: { cwd: "/", mcpServers: [] } });
const loadSession = (id: number, sessionId: string): JsonRpcMessage => ({
  jsonrpc: "2.0",
  id,
  method: "session/load",
  params: { sessionId, cwd: "/", mcpServers: [] },
});
const update = (n: number): JsonRpcMessage => ({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s1", update: { n } } });

describe("agentKind and goose's ways", () => {
  it("goes by what the agent says it is", () => {
    expect(agentKind(GOOSE_150)).toBe("goose");
    expect(agentKind({ agentCapabilities: { _meta: { goose: {} }, mcpCapabilities: { http: true } } })).toBe("goose");
    expect(agentKind(OTHER_INIT)).toBe("mcp-http");
    expect(agentKind({ agentInfo: { name: "gemini" }, agentCapabilities: { mcpCapabilities: { sse: true } } })).toBe("none");
    expect(agentKind({ agentInfo: { name: "other" }, agentCapabilities: { _meta: { goose: {} }, mcpCapabilities: {} } })).toBe("none");
  });

  it("picks the way by goose's release: mcpServers from 1.48, the unstable methods in 1.46–1.47, the old ones before", () => {
    expect(gooseWayOf("1.50.0")).toBe("mcp-servers");
    expect(gooseWayOf("1.48.0")).toBe("mcp-servers");
    expect(gooseWayOf("2.0.0")).toBe("mcp-servers");
    expect(gooseWayOf("1.47.9")).toBe("session-extensions");
    expect(gooseWayOf("1.46.0")).toBe("session-extensions");
    expect(gooseWayOf("1.45.3")).toBe("legacy-extensions");
    expect(gooseWayOf("1.16.0")).toBe("legacy-extensions");
    expect(gooseWayOf(undefined)).toBe("legacy-extensions");
  });

  it("reads goose's per-extension results", () => {
    const result = {
      _meta: {
        extensionResults: [
          { name: "developer", success: true },
          { name: "browser", success: false, error: "refused" },
        ],
      },
    };
    expect(extensionResult(result, "browser")).toEqual({ success: false, error: "refused" });
    expect(extensionResult(result, "developer")).toEqual({ success: true });
    expect(extensionResult(result, "other")).toBeUndefined();
    expect(extensionResult({}, "browser")).toBeUndefined();
  });
});

describe("goose 1.48 and newer: mcpServers", () => {
  it("puts the server into session/new with a session alias, holds nothing, and reports goose's extensionResults", async () => {
    const { send, answer, toAgent, toExtension, reports, offering } = setup(GOOSE_150);
    const servers = send(newSession(1));
    expect(servers).toEqual([
      {
        type: "http",
        name: "browser",
        url: endpoint.url,
        headers: [
          { name: "Authorization", value: "Bearer tok" },
          { name: "x-goose-browser-session", value: "new-1" },
        ],
      },
    ]);
    answer(1, {
      sessionId: "s1",
      _meta: {
        extensionResults: [
          { name: "developer", success: true },
          { name: "browser", success: true },
        ],
      },
    });
    expect(toExtension.map((m) => m.id)).toEqual([1]);
    expect(toAgent).toEqual([]);
    expect(reports).toEqual([{ type: "browser_tools_offer", sessionId: "s1", outcome: "added", via: "mcpServers" }]);
    // A call made with the alias belongs to the session goose created.
    expect(offering.sessionOf("new-1")).toBe("s1");
    expect(offering.sessionOf("s9")).toBe("s9");
  });

  it("reports a server goose could not load as failed, in goose's words; session/load names its session", () => {
    const { send, answer, reports } = setup(GOOSE_150);
    expect(send(loadSession(2, "old"))[0]?.headers[1]).toEqual({ name: "x-goose-browser-session", value: "old" });
    answer(2, { _meta: { extensionResults: [{ name: "browser", success: false, error: "failed to initialize MCP client: 401" }] } });
    expect(reports).toEqual([
      {
        type: "browser_tools_offer",
        sessionId: "old",
        outcome: "failed",
        via: "mcpServers",
        detail: "failed to initialize MCP client: 401",
      },
    ]);
  });

  it("a session goose started without the server (a recipe's own extensions leave mcpServers out): added with goose's add", async () => {
    const { send, answer, toAgent, reports } = setup(GOOSE_150);
    expect(send(newSession(4))).toHaveLength(1);
    answer(4, { sessionId: "s4", _meta: { extensionResults: [{ name: "developer", success: true }] } });
    await flush();
    expect(toAgent).toEqual([
      expect.objectContaining({ method: "_goose/unstable/session/extensions/add", params: expect.objectContaining({ sessionId: "s4" }) }),
    ]);
    answer(`${HOST_REQUEST_PREFIX}1`);
    await flush();
    expect(reports.at(-1)).toMatchObject({ sessionId: "s4", outcome: "added", via: "_goose/unstable/session/extensions/add" });
    // goose that reports no results at all (older builds) is taken at its word: offered, nothing sent.
    const quiet = setup(GOOSE_150);
    quiet.send(newSession(5));
    quiet.answer(5, { sessionId: "s5" });
    await flush();
    expect(quiet.toAgent).toEqual([]);
    expect(quiet.reports).toEqual([{ type: "browser_tools_offer", sessionId: "s5", outcome: "offered", via: "mcpServers" }]);
  });

  it("tools turned on in an open session: goose's unstable add; off: its unstable remove by extension key", async () => {
    const { send, answer, toAgent, reports, offering } = setup(GOOSE_150, false);
    expect(send(newSession(3))).toEqual([]);
    answer(3, { sessionId: "s3" });
    offering.setEnabled(true);
    await flush();
    expect(toAgent).toEqual([
      {
        jsonrpc: "2.0",
        id: `${HOST_REQUEST_PREFIX}1`,
        method: "_goose/unstable/session/extensions/add",
        params: {
          sessionId: "s3",
          extension: {
            type: "mcp",
            server: {
              type: "http",
              name: "browser",
              url: endpoint.url,
              headers: [
                { name: "Authorization", value: "Bearer tok" },
                { name: "x-goose-browser-session", value: "s3" },
              ],
            },
            description: expect.any(String),
            timeout: 300,
          },
        },
      },
    ]);
    answer(`${HOST_REQUEST_PREFIX}1`);
    await flush();
    expect(reports.at(-1)).toMatchObject({ sessionId: "s3", outcome: "added", via: "_goose/unstable/session/extensions/add" });
    offering.setEnabled(false);
    expect(toAgent[1]).toMatchObject({
      method: "_goose/unstable/session/extensions/remove",
      params: { sessionId: "s3", extensionKey: "browser" },
    });
    expect(reports.at(-1)).toMatchObject({ sessionId: "s3", outcome: "removed" });
  });
});

describe("goose 1.46 and 1.47: the unstable methods, the answer held", () => {
  it("holds the session/new answer (and what follows) until goose answered, swallows that answer, reports added", async () => {
    const { send, answer, fromAgent, toAgent, toExtension, reports } = setup(GOOSE_146);
    expect(send(newSession(1))).toEqual([]);
    const response: JsonRpcMessage = { jsonrpc: "2.0", id: 1, result: { sessionId: "s1" } };
    fromAgent(response);
    fromAgent(update(1));
    await flush();
    expect(toExtension).toEqual([]);
    expect(toAgent).toEqual([
      expect.objectContaining({ method: "_goose/unstable/session/extensions/add", params: expect.objectContaining({ sessionId: "s1" }) }),
    ]);
    answer(`${HOST_REQUEST_PREFIX}1`);
    await flush();
    expect(toExtension).toEqual([response, update(1)]);
    expect(reports).toEqual([
      { type: "browser_tools_offer", sessionId: "s1", outcome: "added", via: "_goose/unstable/session/extensions/add" },
    ]);
  });

  it("a goose that does not know the method (-32601) gets the other one, and keeps it for later sessions", async () => {
    const { send, answer, fail, toAgent, reports } = setup(GOOSE_146);
    send(newSession(1));
    answer(1, { sessionId: "s1" });
    await flush();
    fail(toAgent[0]!.id!, -32601, "Method not found");
    await flush();
    expect(toAgent[1]).toMatchObject({ method: "_goose/extensions/add", params: { sessionId: "s1", config: { type: "streamable_http" } } });
    answer(toAgent[1]!.id!);
    await flush();
    expect(reports.at(-1)).toMatchObject({ outcome: "added", via: "_goose/extensions/add" });
    send(newSession(2));
    answer(2, { sessionId: "s2" });
    await flush();
    expect(toAgent[2]).toMatchObject({ method: "_goose/extensions/add", params: { sessionId: "s2" } });
  });

  it("a refusal is reported with goose's error and data; turning the tools on again retries", async () => {
    const { send, answer, fail, toAgent, toExtension, reports, offering, warnings } = setup(GOOSE_146);
    send(newSession(1));
    answer(1, { sessionId: "s1" });
    await flush();
    fail(toAgent[0]!.id!, -32603, "Internal error", "error sending request for url (http://127.0.0.1:5555/mcp)");
    await flush();
    expect(toExtension.map((m) => m.id)).toEqual([1]);
    expect(warnings.some((w) => w.includes("error -32603"))).toBe(true);
    expect(reports.at(-1)).toEqual({
      type: "browser_tools_offer",
      sessionId: "s1",
      outcome: "failed",
      via: "_goose/unstable/session/extensions/add",
      detail: "Internal error: error sending request for url (http://127.0.0.1:5555/mcp)",
    });
    offering.setEnabled(true);
    await flush();
    expect(toAgent[1]).toMatchObject({ method: "_goose/unstable/session/extensions/add", params: { sessionId: "s1" } });
  });

  it("no answer within the hold time: the session answer goes on and the offer is reported failed", async () => {
    const { send, answer, toExtension, reports, clock } = setup(GOOSE_146);
    send(newSession(8));
    answer(8, { sessionId: "s8" });
    await flush();
    clock.advance(9_999);
    await flush();
    expect(toExtension).toEqual([]);
    clock.advance(1);
    await flush();
    expect(toExtension.map((m) => m.id)).toEqual([8]);
    expect(reports.at(-1)).toMatchObject({ outcome: "failed", detail: "no answer within 10 s" });
  });
});

describe("goose before 1.46: _goose/extensions/add", () => {
  it("session/load: uses the request's sessionId and goose's old shape; off removes by name", async () => {
    const { send, answer, toAgent, toExtension, offering } = setup(GOOSE_130);
    expect(send(loadSession(7, "old"))).toEqual([]);
    answer(7);
    await flush();
    expect(toAgent[0]).toEqual({
      jsonrpc: "2.0",
      id: `${HOST_REQUEST_PREFIX}1`,
      method: "_goose/extensions/add",
      params: {
        sessionId: "old",
        config: {
          type: "streamable_http",
          name: "browser",
          description: expect.any(String),
          uri: endpoint.url,
          headers: { Authorization: "Bearer tok", "x-goose-browser-session": "old" },
          timeout: 300,
        },
      },
    });
    answer(`${HOST_REQUEST_PREFIX}1`);
    await flush();
    expect(toExtension.map((m) => m.id)).toEqual([7]);
    offering.setEnabled(false);
    expect(toAgent[1]).toMatchObject({ method: "_goose/extensions/remove", params: { sessionId: "old", name: "browser" } });
  });
});

describe("any goose", () => {
  it("a failed session/new is forwarded at once; nothing is offered or reported", () => {
    const { send, fail, toAgent, toExtension, reports } = setup(GOOSE_130);
    send(newSession(2));
    fail(2, -32000, "auth");
    expect(toExtension.at(-1)).toMatchObject({ id: 2 });
    expect(toAgent).toEqual([]);
    expect(reports).toEqual([]);
  });

  it("an agent restart releases what was held, in order, and reports nothing for the dead agent", async () => {
    const { send, answer, fromAgent, toExtension, reports, offering } = setup(GOOSE_130);
    send(newSession(4));
    answer(4, { sessionId: "s4" });
    fromAgent(update(1));
    await flush();
    offering.agentReset();
    await flush();
    expect(toExtension).toEqual([{ jsonrpc: "2.0", id: 4, result: { sessionId: "s4" } }, update(1)]);
    expect(offering.agentKind).toBe("unknown");
    expect(reports).toEqual([]);
  });
});

describe("offering to other agents", () => {
  it("puts exactly the host's server into mcpServers while tools are on, and reports it offered", () => {
    const { send, answer, toAgent, reports, offering } = setup(OTHER_INIT);
    expect(send(newSession(1))).toEqual([
      {
        type: "http",
        name: "browser",
        url: endpoint.url,
        headers: [
          { name: "Authorization", value: "Bearer tok" },
          { name: "x-goose-browser-session", value: "new-1" },
        ],
      },
    ]);
    answer(1, { sessionId: "c1" });
    expect(reports).toEqual([{ type: "browser_tools_offer", sessionId: "c1", outcome: "offered", via: "mcpServers" }]);
    offering.setEnabled(false);
    expect(send(newSession(2))).toEqual([]);
    expect(toAgent).toEqual([]);
    expect(reports.at(-1)).toMatchObject({ sessionId: "c1", outcome: "removed" });
    // It cannot drop the server: turned on again, its calls are served again.
    offering.setEnabled(true);
    expect(reports.at(-1)).toMatchObject({ sessionId: "c1", outcome: "offered" });
  });

  it("a session opened before the tools were on gets them only from the next session: reported as later", () => {
    const { send, answer, reports, offering } = setup(OTHER_INIT, false);
    send(newSession(1));
    answer(1, { sessionId: "c1" });
    offering.setEnabled(true);
    expect(reports).toEqual([{ type: "browser_tools_offer", sessionId: "c1", outcome: "later" }]);
  });

  it("offers nothing to an agent without mcpCapabilities.http, and says so", () => {
    const { send, answer, reports } = setup({ agentInfo: { name: "x" }, agentCapabilities: {} });
    expect(send(newSession(1))).toEqual([]);
    answer(1, { sessionId: "x1" });
    expect(reports).toEqual([{ type: "browser_tools_offer", sessionId: "x1", outcome: "unsupported" }]);
  });
});
