/**
 * The background's ACP client logic (ClientController + the shared reducer) against the real
 * scripted goose over real pipes — no browser, no host: the native port is replaced by ndjson.
 * Covers initialize, approve-by-default, prompt, permission, cancel, agent death and the restore
 * of the active session after a restart.
 */
import { describe, expect, it } from "vitest";
import { entryArray, entryAt, entryCount, lastEntry } from "../../../extension/state/conversation/entry-list";
import { toolCallOf } from "../../../extension/state/conversation/tool-call-map";
import { MemoryMeta, setup, tmp } from "../../helpers/client-harness";
import { FAKE_GOOSE } from "../../helpers/host-harness";

describe("ClientController against the scripted goose", () => {
  it("initializes, starts a session in approve mode for the first prompt, and streams the answer", async () => {
    const t = setup(tmp());
    t.startAgent();
    await t.until(() => t.client().agent.phase === "ready", "agent ready");
    expect(t.client().agent.info?.name).toBe("goose");
    const init = t.agentLog().find((m) => m.method === "initialize");
    expect(init.params.clientCapabilities).toEqual({
      fs: { readTextFile: false, writeTextFile: false },
      terminal: false,
      // Notices and compactions are shown in the transcript (client-reducer/notices.ts).
      session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
      elicitation: { form: {}, url: {} },
      // goose asks a recipe's parameters of the client that says it answers (background/client/goose/).
      _meta: { goose: { recipeParameterRequests: true } },
    });

    await t.handle({ type: "prompt", sessionId: null, content: [{ type: "text", text: "hello goose" }] });
    const s = t.active();
    expect(s.turn).toBe("idle");
    expect(s.lastStop).toBe("end_turn");
    expect(entryAt(s.entries, 0)).toMatchObject({ kind: "user", content: [{ type: "text", text: "hello goose" }] });
    expect(entryArray(s.entries).some((e) => e.kind === "agent" && e.text.length > 20)).toBe(true);
    // goose defaults to auto: the session was switched to approve before the prompt.
    const setMode = t.agentLog().find((m) => m.method === "session/set_config_option");
    expect(setMode.params).toMatchObject({ configId: "mode", value: "approve" });
    expect(s.configOptions?.find((o) => o.id === "mode")).toMatchObject({ currentValue: "approve" });
    expect(t.meta.saved.activeSessionId).toBe(s.sessionId);
  });

  it("waits for the user's approval, sends the chosen optionId, and cancels a pending one on Stop", async () => {
    const t = setup(tmp());
    t.startAgent();
    await t.until(() => t.client().agent.phase === "ready", "agent ready");
    await t.handle({ type: "new_session" });
    const sessionId = t.client().activeSessionId!;
    const turn = t.handle({ type: "prompt", sessionId, content: [{ type: "text", text: "tools 2" }] });
    await t.until(() => t.active().permissions.length === 1, "first permission");
    const first = t.active().permissions[0]!;
    expect(first.options.map((o) => o.optionId)).toEqual(["allow_always", "allow_once", "reject_once", "reject_always"]);
    await t.handle({ type: "answer_permission", key: first.key, optionId: "allow_once" });
    await t.until(() => t.active().permissions.length === 1 && t.active().permissions[0]!.key !== first.key, "second permission");
    expect(toolCallOf(t.active().toolCalls, first.toolCallId)?.status).toBe("completed");
    await t.handle({ type: "cancel", sessionId });
    await turn;
    expect(t.active()).toMatchObject({ turn: "idle", lastStop: "cancelled", permissions: [] });
    // The cancelled answer and session/cancel leave together; the agent may end the turn before it reads the answer.
    const permissionAnswers = () => t.agentLog().filter((m) => m.id !== undefined && m.result?.outcome);
    await t.until(() => permissionAnswers().length >= 2, "both permission answers reached the agent");
    const answers = permissionAnswers();
    expect(answers.map((m) => m.result.outcome)).toEqual([{ outcome: "selected", optionId: "allow_once" }, { outcome: "cancelled" }]);
    expect(t.agentLog().some((m) => m.method === "session/cancel")).toBe(true);
  });

  it("ends a turn as cancelled even when the agent answers end_turn after session/cancel", async () => {
    const t = setup(tmp(), new MemoryMeta(), { SCRIPTED_AGENT_CANCEL_AS_END_TURN: "1" });
    t.startAgent();
    await t.until(() => t.client().agent.phase === "ready", "agent ready");
    await t.handle({ type: "new_session" });
    const sessionId = t.client().activeSessionId!;
    const turn = t.handle({ type: "prompt", sessionId, content: [{ type: "text", text: "slow 5" }] });
    await t.until(() => entryArray(t.active().entries).some((e) => e.kind === "agent"), "streaming");
    await t.handle({ type: "cancel", sessionId });
    await turn;
    expect(t.active().lastStop).toBe("cancelled");
  });

  it("refuses a second prompt while one runs (one prompt in flight per session)", async () => {
    const t = setup(tmp());
    t.startAgent();
    await t.until(() => t.client().agent.phase === "ready", "agent ready");
    await t.handle({ type: "new_session" });
    const sessionId = t.client().activeSessionId!;
    const turn = t.handle({ type: "prompt", sessionId, content: [{ type: "text", text: "slow 1" }] });
    await t.until(() => t.active().turn === "running", "running");
    await t.handle({ type: "prompt", sessionId, content: [{ type: "text", text: "again" }] });
    await turn;
    expect(t.agentLog().filter((m) => m.method === "session/prompt")).toHaveLength(1);
  });

  it("on agent death ends the turn with the reason, and after a restart restores the session by session/load", async () => {
    const dir = tmp();
    const t = setup(dir);
    const first = t.startAgent();
    await t.until(() => t.client().agent.phase === "ready", "agent ready");
    await t.handle({ type: "prompt", sessionId: null, content: [{ type: "text", text: "remember this" }] });
    const sessionId = t.client().activeSessionId!;
    const turn = t.handle({ type: "prompt", sessionId, content: [{ type: "text", text: "slow 10" }] });
    await t.until(() => t.active().turn === "running" && entryCount(t.active().entries) > 3, "second turn streaming");
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    t.store.dispatch({
      scope: "connection",
      event: {
        type: "agent_status",
        status: { state: "exited", profile: "goose", command: FAKE_GOOSE, code: null, signal: "SIGKILL", stderrTail: [] },
      },
    });
    await turn;
    expect(t.client().agent.phase).toBe("offline");
    expect(t.active().turn).toBe("idle");
    // The crash is said by the status card; the transcript marks where the turn ended, muted.
    expect(lastEntry(t.active().entries)).toMatchObject({
      kind: "notice",
      tone: "info",
      text: "The agent stopped before the turn finished.",
    });

    t.startAgent();
    await t.until(() => t.client().agent.phase === "ready" && t.client().sessions[sessionId]?.loading === false, "restored");
    const restored = t.client().sessions[sessionId]!;
    expect(t.client().activeSessionId).toBe(sessionId);
    expect(
      entryArray(restored.entries).some((e) => e.kind === "user" && e.content.some((b) => b.type === "text" && b.text === "remember this")),
    ).toBe(true);
    const loads = t.agentLog().filter((m) => m.method === "session/load");
    expect(loads.at(-1)?.params).toMatchObject({ sessionId, cwd: dir, mcpServers: [] });
    await t.handle({ type: "prompt", sessionId, content: [{ type: "text", text: "still there?" }] });
    expect(t.client().sessions[sessionId]!.lastStop).toBe("end_turn");
  });

  it("after the agent restarts, a tab whose session the new agent does not hold is loaded again when shown", async () => {
    const dir = tmp();
    const t = setup(dir);
    const first = t.startAgent();
    await t.until(() => t.client().agent.phase === "ready", "agent ready");
    await t.handle({ type: "prompt", sessionId: null, content: [{ type: "text", text: "tab one" }] });
    const one = t.client().activeSessionId!;
    await t.handle({ type: "new_session" });
    await t.handle({ type: "prompt", sessionId: null, content: [{ type: "text", text: "tab two" }] });
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    t.store.dispatch({
      scope: "connection",
      event: {
        type: "agent_status",
        status: { state: "exited", profile: "goose", command: FAKE_GOOSE, code: null, signal: "SIGKILL", stderrTail: [] },
      },
    });
    t.startAgent();
    await t.until(() => t.client().agent.phase === "ready" && t.active()?.loading === false, "restored");
    expect(t.client().sessions[one]).toBeDefined();
    const loadsOf = (id: string) => t.agentLog().filter((m) => m.method === "session/load" && m.params.sessionId === id);
    expect(loadsOf(one)).toHaveLength(0);
    await t.handle({ type: "load_session", sessionId: one });
    expect(loadsOf(one)).toHaveLength(1);
    await t.handle({ type: "prompt", sessionId: one, content: [{ type: "text", text: "still there?" }] });
    expect(t.client().sessions[one]!.lastStop).toBe("end_turn");
  });

  it("restores the session remembered in storage when the background starts fresh", async () => {
    const dir = tmp();
    const meta = new MemoryMeta();
    const a = setup(dir, meta);
    a.startAgent();
    await a.until(() => a.client().agent.phase === "ready", "agent ready");
    await a.handle({ type: "prompt", sessionId: null, content: [{ type: "text", text: "first visit" }] });
    const sessionId = a.client().activeSessionId!;

    const b = setup(dir, meta);
    b.startAgent();
    await b.until(() => b.client().activeSessionId === sessionId && b.active().loading === false, "restored in a new background");
    expect(entryAt(b.active().entries, 0)).toMatchObject({ kind: "user" });
    await b.until(() => b.client().history.items.some((s) => s.sessionId === sessionId), "history listed after the restore");
  });

  it("lists, switches between and deletes sessions", async () => {
    const t = setup(tmp());
    t.startAgent();
    await t.until(() => t.client().agent.phase === "ready", "agent ready");
    await t.handle({ type: "prompt", sessionId: null, content: [{ type: "text", text: "alpha session" }] });
    const alpha = t.client().activeSessionId!;
    await t.handle({ type: "new_session" });
    await t.handle({ type: "prompt", sessionId: null, content: [{ type: "text", text: "beta session" }] });
    const beta = t.client().activeSessionId!;
    expect(beta).not.toBe(alpha);
    await t.handle({ type: "refresh_history" });
    expect(
      t
        .client()
        .history.items.map((s) => s.sessionId)
        .sort(),
    ).toEqual([alpha, beta].sort());
    // Both are open tabs: switching shows the other at once, and neither leaves memory.
    expect(t.client().tabs.map((tab) => tab.sessionId)).toEqual([alpha, beta]);
    await t.handle({ type: "load_session", sessionId: alpha });
    expect(t.client().activeSessionId).toBe(alpha);
    expect(t.client().sessions[beta]).toBeDefined();
    expect(entryAt(t.active().entries, 0)).toMatchObject({ kind: "user", content: [{ type: "text", text: "alpha session" }] });
    await t.handle({ type: "delete_session", sessionId: beta });
    expect(t.client().history.items.map((s) => s.sessionId)).toEqual([alpha]);
    expect(t.client().tabs.map((tab) => tab.sessionId)).toEqual([alpha]);
  });

  it("shows goose's auth error with its own instructions when no provider is configured", async () => {
    const t = setup(tmp(), new MemoryMeta(), { SCRIPTED_AGENT_AUTH_REQUIRED: "1" });
    t.startAgent();
    await t.until(() => t.client().agent.phase === "ready", "agent ready");
    await t.handle({ type: "new_session" });
    expect(t.client().lastError).toMatchObject({ code: -32000, fix: expect.stringContaining("goose configure") });
  });

  it("a remembered session the agent no longer has: its tab gets a new session that says so, and the next message goes there", async () => {
    const meta = new MemoryMeta();
    meta.saved = { activeSessionId: "sess_gone", modeBySession: {} };
    const t = setup(tmp(), meta);
    t.startAgent();
    await t.until(
      () =>
        t.client().tabs.length === 1 &&
        t.client().tabs[0]!.sessionId !== "sess_gone" &&
        t.client().activeSessionId === t.client().tabs[0]!.sessionId,
      "a new session in its tab",
    );
    expect(t.agentLog().filter((m) => m.method === "session/load")).toHaveLength(1);
    expect(t.client().tabs.map((tab) => tab.sessionId)).toEqual([t.client().activeSessionId]);
    expect(t.client().lastError).toBeNull();
    const notices = entryArray(t.active().entries).filter((e) => e.kind === "notice");
    expect(notices.map((n) => (n.kind === "notice" ? n.text : ""))).toEqual([expect.stringContaining("a new session opened in its place")]);
    const { sessionId } = t.active();
    await t.handle({ type: "prompt", sessionId, content: [{ type: "text", text: "fresh start" }] });
    expect(t.active().sessionId).toBe(sessionId);
    expect(t.active().lastStop).toBe("end_turn");
    expect(t.client().lastError).toBeNull();
  });

  it("loads the session on screen again for the browser tools (an agent that is not goose), its transcript kept; never while a turn runs", async () => {
    const t = setup(tmp(), new MemoryMeta(), { SCRIPTED_AGENT_IDENTITY: "other", SCRIPTED_AGENT_CHUNK_DELAY_MS: "50" });
    t.startAgent();
    await t.until(() => t.client().agent.phase === "ready", "agent ready");
    await t.handle({ type: "prompt", sessionId: null, content: [{ type: "text", text: "hello" }] });
    const { sessionId } = t.active();
    const loads = () => t.agentLog().filter((m) => m.method === "session/load");

    const running = t.handle({ type: "prompt", sessionId, content: [{ type: "text", text: "slow 1" }] });
    await t.until(() => t.active().turn === "running", "the turn runs");
    expect(t.controller.reloadSession(sessionId)).toBe(false);
    await running;
    const shown = entryCount(t.active().entries);
    expect(t.controller.reloadSession("another")).toBe(false);
    expect(t.controller.reloadSession(sessionId)).toBe(true);
    await t.until(() => loads().length === 1 && t.client().opening === null && !t.active().loading, "loaded again");
    expect(loads()[0].params).toMatchObject({ sessionId });
    // The replay did not add to what the panel already showed.
    expect(entryArray(t.active().entries).filter((e) => e.kind === "user")).toHaveLength(2);
    expect(entryCount(t.active().entries)).toBe(shown);
  });
});
