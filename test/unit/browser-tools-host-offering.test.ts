/** How the host offers its MCP server to the agent, watching the ACP traffic it relays. */
import { describe, expect, it } from "vitest";
import { agentKind, HOST_REQUEST_PREFIX, ToolOffering } from "../../native-host/browser-tools/offering";
import type { Endpoint } from "../../native-host/browser-tools/server";
import type { JsonRpcMessage } from "../../shared/host-protocol";
import { FakeClock } from "./helpers/fake-clock";

const endpoint: Endpoint = { url: "http://127.0.0.1:5555/mcp", token: "tok" };
const GOOSE_INIT = {
  protocolVersion: 1,
  agentInfo: { name: "goose", version: "1.50.0" },
  agentCapabilities: { mcpCapabilities: { http: true } },
};
const OTHER_INIT = {
  protocolVersion: 1,
  agentInfo: { name: "claude-agent-acp" },
  agentCapabilities: { mcpCapabilities: { http: true, sse: true } },
};

function setup(init: unknown, enabled = true) {
  const clock = new FakeClock();
  const toAgent: JsonRpcMessage[] = [];
  const toExtension: JsonRpcMessage[] = [];
  const warnings: string[] = [];
  const offering = new ToolOffering({
    sendToAgent: (m) => toAgent.push(m),
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
  return { clock, toAgent, toExtension, warnings, offering, fromAgent };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const newSession = (id: number): JsonRpcMessage => ({ jsonrpc: "2.0", id, method: "session/new", params: { cwd: "/", mcpServers: [] } });
const update = (n: number): JsonRpcMessage => ({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s1", update: { n } } });

describe("agentKind", () => {
  it("goes by what the agent says it is", () => {
    expect(agentKind(GOOSE_INIT)).toBe("goose");
    expect(agentKind({ agentCapabilities: { _meta: { goose: {} }, mcpCapabilities: { http: true } } })).toBe("goose");
    expect(agentKind(OTHER_INIT)).toBe("mcp-http");
    expect(agentKind({ agentInfo: { name: "gemini" }, agentCapabilities: { mcpCapabilities: { sse: true } } })).toBe("none");
    expect(agentKind({ agentInfo: { name: "other" }, agentCapabilities: { _meta: { goose: {} }, mcpCapabilities: {} } })).toBe("none");
  });
});

describe("offering to goose", () => {
  it("holds the session/new response (and what follows) until goose answered _goose/extensions/add, and swallows that answer", async () => {
    const { toAgent, toExtension, offering, fromAgent } = setup(GOOSE_INIT);
    toExtension.length = 0;
    offering.fromExtension(newSession(1));
    const response: JsonRpcMessage = { jsonrpc: "2.0", id: 1, result: { sessionId: "s1" } };
    fromAgent(response);
    fromAgent(update(1));
    await flush();
    expect(toExtension).toEqual([]);
    expect(toAgent).toEqual([
      {
        jsonrpc: "2.0",
        id: `${HOST_REQUEST_PREFIX}1`,
        method: "_goose/extensions/add",
        params: {
          sessionId: "s1",
          config: {
            type: "streamable_http",
            name: "browser",
            description: expect.any(String),
            uri: endpoint.url,
            headers: { Authorization: "Bearer tok", "x-goose-browser-session": "s1" },
            timeout: 300,
          },
        },
      },
    ]);
    expect(offering.mcpServersFor()).toEqual([]);
    const answer: JsonRpcMessage = { jsonrpc: "2.0", id: `${HOST_REQUEST_PREFIX}1`, result: {} };
    fromAgent(answer);
    await flush();
    expect(toExtension).toEqual([response, update(1)]);
    fromAgent(update(2));
    expect(toExtension).toEqual([response, update(1), update(2)]);
  });

  it("session/load: uses the request's sessionId; an error answer or a time-out releases the hold", async () => {
    const { toAgent, toExtension, offering, fromAgent, clock, warnings } = setup(GOOSE_INIT);
    toExtension.length = 0;
    offering.fromExtension({ jsonrpc: "2.0", id: 7, method: "session/load", params: { sessionId: "old", cwd: "/", mcpServers: [] } });
    fromAgent({ jsonrpc: "2.0", id: 7, result: {} });
    await flush();
    expect(toAgent[0]).toMatchObject({ method: "_goose/extensions/add", params: { sessionId: "old" } });
    fromAgent({ jsonrpc: "2.0", id: toAgent[0]!.id!, error: { code: -32603, message: "no" } });
    await flush();
    expect(toExtension).toEqual([{ jsonrpc: "2.0", id: 7, result: {} }]);
    expect(warnings.some((w) => w.includes("error -32603"))).toBe(true);

    offering.fromExtension(newSession(8));
    fromAgent({ jsonrpc: "2.0", id: 8, result: { sessionId: "s8" } });
    await flush();
    expect(toExtension).toHaveLength(1);
    clock.advance(9_999);
    await flush();
    expect(toExtension).toHaveLength(1);
    clock.advance(1);
    await flush();
    expect(toExtension.at(-1)).toEqual({ jsonrpc: "2.0", id: 8, result: { sessionId: "s8" } });
    // The late answer still never reaches the extension.
    fromAgent({ jsonrpc: "2.0", id: toAgent[1]!.id!, result: {} });
    expect(toExtension).toHaveLength(2);
  });

  it("a failed session/new is forwarded at once; nothing is offered", async () => {
    const { toAgent, toExtension, offering, fromAgent } = setup(GOOSE_INIT);
    offering.fromExtension(newSession(2));
    fromAgent({ jsonrpc: "2.0", id: 2, error: { code: -32000, message: "auth" } });
    expect(toExtension.at(-1)).toMatchObject({ id: 2 });
    expect(toAgent).toEqual([]);
  });

  it("tools off: nothing is sent or held; turning them on adds the server to open sessions, off removes it", async () => {
    const { toAgent, toExtension, offering, fromAgent } = setup(GOOSE_INIT, false);
    offering.fromExtension(newSession(3));
    fromAgent({ jsonrpc: "2.0", id: 3, result: { sessionId: "s3" } });
    expect(toExtension.at(-1)).toMatchObject({ id: 3 });
    expect(toAgent).toEqual([]);
    offering.setEnabled(true);
    await flush();
    expect(toAgent).toEqual([
      expect.objectContaining({ method: "_goose/extensions/add", params: expect.objectContaining({ sessionId: "s3" }) }),
    ]);
    offering.setEnabled(false);
    expect(toAgent[1]).toMatchObject({ method: "_goose/extensions/remove", params: { sessionId: "s3", name: "browser" } });
  });

  it("an agent restart releases what was held, in order", async () => {
    const { toExtension, offering, fromAgent } = setup(GOOSE_INIT);
    toExtension.length = 0;
    offering.fromExtension(newSession(4));
    fromAgent({ jsonrpc: "2.0", id: 4, result: { sessionId: "s4" } });
    fromAgent(update(1));
    await flush();
    offering.agentReset();
    expect(toExtension).toEqual([{ jsonrpc: "2.0", id: 4, result: { sessionId: "s4" } }, update(1)]);
    expect(offering.agentKind).toBe("unknown");
  });
});

describe("offering to other agents", () => {
  it("puts exactly the host's server into mcpServers while tools are on", () => {
    const { offering, toAgent } = setup(OTHER_INIT);
    expect(offering.mcpServersFor()).toEqual([
      { type: "http", name: "browser", url: endpoint.url, headers: [{ name: "Authorization", value: "Bearer tok" }] },
    ]);
    offering.setEnabled(false);
    expect(offering.mcpServersFor()).toEqual([]);
    expect(toAgent).toEqual([]);
  });

  it("offers nothing to an agent without mcpCapabilities.http", () => {
    const { offering } = setup({ agentInfo: { name: "x" }, agentCapabilities: {} });
    expect(offering.mcpServersFor()).toEqual([]);
  });
});
