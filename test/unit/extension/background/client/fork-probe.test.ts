/**
 * Whether an agent serves session/fork without advertising it (goose 1.50 to 1.52, issue #33):
 * AgentConnection.servesFork's wire message and how it reads each answer, and the background's
 * learnForkServed, which asks once per agent release.
 */
import { describe, expect, it } from "vitest";
import { AgentConnection } from "../../../../../extension/acp/agent-connection";
import type { AgentCapabilities, AnyMessage } from "../../../../../extension/acp/schema";
import type { ClientContext } from "../../../../../extension/background/client/context";
import { learnForkServed } from "../../../../../extension/background/client/forks/fork-probe";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../../extension/state/app";
import type { ClientEvent } from "../../../../../extension/state/sessions/client-state";
import type { ForkProbeStorage } from "../../../../../extension/storage/fork-probes";
import type { JsonRpcMessage } from "../../../../../shared/host-protocol";

const noQuestions = { onElicitation: async () => ({ action: "cancel" as const }), onElicitationComplete: () => {} };

/** A connection whose agent answers session/fork with `answer` (an error, or a result). */
function answering(answer: { error: { code: number; message: string; data?: unknown } } | { result: unknown }) {
  const sent: AnyMessage[] = [];
  const conn: AgentConnection = new AgentConnection({
    send: (m) => {
      sent.push(m);
      const id = (m as { id?: unknown }).id;
      if ((m as { method?: string }).method === "session/fork")
        setImmediate(() => conn.deliver({ jsonrpc: "2.0", id, ...answer } as JsonRpcMessage));
    },
    onUpdate: () => {},
    onPermission: async () => ({ outcome: { outcome: "cancelled" } }),
    ...noQuestions,
  });
  return { conn, sent };
}

// What goose 1.50.0 and 1.52.0 answer, and what an agent without the method does.
const GOOSE_MISSING_CWD = { error: { code: -32602, message: "Invalid params", data: { error: "missing field `cwd`" } } };
const NOT_FOUND = { error: { code: -32601, message: "Method not found" } };

describe("AgentConnection.servesFork", () => {
  it("asks for a fork of a session that cannot exist, without cwd, so that nothing is forked", async () => {
    const { conn, sent } = answering(GOOSE_MISSING_CWD);
    expect(await conn.servesFork()).toBe(true);
    expect(sent).toEqual([
      expect.objectContaining({ method: "session/fork", params: { sessionId: "goose-browser/fork-probe", mcpServers: [] } }),
    ]);
  });

  it("reads -32601 as not served and any other answer as served", async () => {
    expect(await answering(NOT_FOUND).conn.servesFork()).toBe(false);
    expect(await answering({ error: { code: -32603, message: "Internal error", data: "Session not found" } }).conn.servesFork()).toBe(true);
    expect(await answering({ error: { code: -32002, message: "Resource not found" } }).conn.servesFork()).toBe(true);
  });
});

class MemoryProbes implements ForkProbeStorage {
  constructor(public saved: Record<string, boolean> = {}) {}
  async get(agent: string) {
    return this.saved[agent];
  }
  async set(agent: string, served: boolean) {
    this.saved[agent] = served;
  }
}

function readyCtx(capabilities: AgentCapabilities, info = { name: "goose", version: "1.52.0" }) {
  let state: AppState = initialAppState;
  const events: ClientEvent[] = [];
  const dispatch = (event: ClientEvent) => {
    events.push(event);
    state = reduceApp(state, { scope: "client", event } as AppEvent);
  };
  dispatch({ type: "agent_ready", info, capabilities, authMethods: [] });
  const ctx = { state: () => state, dispatch } as unknown as ClientContext;
  return { ctx, events, agent: () => state.client.agent };
}

const GOOSE_CAPS: AgentCapabilities = { loadSession: true, sessionCapabilities: { list: {}, delete: {}, close: {} } };

describe("learnForkServed", () => {
  it("a goose release not yet asked: asks, keeps the answer by name and version, and marks fork served", async () => {
    const { ctx, agent } = readyCtx(GOOSE_CAPS);
    const { conn, sent } = answering(GOOSE_MISSING_CWD);
    const probes = new MemoryProbes();
    await learnForkServed(ctx, conn, probes);
    expect(sent).toHaveLength(1);
    expect(probes.saved).toEqual({ "goose@1.52.0": true });
    expect(agent().forkServed).toBe(true);
  });

  it("a release asked before: its kept answer, nothing sent", async () => {
    const served = readyCtx(GOOSE_CAPS);
    const a = answering(NOT_FOUND);
    await learnForkServed(served.ctx, a.conn, new MemoryProbes({ "goose@1.52.0": true }));
    expect(a.sent).toEqual([]);
    expect(served.agent().forkServed).toBe(true);

    const refused = readyCtx(GOOSE_CAPS, { name: "goose", version: "1.50.0" });
    const b = answering(GOOSE_MISSING_CWD);
    await learnForkServed(refused.ctx, b.conn, new MemoryProbes({ "goose@1.50.0": false }));
    expect(b.sent).toEqual([]);
    expect(refused.agent().forkServed).toBeUndefined();
  });

  it("an agent without the method: kept as not served, no event", async () => {
    const { ctx, events } = readyCtx(GOOSE_CAPS);
    const probes = new MemoryProbes();
    await learnForkServed(ctx, answering(NOT_FOUND).conn, probes);
    expect(probes.saved).toEqual({ "goose@1.52.0": false });
    expect(events.map((e) => e.type)).toEqual(["agent_ready"]);
  });

  it("an agent that advertises fork is never asked", async () => {
    const { ctx } = readyCtx({ sessionCapabilities: { fork: {} } as AgentCapabilities["sessionCapabilities"] });
    const { conn, sent } = answering(GOOSE_MISSING_CWD);
    await learnForkServed(ctx, conn, new MemoryProbes());
    expect(sent).toEqual([]);
  });
});
