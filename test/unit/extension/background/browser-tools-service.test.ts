/**
 * Browser tools wired into the extension: the state (reducer and the tool-card selectors), the
 * background service (calls answered exactly once, consent through the store, the switch), the host
 * message routing, the tab indicator and the badge.
 */
import type { RequestPermissionRequest } from "@agentclientprotocol/sdk";
import { describe, expect, it, vi } from "vitest";
import { agentNameOf, BrowserToolsService, TABS_REFUSED } from "../../../../extension/background/browser-tools/browser-tools-service";
import { HostInbound } from "../../../../extension/background/host/host-inbound";
import { badgeFor } from "../../../../extension/background/indicators/badge";
import { tabIndicator, WORKING_TEXT } from "../../../../extension/background/indicators/tab-indicator";
import { createStore } from "../../../../extension/background/observable-store";
import type { SharedRunnerDeps } from "../../../../extension/browser-tools";
import type { ToolOutcome } from "../../../../extension/browser-tools/results";
import type { RunnerDeps } from "../../../../extension/browser-tools/runner";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../extension/state/app";
import {
  argsPreview,
  type ConsentRequest,
  initialBrowserToolsState,
  RECENT_CALLS,
  reduceBrowserTools,
  toolsStanding,
} from "../../../../extension/state/browser-tools/browser-tools";
import type { ClientEvent } from "../../../../extension/state/sessions/client-state";
import { HOST_PROTOCOL_VERSION, type HostCommand, type HostHello, type HostToolCall } from "../../../../shared/host-protocol";
import { FakeClock } from "../../../helpers/fake-clock";

const actRequest: ConsentRequest = {
  kind: "act",
  tool: "click",
  agent: "goose",
  site: "example.com",
  origin: "https://example.com",
  tab: { id: 7, title: "Example", url: "https://example.com/" },
  message: 'goose wants to click button "Go" on example.com',
  action: 'click button "Go"',
  element: 'button "Go"',
};

/** The handler's time on a call, which every answer carries for the host's log (docs/PROTOCOL.md). */
const ms = expect.any(Number);

describe("browser tools state", () => {
  it("records a call's tab and element and its end, keeping identity when nothing changed", () => {
    let s = reduceBrowserTools(initialBrowserToolsState, { type: "tool_started", callId: "t1", tool: "click", args: { ref: "e3" } });
    s = reduceBrowserTools(s, { type: "tool_target", callId: "t1", target: { tabId: 7, title: "Example", url: "https://example.com/a" } });
    s = reduceBrowserTools(s, {
      type: "tool_target",
      callId: "t1",
      target: { tabId: 7, title: "Example", url: "https://example.com/a", element: 'button "Go"' },
    });
    s = reduceBrowserTools(s, { type: "tool_finished", callId: "t1", isError: true });
    expect(s.calls).toEqual([
      {
        callId: "t1",
        tool: "click",
        args: { ref: "e3" },
        target: { tabId: 7, title: "Example", url: "https://example.com/a", element: 'button "Go"' },
        status: "failed",
      },
    ]);
    expect(reduceBrowserTools(s, { type: "tool_finished", callId: "unknown", isError: false })).toBe(s);
    expect(reduceBrowserTools(s, { type: "consent_resolved", id: "none" })).toBe(s);
    expect(reduceBrowserTools(s, { type: "tools_enabled", enabled: false })).toBe(s);
  });

  it("keeps only the most recent calls", () => {
    let s = initialBrowserToolsState;
    for (let i = 0; i < RECENT_CALLS + 5; i++)
      s = reduceBrowserTools(s, { type: "tool_started", callId: `t${i}`, tool: "list_tabs", args: {} });
    expect(s.calls).toHaveLength(RECENT_CALLS);
    expect(s.calls[0]?.callId).toBe("t5");
  });

  it("queues consent questions and drops each once answered", () => {
    let s = reduceBrowserTools(initialBrowserToolsState, { type: "consent_requested", id: "c1", callId: "t1", request: actRequest });
    s = reduceBrowserTools(s, { type: "consent_requested", id: "c2", callId: "t2", request: actRequest });
    s = reduceBrowserTools(s, { type: "consent_resolved", id: "c1" });
    expect(s.consents.map((c) => c.id)).toEqual(["c2"]);
  });

  it("an args preview keeps small arguments as they are, bounds wide and deep ones, and is its own preview", () => {
    const small = { ref: "e3", tabId: 4, submit: true, keys: ["Enter"], nothing: null };
    expect(argsPreview(small)).toEqual(small);
    const wide = argsPreview({ items: Array.from({ length: 100_000 }, (_, i) => i) }) as { items: number[] };
    expect(wide.items.length).toBeLessThan(32);
    expect(wide.items.slice(0, 3)).toEqual([0, 1, 2]);
    let deep: unknown = "bottom";
    for (let i = 0; i < 1000; i++) deep = { [`k${i}`]: deep, [`long${"k".repeat(500)}${i}`]: "v" };
    const shapes: unknown[] = [
      small,
      { text: "😀".repeat(200) },
      { text: `a${"😀".repeat(200)}` },
      { [`${"k".repeat(150)}1`]: 1, [`${"k".repeat(150)}2`]: 2 },
      JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}'),
      Array.from({ length: 50 }, (_, i) => ({ i, s: "s".repeat(i * 10) })),
      deep,
      "z".repeat(1000),
    ];
    for (const args of shapes) {
      const preview = argsPreview(args);
      expect(argsPreview(preview)).toEqual(preview);
      expect(JSON.stringify(preview).length).toBeLessThan(8_000);
    }
    const emoji = argsPreview({ text: `a${"😀".repeat(200)}` }) as { text: string };
    expect(emoji.text.length).toBeLessThanOrEqual(100);
    expect(emoji.text.at(-2)).not.toMatch(/[\uD800-\uDBFF]/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("names the agent by its agentInfo, else by its profile", () => {
    const withInfo = (info: { name: string; title?: string } | null, profile?: string): AppState => ({
      ...initialAppState,
      client: { ...initialAppState.client, agent: { ...initialAppState.client.agent, info: info as never } },
      connection: { ...initialAppState.connection, agent: profile ? { profile, state: "idle" } : null },
    });
    expect(agentNameOf(withInfo({ name: "claude-code", title: "Claude Code" }))).toBe("Claude Code");
    expect(agentNameOf(withInfo({ name: "goose" }))).toBe("goose");
    expect(agentNameOf(withInfo(null, "gemini"))).toBe("gemini");
  });
});

const hello = { type: "hello", browserTools: true } as HostHello;

function setup(
  options: {
    run?: (call: Pick<HostToolCall, "tool" | "args">, deps: RunnerDeps) => Promise<ToolOutcome>;
    tabs?: boolean;
    /** The controller's answer to a reload: false while a turn runs. */
    reload?: (sessionId: string) => boolean;
    now?: () => number;
  } = {},
) {
  const store = createStore<AppState, AppEvent>(initialAppState, reduceApp);
  const sent: HostCommand[] = [];
  let stored = false;
  const forget = vi.fn(async () => {});
  const openPanel = vi.fn();
  const focused: number[] = [];
  let panels = 0;
  const service = new BrowserToolsService({
    store,
    sendHost: (c) => {
      sent.push(c);
      return true;
    },
    run: options.run ?? (async () => ({ content: [{ type: "text", text: "ok" }] })),
    shared: { tabRefs: { forget } } as unknown as SharedRunnerDeps,
    enabledItem: {
      getValue: async () => stored,
      setValue: async (v) => {
        stored = v;
      },
    },
    hasTabsPermission: async () => options.tabs ?? true,
    panelsOpen: () => panels,
    openPanel,
    ...(options.reload ? { reloadSession: options.reload } : {}),
    focusTab: async (tabId) => {
      if (tabId === 404) throw new Error("No tab with id: 404.");
      focused.push(tabId);
    },
    consentTimeoutMs: 50,
    now: () => options.now?.() ?? 0,
  });
  return {
    store,
    sent,
    service,
    forget,
    openPanel,
    focused,
    stored: () => stored,
    setPanels: (n: number) => {
      panels = n;
    },
  };
}

function answers() {
  const out: HostCommand[] = [];
  return {
    out,
    answer: (c: HostCommand) => {
      out.push(c);
      return true;
    },
  };
}

const toolCall = (callId: string, tool = "list_tabs", args: unknown = {}): HostToolCall => ({ type: "tool_call", callId, tool, args });

describe("BrowserToolsService", () => {
  it("starts the runner before putting the call in the store, and what the runner reports at once lands after it", async () => {
    let inStoreAtStart: number | undefined;
    const t = setup({
      run: (_call, deps) => {
        inStoreAtStart = t.store.get().tools.calls.length;
        deps.onTarget?.({ tabId: 7, title: "Page", url: "https://example.com/" });
        return Promise.resolve({ content: [{ type: "text", text: "ok" }] });
      },
    });
    await t.service.setEnabled(true);
    const a = answers();
    await t.service.handleCall(toolCall("t1"), a.answer);
    expect(inStoreAtStart).toBe(0);
    expect(t.store.get().tools.calls.find((c) => c.callId === "t1")?.target).toMatchObject({ tabId: 7 });
    expect(a.out).toEqual([{ type: "tool_result", callId: "t1", content: [{ type: "text", text: "ok" }], handlerMs: expect.any(Number) }]);
  });

  it("is off until the user turns it on, and tells a host that serves tools after its hello", async () => {
    const t = setup();
    await t.service.onHello(hello);
    expect(t.sent).toEqual([{ type: "browser_tools", enabled: false }]);
    await t.service.onHello({ ...hello, browserTools: false });
    expect(t.sent).toHaveLength(1);
    expect(t.store.get().tools.enabled).toBe(false);
  });

  it("turning on without the tabs permission stays off and says why; with it, stores and tells the host", async () => {
    const refused = setup({ tabs: false });
    await refused.service.setEnabled(true);
    expect(refused.store.get().tools).toMatchObject({ enabled: false, notice: TABS_REFUSED });
    expect(refused.stored()).toBe(false);

    const t = setup();
    t.store.dispatch({ scope: "connection", event: { type: "connecting" } });
    t.store.dispatch({ scope: "connection", event: { type: "hello", hello: { ...hello, protocolVersion: HOST_PROTOCOL_VERSION } } });
    await t.service.setEnabled(true);
    expect(t.stored()).toBe(true);
    expect(t.store.get().tools).toMatchObject({ enabled: true, notice: null });
    expect(t.sent).toEqual([{ type: "browser_tools", enabled: true }]);
  });

  it("answers concurrent calls each exactly once, in the order they finish, and a throwing runner as a tool error", async () => {
    const gates: Record<string, () => void> = {};
    const t = setup({
      run: (call) => {
        if (call.tool === "boom") return Promise.reject(new Error("page went away"));
        return new Promise((resolve) => {
          gates[call.tool] = () => resolve({ content: [{ type: "text", text: call.tool }] });
        });
      },
    });
    await t.service.setEnabled(true);
    const a = answers();
    const first = t.service.handleCall(toolCall("t1", "slow"), a.answer);
    const second = t.service.handleCall(toolCall("t2", "fast"), a.answer);
    const third = t.service.handleCall(toolCall("t3", "boom"), a.answer);
    await third;
    await vi.waitFor(() => expect(Object.keys(gates)).toEqual(["slow", "fast"]));
    gates.fast!();
    await second;
    gates.slow!();
    await first;
    expect(a.out).toEqual([
      { type: "tool_result", callId: "t3", content: [{ type: "text", text: "page went away" }], isError: true, handlerMs: ms },
      { type: "tool_result", callId: "t2", content: [{ type: "text", text: "fast" }], handlerMs: ms },
      { type: "tool_result", callId: "t1", content: [{ type: "text", text: "slow" }], handlerMs: ms },
    ]);
    expect(t.store.get().tools.calls.map((c) => [c.callId, c.status])).toEqual([
      ["t1", "completed"],
      ["t2", "completed"],
      ["t3", "failed"],
    ]);
  });

  it("sends a call's arguments to the panels bounded, not as the agent sent them", async () => {
    const t = setup();
    await t.service.setEnabled(true);
    const started: unknown[] = [];
    t.store.subscribe((_, e) => {
      if (e.scope === "tools" && e.event.type === "tool_started") started.push(e.event.args);
    });
    await t.service.handleCall(toolCall("t1", "type", { ref: "e1", text: "y".repeat(1 << 20) }), answers().answer);
    expect(started).toEqual([{ ref: "e1", text: `${"y".repeat(99)}…` }]);
  });

  it("refuses a call while the switch is off, without running it", async () => {
    const run = vi.fn(async () => ({ content: [] }));
    const t = setup({ run });
    const a = answers();
    await t.service.handleCall(toolCall("t1"), a.answer);
    expect(run).not.toHaveBeenCalled();
    expect(a.out[0]).toMatchObject({ type: "tool_result", callId: "t1", isError: true });
  });

  it("puts a consent question in the store, opens the panel if none is open, and resumes the call with the answer", async () => {
    const t = setup({ run: async (_call, deps) => ({ content: [{ type: "text", text: await deps.askConsent(actRequest) }] }) });
    await t.service.setEnabled(true);
    const a = answers();
    const done = t.service.handleCall(toolCall("t1", "click"), a.answer);
    await vi.waitFor(() => expect(t.store.get().tools.consents).toHaveLength(1));
    const prompt = t.store.get().tools.consents[0]!;
    expect(prompt).toMatchObject({ callId: "t1", request: actRequest });
    expect(t.openPanel).toHaveBeenCalledTimes(1);
    // Waiting for the user shows on the toolbar badge like an approval.
    expect(badgeFor(t.store.get()).text).toBe("1");
    t.service.answerConsent(prompt.id, "allow_site");
    t.service.answerConsent(prompt.id, "deny"); // a second answer (another panel) changes nothing
    await done;
    expect(a.out).toEqual([{ type: "tool_result", callId: "t1", content: [{ type: "text", text: "allow_site" }], handlerMs: ms }]);
    expect(t.store.get().tools.consents).toEqual([]);
  });

  it("a question nobody answers, or one pending when the port closes, counts as a deny", async () => {
    const t = setup({ run: async (_call, deps) => ({ content: [{ type: "text", text: await deps.askConsent(actRequest) }] }) });
    await t.service.setEnabled(true);
    t.setPanels(1);
    const a = answers();
    await t.service.handleCall(toolCall("t1", "click"), a.answer); // consentTimeoutMs is 50 here
    expect(t.openPanel).not.toHaveBeenCalled();
    const second = t.service.handleCall(toolCall("t2", "click"), a.answer);
    await vi.waitFor(() => expect(t.store.get().tools.consents).toHaveLength(1));
    t.service.disconnected();
    await second;
    expect(a.out.map((c) => (c.type === "tool_result" ? c.content[0] : null))).toEqual([
      { type: "text", text: "deny" },
      { type: "text", text: "deny" },
    ]);
    expect(t.store.get().tools.consents).toEqual([]);
  });

  it("logs each call that ends in its session's action log, with the user's answer and the result", async () => {
    const t = setup({
      run: async (call, deps) => {
        if (call.tool === "list_tabs") return { content: [{ type: "text", text: "2 tabs" }] };
        deps.onTarget?.({ tabId: 7, title: "Example", url: "https://example.com/", element: 'button "Go"' });
        const answer = await deps.askConsent(actRequest);
        return answer === "deny"
          ? { content: [{ type: "text", text: "The user denied this" }], isError: true }
          : { content: [{ type: "text", text: "Clicked" }] };
      },
      now: () => 42,
    });
    await t.service.setEnabled(true);
    const a = answers();
    await t.service.handleCall({ ...toolCall("t1"), sessionId: "s1" }, a.answer);
    const denied = t.service.handleCall({ ...toolCall("t2", "click"), sessionId: "s1" }, a.answer);
    await vi.waitFor(() => expect(t.store.get().tools.consents).toHaveLength(1));
    t.service.answerConsent(t.store.get().tools.consents[0]!.id, "deny");
    await denied;
    const allowed = t.service.handleCall({ ...toolCall("t3", "click"), sessionId: "s2" }, a.answer);
    await vi.waitFor(() => expect(t.store.get().tools.consents).toHaveLength(1));
    t.service.answerConsent(t.store.get().tools.consents[0]!.id, "allow_once");
    await allowed;
    const { log } = t.store.get().tools;
    expect(log.s1).toEqual([
      { callId: "t1", tool: "list_tabs", consent: "not_asked", ok: true, text: "2 tabs", at: 42 },
      {
        callId: "t2",
        tool: "click",
        tab: { id: 7, title: "Example" },
        site: "example.com",
        element: 'button "Go"',
        consent: "deny",
        ok: false,
        text: "The user denied this",
        at: 42,
      },
    ]);
    expect(log.s2!.map((e) => [e.callId, e.consent, e.ok])).toEqual([["t3", "allow_once", true]]);
  });

  it("logs a call without a session header into the session on screen, and none when there is no session", async () => {
    const t = setup();
    await t.service.setEnabled(true);
    await t.service.handleCall(toolCall("t1"), answers().answer);
    expect(t.store.get().tools.log).toEqual({});
    t.store.dispatch({ scope: "client", event: { type: "session_opened", sessionId: "s9", cwd: "/w", loading: false } });
    await t.service.handleCall(toolCall("t2"), answers().answer);
    expect(t.store.get().client.activeSessionId).toBe("s9");
    expect(Object.keys(t.store.get().tools.log)).toEqual(["s9"]);
  });

  it("forgets a closed tab's refs", async () => {
    const t = setup();
    await t.service.forgetTab(12);
    expect(t.forget).toHaveBeenCalledWith(12);
  });
});

describe("whether the agent took the tools", () => {
  const goose = { name: "goose", version: "1.50.0" };
  const offered = (offer: Parameters<typeof reduceBrowserTools>[1]) =>
    reduceBrowserTools({ ...initialBrowserToolsState, enabled: true }, offer);

  it("on only while the user wants them and the agent did not refuse them in the session on screen", () => {
    expect(toolsStanding(initialBrowserToolsState, "s1", goose)).toEqual({ on: false, problem: null });
    const on = { ...initialBrowserToolsState, enabled: true };
    // No word from the host yet (no session, or the offer on its way): on.
    expect(toolsStanding(on, null, goose)).toEqual({ on: true, problem: null });
    const added = offered({ type: "tools_offer", sessionId: "s1", offer: { outcome: "added", via: "mcpServers" } });
    expect(toolsStanding(added, "s1", goose)).toEqual({ on: true, problem: null });
    const failed = offered({ type: "tools_offer", sessionId: "s1", offer: { outcome: "failed", detail: "connection refused" } });
    const standing = toolsStanding(failed, "s1", goose);
    expect(standing.on).toBe(false);
    expect(standing.problem).toMatch(/^goose 1\.50\.0 did not accept the browser tools: connection refused\. Click Browser to try again/);
    // Another session of the same agent is not affected.
    expect(toolsStanding(failed, "s2", goose).on).toBe(true);
    const unsupported = offered({ type: "tools_offer", sessionId: "s1", offer: { outcome: "unsupported" } });
    expect(toolsStanding(unsupported, "s1", { name: "gemini" })).toMatchObject({
      on: false,
      problem: expect.stringMatching(/^gemini cannot use browser tools/),
    });
    // The host's reason, when it has one: a goose serve on another machine.
    const remote = offered({
      type: "tools_offer",
      sessionId: "s1",
      offer: { outcome: "unsupported", detail: "goose runs on another machine (10.0.0.2)" },
    });
    expect(toolsStanding(remote, "s1", goose).problem).toBe(
      "goose 1.50.0 cannot use the browser tools: goose runs on another machine (10.0.0.2).",
    );
    const later = offered({ type: "tools_offer", sessionId: "s1", offer: { outcome: "later" } });
    expect(toolsStanding(later, "s1", goose)).toMatchObject({ on: false, problem: expect.stringContaining("start a new session") });
    // Forgotten with the agent that made them.
    expect(reduceBrowserTools(failed, { type: "tools_offers_cleared" }).offers).toEqual({});
  });

  it("HostInbound hands an offer on with its words bounded, and drops a malformed one", () => {
    const inbound = new HostInbound();
    const offer = { type: "browser_tools_offer", sessionId: "s1", outcome: "failed", via: "mcpServers", detail: "x".repeat(900) };
    expect(inbound.receive({ host: offer })).toEqual({ events: [], toolOffers: [{ ...offer, detail: "x".repeat(500) }] });
    expect(inbound.receive({ host: { ...offer, outcome: "maybe" } })).toEqual({ events: [] });
    expect(inbound.receive({ host: { ...offer, sessionId: 3 } })).toEqual({ events: [] });
  });

  it("the service keeps each session's offer, and forgets them all when the agent stops", () => {
    const t = setup();
    t.service.offerReported({ type: "browser_tools_offer", sessionId: "s1", outcome: "added", via: "mcpServers" });
    t.service.offerReported({ type: "browser_tools_offer", sessionId: "s2", outcome: "failed", detail: "no" });
    expect(t.store.get().tools.offers).toEqual({ s1: { outcome: "added", via: "mcpServers" }, s2: { outcome: "failed", detail: "no" } });
    t.service.agentStopped();
    expect(t.store.get().tools.offers).toEqual({});
  });
});

describe("one question per action", () => {
  const permission = (toolCallId: string, title: string, rawInput: unknown, _meta?: Record<string, unknown>): RequestPermissionRequest => ({
    sessionId: "s1",
    toolCall: { toolCallId, title, rawInput, ...(_meta ? { _meta } : {}) },
    options: [],
  });
  const allowOnce = { optionId: "allow_once", name: "Allow once", kind: "allow_once" as const };
  const consentAsked = (t: ReturnType<typeof setup>) => t.store.get().tools.consents.length;
  const asking = {
    run: async (_c: Pick<HostToolCall, "tool" | "args">, deps: RunnerDeps) => ({
      content: [{ type: "text" as const, text: await deps.askConsent(actRequest) }],
    }),
  };
  /** The agent's card for a call, in session s1, as the agent shows it (then running, after the user's allow). */
  const card = (t: ReturnType<typeof setup>, toolCallId: string, title: string, rawInput: unknown, toolName?: string) => {
    const update = {
      sessionUpdate: "tool_call" as const,
      toolCallId,
      title,
      status: "pending" as const,
      rawInput,
      ...(toolName ? { _meta: { goose: { toolCall: { toolName } } } } : {}),
    };
    for (const event of [
      { type: "session_opened" as const, sessionId: "s1", cwd: "/", loading: false },
      { type: "session_update" as const, sessionId: "s1", update },
      {
        type: "session_update" as const,
        sessionId: "s1",
        update: { sessionUpdate: "tool_call_update" as const, toolCallId, status: "in_progress" as const },
      },
    ]) {
      if (event.type === "session_opened" && t.store.get().client.sessions.s1) continue;
      t.store.dispatch({ scope: "client", event });
      t.service.clientEvent(event);
    }
  };
  const served = (callId: string, tool: string, args: unknown): HostToolCall => ({ ...toolCall(callId, tool, args), sessionId: "s1" });

  it("the user's allow on the agent's own question is the consent of the served call bound to that card, once", async () => {
    let now = 1_000;
    const t = setup({ ...asking, now: () => now });
    await t.service.setEnabled(true);
    // codex: the question is titled "Approve MCP tool call"; its card says which tool, wrapped.
    card(t, "c1", "Tool: browser/click", { server: "browser", tool: "click", arguments: { ref: "e3" } });
    t.service.agentPermissionAnswered(permission("c1", "Approve MCP tool call", undefined), allowOnce);
    const a = answers();
    await t.service.handleCall(served("t1", "click", { ref: "e3" }), a.answer);
    expect(t.store.get().tools.calls[0]).toMatchObject({ callId: "t1", toolCallId: "c1", sessionId: "s1" });
    expect(a.out[0]).toMatchObject({ content: [{ text: "allow_once" }] });
    expect(consentAsked(t)).toBe(0);
    // Used up: another identical call (another card) is asked about.
    card(t, "c2", "Tool: browser/click", { server: "browser", tool: "click", arguments: { ref: "e3" } });
    const second = t.service.handleCall(served("t2", "click", { ref: "e3" }), a.answer);
    await vi.waitFor(() => expect(consentAsked(t)).toBe(1));
    t.service.answerConsent(t.store.get().tools.consents[0]!.id, "deny");
    await second;
    // goose's tool name counts as well; a minute later the allow no longer stands.
    card(t, "c3", "anything", { ref: "e4" }, "browser__click");
    t.service.agentPermissionAnswered(permission("c3", "anything", { ref: "e4" }), allowOnce);
    now += 60_001;
    const late = t.service.handleCall(served("t3", "click", { ref: "e4" }), a.answer);
    await vi.waitFor(() => expect(consentAsked(t)).toBe(1));
    t.service.answerConsent(t.store.get().tools.consents[0]!.id, "deny");
    await late;
  });

  it("carries nothing over from a deny, another card, other arguments, another tool, or a tool that is not ours", async () => {
    const t = setup(asking);
    await t.service.setEnabled(true);
    const reject = { optionId: "reject_once", name: "Deny", kind: "reject_once" as const };
    card(t, "c1", "browser_click", { ref: "e3" });
    t.service.agentPermissionAnswered(permission("c1", "browser_click", { ref: "e3" }), reject);
    // The same call on a later card, allowed: not the card the served call is bound to.
    card(t, "c2", "browser_click", { ref: "e3" });
    t.service.agentPermissionAnswered(permission("c2", "browser_click", { ref: "e3" }), allowOnce);
    card(t, "c5", "browser_click", { ref: "e5" });
    t.service.agentPermissionAnswered(permission("c5", "browser_click", { ref: "e5" }), allowOnce);
    card(t, "c3", "browser_type", { ref: "e3" });
    t.service.agentPermissionAnswered(permission("c3", "browser_type", { ref: "e3" }), allowOnce);
    card(t, "c4", "developer__shell", { ref: "e3" });
    t.service.agentPermissionAnswered(permission("c4", "developer__shell", { ref: "e3" }), allowOnce);
    // The served click {ref: e3} is bound to c1, the card the user denied: asked again.
    const done = t.service.handleCall(served("t1", "click", { ref: "e3" }), answers().answer);
    expect(t.store.get().tools.calls[0]?.toolCallId).toBe("c1");
    await vi.waitFor(() => expect(consentAsked(t)).toBe(1));
    t.service.answerConsent(t.store.get().tools.consents[0]!.id, "deny");
    await done;
  });

  it("Show tab focuses only a tab a call worked in, and says so when that tab is gone", async () => {
    const t = setup();
    await t.service.setEnabled(true);
    await t.service.showTab(7);
    expect(t.focused).toEqual([]);
    for (const tabId of [7, 404]) {
      t.store.dispatch({ scope: "tools", event: { type: "tool_started", callId: `t${tabId}`, tool: "read_page", args: {} } });
      t.store.dispatch({
        scope: "tools",
        event: { type: "tool_target", callId: `t${tabId}`, target: { tabId, title: "A", url: "https://a.example/" } },
      });
    }
    await t.service.showTab(7);
    expect(t.focused).toEqual([7]);
    expect(t.store.get().tools.notice).toBeNull();
    await t.service.showTab(404);
    expect(t.store.get().tools.notice).toMatch(/tab is closed/);
    expect(t.store.get().tools.enabled).toBe(true);
  });
});

describe("an open session when the tools are turned on or off", () => {
  it("is loaded again for an agent that takes a server only on load, at once or once its turn ends; never for goose's own ways", async () => {
    const reloads: string[] = [];
    let busy = true;
    const t = setup({
      reload: (id) => {
        if (busy) return false;
        reloads.push(id);
        return true;
      },
    });
    const client = (event: ClientEvent) => {
      t.store.dispatch({ scope: "client", event });
      t.service.clientEvent(event);
    };
    client({ type: "agent_ready", info: null, capabilities: { loadSession: true }, authMethods: [] });
    client({ type: "session_opened", sessionId: "s1", cwd: "/", loading: false });
    client({ type: "session_activated", sessionId: "s1" });
    t.service.offerReported({ type: "browser_tools_offer", sessionId: "s1", outcome: "later" });
    expect(reloads).toEqual([]);
    busy = false;
    client({ type: "prompt_finished", sessionId: "s1", stopReason: "end_turn" });
    await Promise.resolve();
    expect(reloads).toEqual(["s1"]);
    // Off, for an agent that cannot drop the server itself.
    t.service.offerReported({ type: "browser_tools_offer", sessionId: "s1", outcome: "removed" });
    expect(reloads).toEqual(["s1", "s1"]);
    // goose removed it with its own method; another session than the one on screen waits for its own load.
    t.service.offerReported({ type: "browser_tools_offer", sessionId: "s1", outcome: "removed", via: "_goose/extensions/remove" });
    t.service.offerReported({ type: "browser_tools_offer", sessionId: "s2", outcome: "later" });
    t.service.offerReported({ type: "browser_tools_offer", sessionId: "s1", outcome: "added", via: "mcpServers" });
    expect(reloads).toEqual(["s1", "s1"]);
  });
});

describe("routing and the tab indicator", () => {
  it("HostInbound hands tool calls on, and drops one without a call id", () => {
    const inbound = new HostInbound();
    const call = toolCall("t9", "read_page", { tabId: 3 });
    expect(inbound.receive({ host: call })).toEqual({ events: [], toolCalls: [call] });
    expect(inbound.receive({ host: { type: "tool_call", tool: "read_page", args: {} } })).toEqual({ events: [] });
  });

  it("marks a tab while a call works in it, steps aside at once while it waits for consent, and clears a moment after it is done", () => {
    const calls: Array<{ tabId: number; text: string | null }> = [];
    const clock = new FakeClock();
    const indicate = tabIndicator({ setBadgeText: (d) => void calls.push(d) }, clock);
    let s = initialAppState;
    const apply = (event: AppEvent["event"]) => {
      s = reduceApp(s, { scope: "tools", event } as AppEvent);
      indicate(s);
    };
    apply({ type: "tool_started", callId: "t1", tool: "click", args: {} });
    apply({ type: "tool_target", callId: "t1", target: { tabId: 5, title: "", url: "https://a.example/" } });
    apply({ type: "consent_requested", id: "c1", callId: "t1", request: actRequest });
    apply({ type: "consent_resolved", id: "c1" });
    apply({ type: "tool_finished", callId: "t1", isError: false });
    expect(calls).toHaveLength(3);
    clock.advance(1500);
    expect(calls).toEqual([
      { tabId: 5, text: WORKING_TEXT },
      { tabId: 5, text: null },
      { tabId: 5, text: WORKING_TEXT },
      { tabId: 5, text: null },
    ]);
  });

  it("keeps the mark between calls that follow each other in the same tab: one badge update each way", () => {
    const calls: Array<{ tabId: number; text: string | null }> = [];
    const clock = new FakeClock();
    const indicate = tabIndicator({ setBadgeText: (d) => void calls.push(d) }, clock);
    let s = initialAppState;
    const apply = (event: AppEvent["event"]) => {
      s = reduceApp(s, { scope: "tools", event } as AppEvent);
      indicate(s);
    };
    for (const callId of ["t1", "t2", "t3"]) {
      apply({ type: "tool_started", callId, tool: "page_snapshot", args: {} });
      apply({ type: "tool_target", callId, target: { tabId: 5, title: "", url: "https://a.example/" } });
      apply({ type: "tool_finished", callId, isError: false });
      clock.advance(100);
    }
    expect(calls).toEqual([{ tabId: 5, text: WORKING_TEXT }]);
    clock.advance(1500);
    expect(calls).toEqual([
      { tabId: 5, text: WORKING_TEXT },
      { tabId: 5, text: null },
    ]);
  });
});
