/**
 * goose's session controls (issue #38): which of them a goose release serves, asked without the
 * sessionId each requires so nothing is done, and only through a host that lets them pass; what the
 * jobs send and the events their answers become.
 */
import { describe, expect, it } from "vitest";
import { AgentConnection } from "../../../../../extension/acp/agent-connection";
import type { AgentCapabilities, AnyMessage } from "../../../../../extension/acp/schema";
import type { ClientContext } from "../../../../../extension/background/client/context";
import {
  archiveJob,
  changeFolderJob,
  learnGooseControls,
  moveOpenSessions,
  renameJob,
} from "../../../../../extension/background/client/goose-methods";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../../extension/state/app";
import type { GooseControl } from "../../../../../extension/state/connection/goose-controls";
import type { ClientEvent } from "../../../../../extension/state/sessions/client-state";
import type { GooseControlStorage, LearnedControls } from "../../../../../extension/storage/goose-controls";
import type { JsonRpcMessage } from "../../../../../shared/host-protocol";
import { hostHello } from "../../../../helpers/host-hello";

type Answer = { error: { code: number; message: string; data?: unknown } } | { result: unknown };

// What goose 1.50.0 and 1.52.0 answer each of these methods without a sessionId, and what a peer without one does.
const GOOSE_MISSING_ID: Answer = { error: { code: -32602, message: "Invalid params", data: "missing field `sessionId`" } };
const NOT_FOUND: Answer = { error: { code: -32601, message: "Method not found" } };

/** A connection whose agent answers each `_goose/` method by `answer(method, params)`. */
function agentAnswering(answer: (method: string, params: Record<string, unknown>) => Answer) {
  const sent: AnyMessage[] = [];
  const conn: AgentConnection = new AgentConnection({
    send: (m) => {
      sent.push(m);
      const { id, method, params } = m as { id?: unknown; method?: string; params?: Record<string, unknown> };
      if (method?.startsWith("_goose/"))
        setImmediate(() => conn.deliver({ jsonrpc: "2.0", id, ...answer(method, params ?? {}) } as JsonRpcMessage));
    },
    onUpdate: () => {},
    onPermission: async () => ({ outcome: { outcome: "cancelled" } }),
    onElicitation: async () => ({ action: "cancel" as const }),
    onElicitationComplete: () => {},
  });
  return { conn, sent, methods: () => sent.map((m) => (m as { method?: string }).method) };
}

class MemoryControls implements GooseControlStorage {
  constructor(public saved: Record<string, LearnedControls> = {}) {}
  async get(agent: string) {
    return this.saved[agent];
  }
  async set(agent: string, learned: LearnedControls) {
    this.saved[agent] = learned;
  }
}
const SESSION_CONTROLS: GooseControl[] = ["rename", "archive", "unarchive", "workingDir"];
const EVERY_CONTROL: GooseControl[] = [...SESSION_CONTROLS, "extensions", "recipes"];

const GOOSE_CAPS: AgentCapabilities = { loadSession: true, sessionCapabilities: { list: {}, delete: {}, close: {} }, _meta: { goose: {} } };
const ALL_CAPS = ["browser_tools", "browser_tools_offer", "goose_session_methods", "file_edits", "goose_features"];

function readyCtx(o: { capabilities?: AgentCapabilities; info?: { name: string; version: string }; hostCaps?: string[] } = {}) {
  let state: AppState = initialAppState;
  const events: ClientEvent[] = [];
  const apply = (e: AppEvent) => (state = reduceApp(state, e));
  apply({ scope: "connection", event: { type: "connecting" } });
  apply({ scope: "connection", event: { type: "hello", hello: hostHello({ capabilities: o.hostCaps ?? ALL_CAPS }) } });
  const dispatch = (event: ClientEvent) => {
    events.push(event);
    apply({ scope: "client", event });
  };
  dispatch({
    type: "agent_ready",
    info: o.info ?? { name: "goose", version: "1.52.0" },
    capabilities: o.capabilities ?? GOOSE_CAPS,
    authMethods: [],
  });
  const ctx = { state: () => state, dispatch } as unknown as ClientContext;
  return { ctx, events, state: () => state };
}

describe("learnGooseControls", () => {
  it("asks a goose release each method without a sessionId, keeps what it serves by name and version", async () => {
    const { ctx, state } = readyCtx();
    const a = agentAnswering((method) => (method.endsWith("/unarchive") ? NOT_FOUND : GOOSE_MISSING_ID));
    const stored = new MemoryControls();
    await learnGooseControls(ctx, a.conn, stored);
    expect(a.sent.map((m) => (m as { params?: unknown }).params)).toEqual([{}, {}, {}, {}, {}, {}]);
    expect(a.methods()).toEqual([
      "_goose/unstable/session/rename",
      "_goose/unstable/session/archive",
      "_goose/unstable/session/unarchive",
      "_goose/unstable/session/working-dir/update",
      "_goose/unstable/session/extensions/list",
      "_goose/unstable/recipes/decode",
    ]);
    const served: GooseControl[] = ["rename", "archive", "workingDir", "extensions", "recipes"];
    expect(stored.saved).toEqual({ "goose@1.52.0": { served, asked: EVERY_CONTROL } });
    expect(state().client.agent.gooseControls).toEqual(served);
  });

  it("a release asked before: its kept answer, nothing sent; a release that serves none gets no controls", async () => {
    const known = readyCtx();
    const a = agentAnswering(() => NOT_FOUND);
    await learnGooseControls(known.ctx, a.conn, new MemoryControls({ "goose@1.52.0": { served: ["rename"], asked: EVERY_CONTROL } }));
    expect(a.sent).toEqual([]);
    expect(known.state().client.agent.gooseControls).toEqual(["rename"]);

    const none = readyCtx({ info: { name: "goose", version: "1.40.0" } });
    const stored = new MemoryControls();
    await learnGooseControls(none.ctx, agentAnswering(() => NOT_FOUND).conn, stored);
    expect(stored.saved).toEqual({ "goose@1.40.0": { served: [], asked: EVERY_CONTROL } });
    expect(none.events.map((e) => e.type)).toEqual(["agent_ready"]);
  });

  it("never asks another agent, nor goose through a host that would refuse the methods (its -32601 is not goose's)", async () => {
    const claude = readyCtx({ info: { name: "claude-agent-acp", version: "0.25.0" }, capabilities: { loadSession: true } });
    const a = agentAnswering(() => GOOSE_MISSING_ID);
    await learnGooseControls(claude.ctx, a.conn, new MemoryControls());
    expect(a.sent).toEqual([]);

    const oldHost = readyCtx({ hostCaps: ["browser_tools", "browser_tools_offer"] });
    const b = agentAnswering(() => GOOSE_MISSING_ID);
    const stored = new MemoryControls();
    await learnGooseControls(oldHost.ctx, b.conn, stored);
    expect(b.sent).toEqual([]);
    expect(stored.saved).toEqual({});
  });

  it("a host without goose_features: only the session controls are asked; a newer host later asks the rest", async () => {
    const older = readyCtx({ hostCaps: ["browser_tools", "browser_tools_offer", "goose_session_methods"] });
    const a = agentAnswering(() => GOOSE_MISSING_ID);
    const stored = new MemoryControls();
    await learnGooseControls(older.ctx, a.conn, stored);
    expect(a.methods()).toHaveLength(4);
    expect(older.state().client.agent.gooseControls).toEqual(SESSION_CONTROLS);
    expect(stored.saved["goose@1.52.0"]).toEqual({ served: SESSION_CONTROLS, asked: SESSION_CONTROLS });

    const newer = readyCtx();
    const b = agentAnswering(() => GOOSE_MISSING_ID);
    await learnGooseControls(newer.ctx, b.conn, stored);
    expect(b.methods()).toHaveLength(6);
    expect(newer.state().client.agent.gooseControls).toEqual(EVERY_CONTROL);
  });

  it("knows goose by its own `_meta.goose` in initialize when it names itself otherwise", async () => {
    const { ctx, state } = readyCtx({ info: { name: "goose-fork", version: "9" } });
    await learnGooseControls(ctx, agentAnswering(() => GOOSE_MISSING_ID).conn);
    expect(state().client.agent.gooseControls).toEqual(EVERY_CONTROL);
  });
});

describe("the jobs", () => {
  async function servedAll() {
    const r = readyCtx();
    r.ctx.dispatch({ type: "agent_serves_goose", controls: ["rename", "archive", "unarchive", "workingDir"] });
    r.ctx.dispatch({ type: "history_loaded", items: [{ sessionId: "s1", cwd: "/w", title: "goose's title" }] });
    return r;
  }

  it("rename sends goose's shape and names the session the user's way", async () => {
    const { ctx, state } = await servedAll();
    const a = agentAnswering(() => ({ result: {} }));
    await renameJob(ctx, a.conn, "s1", "  My name  ");
    expect(a.sent).toEqual([
      expect.objectContaining({ method: "_goose/unstable/session/rename", params: { sessionId: "s1", title: "My name" } }),
    ]);
    expect(state().client.history.items[0]).toMatchObject({ title: "My name", _meta: { userSetName: true } });
  });

  it("archive and unarchive mark the History item; a refusal is shown in History and marks nothing", async () => {
    const { ctx, state } = await servedAll();
    await archiveJob(ctx, agentAnswering(() => ({ result: {} })).conn, "s1", true);
    expect(typeof state().client.history.items[0]?._meta?.archivedAt).toBe("string");
    await archiveJob(ctx, agentAnswering(() => ({ result: {} })).conn, "s1", false);
    expect(state().client.history.items[0]?._meta).toEqual({});

    const failing = agentAnswering(() => ({ error: { code: -32603, message: "Internal error", data: "Session not found: s1" } }));
    await archiveJob(ctx, failing.conn, "s1", true);
    expect(state().client.history.items[0]?._meta).toEqual({});
    expect(state().client.history.error?.title).toMatch(/Archiving the session/);
  });

  it("nothing is sent for a control the agent does not serve", async () => {
    const { ctx } = readyCtx();
    const a = agentAnswering(() => ({ result: {} }));
    await renameJob(ctx, a.conn, "s1", "x");
    await archiveJob(ctx, a.conn, "s1", true);
    expect(await changeFolderJob(ctx, a.conn, "s1", "/tmp")).toBe(false);
    expect(a.sent).toEqual([]);
  });

  it("a folder goose refuses stays as it was, with goose's reason in the session", async () => {
    const { ctx, state } = await servedAll();
    ctx.dispatch({ type: "session_opened", sessionId: "s1", cwd: "/w", loading: false });
    const refusing = agentAnswering(() => ({ error: { code: -32602, message: "Invalid params", data: "invalid directory path" } }));
    expect(await changeFolderJob(ctx, refusing.conn, "s1", "/nope")).toBe(false);
    expect(state().client.sessions.s1?.cwd).toBe("/w");
    expect(JSON.stringify(state().client.sessions.s1?.error)).toContain("invalid directory path");

    const taking = agentAnswering(() => ({ result: {} }));
    expect(await changeFolderJob(ctx, taking.conn, "s1", "/w/sub")).toBe(true);
    expect(taking.sent).toEqual([
      expect.objectContaining({ method: "_goose/unstable/session/working-dir/update", params: { sessionId: "s1", workingDir: "/w/sub" } }),
    ]);
    expect(state().client.sessions.s1?.cwd).toBe("/w/sub");
    expect(state().client.history.items[0]?.cwd).toBe("/w/sub");
  });

  it("the options page's folder moves every open session this agent holds; goose's first refusal stops it; nothing open: unavailable", async () => {
    const { ctx, state } = await servedAll();
    const held = new Set<string>();
    Object.assign(ctx, { held: { holds: (id: string) => held.has(id) } });
    const taking = agentAnswering(() => ({ result: {} }));
    expect(await moveOpenSessions(ctx, taking.conn, "/new")).toBe("unavailable");
    for (const id of ["s1", "s2", "s3"]) ctx.dispatch({ type: "session_opened", sessionId: id, cwd: "/w", loading: false });
    held.add("s1").add("s2");
    expect(await moveOpenSessions(ctx, taking.conn, "/new")).toBe("moved");
    expect(taking.sent.map((m) => (m as { params?: { sessionId?: string } }).params?.sessionId)).toEqual(["s1", "s2"]);
    expect(state().client.sessions.s3?.cwd).toBe("/w");

    const refusing = agentAnswering(() => ({ error: { code: -32602, message: "Invalid params", data: "invalid directory path" } }));
    expect(await moveOpenSessions(ctx, refusing.conn, "/bad")).toBe("refused");
    expect(refusing.sent).toHaveLength(1);
  });
});
