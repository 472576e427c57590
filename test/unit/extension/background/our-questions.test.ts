/**
 * The agent questions answered for the user: about a call of our own browser server that our consent
 * judges when it is served (background/browser-tools/our-questions.ts, browser-tools/read-allowed.ts, the broker's
 * allowOnceForUser). A read of a site the user already let goose-browser read says so; an acting call
 * is asked by goose-browser itself when served; everything else stays the user's.
 */
import type { PermissionOption, RequestPermissionRequest } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { questionForUs, type ReadAllowed } from "../../../../extension/background/browser-tools/our-questions";
import { permissionPrompts } from "../../../../extension/background/client/questions/permission-prompts";
import type { SessionMemory } from "../../../../extension/background/client/sessions/session-memory";
import type { BrowserApi, TabInfo } from "../../../../extension/browser-tools/browser-api";
import { readAllowedNow } from "../../../../extension/browser-tools/read-allowed";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../extension/state/app";
import { toolCallOf } from "../../../../extension/state/conversation/tool-call-map";
import type { ClientEvent } from "../../../../extension/state/sessions/client-state";

const GOOSE_OPTIONS: PermissionOption[] = ["allow_always", "allow_once", "reject_once", "reject_always"].map((k) => ({
  optionId: k,
  name: k,
  kind: k as PermissionOption["kind"],
}));

/** goose 1.52's request as captured (no content, no _meta; its card came first with the tool name). */
function gooseRequest(tool: string, rawInput: Record<string, unknown>, toolCallId = `call_${tool}`): RequestPermissionRequest {
  return {
    sessionId: "s1",
    toolCall: { toolCallId, kind: "other", status: "pending", title: `browser: ${tool.replace(/_/g, " ")}`, rawInput },
    options: GOOSE_OPTIONS,
  };
}

function appWith(o: { enabled?: boolean; offer?: "added" | "failed" | "removed" | null; cards?: RequestPermissionRequest[] } = {}) {
  let state: AppState = initialAppState;
  const apply = (event: AppEvent) => {
    state = reduceApp(state, event);
  };
  const client = (event: ClientEvent) => apply({ scope: "client", event });
  client({ type: "agent_ready", info: { name: "goose", version: "1.52.0" }, capabilities: {}, authMethods: [] });
  client({ type: "session_opened", sessionId: "s1", cwd: "/w", loading: false });
  apply({ scope: "tools", event: { type: "tools_enabled", enabled: o.enabled ?? true } });
  if (o.offer !== null) apply({ scope: "tools", event: { type: "tools_offer", sessionId: "s1", offer: { outcome: o.offer ?? "added" } } });
  for (const r of o.cards ?? []) {
    const { toolCallId, title, rawInput } = r.toolCall;
    const toolName = `browser__${/browser: (.*)/.exec(title ?? "")![1]!.replace(/ /g, "_")}`;
    client({
      type: "session_update",
      sessionId: "s1",
      update: { sessionUpdate: "tool_call", toolCallId, title: title ?? "", rawInput, _meta: { goose: { toolCall: { toolName } } } },
    });
  }
  return { state: () => state, client };
}

const TABS: TabInfo[] = [
  { id: 1, windowId: 1, title: "Shop", url: "https://shop.example/cart", active: true, groupId: -1 },
  { id: 2, windowId: 1, title: "Settings", url: "chrome://settings", active: false, groupId: -1 },
  { id: 3, windowId: 1, title: "Bank", url: "https://bank.example/", active: false, groupId: -1 },
];

function fakeApi(readable: string[]): BrowserApi {
  return {
    ownOrigin: "chrome-extension://ours",
    queryTabs: async (q) => TABS.filter((t) => (q.active ? t.active : true)),
    getTab: async (id) => TABS.find((t) => t.id === id) ?? null,
    hasHostAccess: async (pattern) => readable.includes(pattern),
    fileAccessAllowed: async () => false,
  } as Partial<BrowserApi> as BrowserApi;
}

describe("a read needs no question only on a site the user already let goose-browser read", () => {
  const api = fakeApi(["https://shop.example/*"]);

  it("a read-only tool on a readable site (its tab, or the active one) names the site", async () => {
    expect(await readAllowedNow(api, "page_snapshot", { tabId: 1 })).toEqual({ site: "shop.example" });
    expect(await readAllowedNow(api, "read_page", {})).toEqual({ site: "shop.example" });
    expect(await readAllowedNow(api, "find", { tabId: 1, text: "Pay" })).toEqual({ site: "shop.example" });
  });

  it("not for a site not yet readable, a browser page, a missing tab, bad arguments, an acting tool or one with no tab", async () => {
    expect(await readAllowedNow(api, "page_snapshot", { tabId: 3 })).toBeNull();
    expect(await readAllowedNow(api, "screenshot", { tabId: 2 })).toBeNull();
    expect(await readAllowedNow(api, "read_page", { tabId: 99 })).toBeNull();
    expect(await readAllowedNow(api, "read_page", { tabId: "1" })).toBeNull();
    expect(await readAllowedNow(api, "click", { tabId: 1, ref: "e3" })).toBeNull();
    expect(await readAllowedNow(api, "scroll", { tabId: 1 })).toBeNull();
    expect(await readAllowedNow(api, "list_tabs", {})).toBeNull();
    expect(await readAllowedNow(api, "delete_everything", { tabId: 1 })).toBeNull();
  });
});

describe("which agent questions are answered for the user", () => {
  const readable: ReadAllowed = (tool, args) => readAllowedNow(fakeApi(["https://shop.example/*"]), tool, args);
  const snapshot = gooseRequest("page_snapshot", { tabId: 1 });

  it("goose's question about a read of our server on a readable site", async () => {
    expect(await questionForUs(appWith({ cards: [snapshot] }).state(), snapshot, readable)).toEqual({ site: "shop.example" });
  });

  it("never while the tools are off, or in a session that did not take our server", async () => {
    expect(await questionForUs(appWith({ enabled: false, cards: [snapshot] }).state(), snapshot, readable)).toBeNull();
    for (const offer of ["failed", "removed", null] as const)
      expect(await questionForUs(appWith({ offer, cards: [snapshot] }).state(), snapshot, readable)).toBeNull();
  });

  it("an acting call, and a read of a site not yet readable: answered, our consent asks when the call is served", async () => {
    const click = gooseRequest("click", { tabId: 1, ref: "e3" });
    expect(await questionForUs(appWith({ cards: [click] }).state(), click, readable)).toEqual({});
    const bank = gooseRequest("page_snapshot", { tabId: 3 }, "call_bank");
    expect(await questionForUs(appWith({ cards: [bank] }).state(), bank, readable)).toEqual({});
  });

  it("every agent's shape of the same question (state/browser-tools/our-call.ts)", async () => {
    const asked = (toolCall: RequestPermissionRequest["toolCall"]): RequestPermissionRequest => ({
      sessionId: "s1",
      toolCall,
      options: GOOSE_OPTIONS,
    });
    const codex = asked({
      toolCallId: "c1",
      title: "Approve Type text",
      rawInput: {
        server_name: "browser",
        request: {
          mode: "form",
          _meta: { codex_approval_kind: "mcp_tool_call", tool_title: "Type text", tool_params: { ref: "e3", text: "Ada" } },
        },
      },
    });
    const gemini = asked({
      toolCallId: "mcp_browser_page_snapshot__17",
      title: "page_snapshot (browser MCP Server)",
      content: [{ type: "content", content: { type: "text", text: '{"tabId":1}' } }],
    });
    const claude = asked({ toolCallId: "t1", title: "mcp__browser__click", kind: "other", rawInput: { ref: "e3" } });
    expect(await questionForUs(appWith().state(), codex, readable)).toEqual({});
    expect(await questionForUs(appWith().state(), gemini, readable)).toEqual({ site: "shop.example" });
    expect(await questionForUs(appWith().state(), claude, readable)).toEqual({});
  });

  it("never for list_tabs (no one site our consent judges), another server's tool, a command titled like ours, or without an allow-once to give", async () => {
    const tabs = gooseRequest("list_tabs", {});
    expect(await questionForUs(appWith({ cards: [tabs] }).state(), tabs, readable)).toBeNull();
    const shell: RequestPermissionRequest = {
      ...snapshot,
      toolCall: { toolCallId: "sh", kind: "execute", title: "browser click", rawInput: { command: "browser click" } },
    };
    expect(await questionForUs(appWith().state(), shell, readable)).toBeNull();
    const echo: RequestPermissionRequest = { ...snapshot, toolCall: { toolCallId: "sh2", title: "Run echo browser click" } };
    expect(await questionForUs(appWith().state(), echo, readable)).toBeNull();
    const other: RequestPermissionRequest = {
      ...snapshot,
      toolCall: { ...snapshot.toolCall, toolCallId: "x", title: "developer: shell · cat ~/.ssh/id_rsa", rawInput: { command: "cat" } },
    };
    expect(await questionForUs(appWith().state(), other, readable)).toBeNull();
    const alwaysOnly = { ...snapshot, options: GOOSE_OPTIONS.filter((o) => o.kind !== "allow_once") };
    expect(await questionForUs(appWith({ cards: [snapshot] }).state(), alwaysOnly, readable)).toBeNull();
  });
});

describe("the broker answers such a question allow-once and marks its card; any other is shown", () => {
  function prompts(allowed: { site?: string } | null) {
    const app = appWith({ cards: [gooseRequest("page_snapshot", { tabId: 1 })] });
    const events: ClientEvent[] = [];
    const dispatch = (event: ClientEvent) => {
      events.push(event);
      app.client(event);
    };
    const memory = { setDenied: async () => {} } as unknown as SessionMemory;
    const answered: string[] = [];
    const broker = permissionPrompts(
      { state: app.state, dispatch, memory },
      (_r, option) => answered.push(option.kind),
      async () => allowed,
    );
    return { app, events, broker, answered };
  }

  it("allowed: goose gets allow_once (never always), no question waits, and the card says it was allowed", async () => {
    const { app, events, broker, answered } = prompts({ site: "shop.example" });
    const response = await broker.ask(gooseRequest("page_snapshot", { tabId: 1 }), new AbortController().signal);
    expect(response).toEqual({ outcome: { outcome: "selected", optionId: "allow_once" } });
    // Not the user's answer: no allow is carried to the served call, whose own consent still judges it.
    expect(answered).toEqual([]);
    expect(events.some((e) => e.type === "permission_requested")).toBe(false);
    const session = app.state().client.sessions.s1!;
    expect(session.permissions).toEqual([]);
    expect(toolCallOf(session.toolCalls, "call_page_snapshot")?.autoAllowed).toEqual({ site: "shop.example" });
  });

  it("not allowed: the question is shown and waits for the user", async () => {
    const { app, broker } = prompts(null);
    const response = broker.ask(gooseRequest("page_snapshot", { tabId: 1 }), new AbortController().signal);
    await expect.poll(() => app.state().client.sessions.s1!.permissions.length).toBe(1);
    expect(toolCallOf(app.state().client.sessions.s1!.toolCalls, "call_page_snapshot")?.autoAllowed).toBeUndefined();
    broker.answer("perm-1", "reject_once");
    expect(await response).toEqual({ outcome: { outcome: "selected", optionId: "reject_once" } });
  });

  it("stopped while the tab is looked up: cancelled, and neither shown nor allowed", async () => {
    const { app, events, broker } = prompts({ site: "shop.example" });
    const stop = new AbortController();
    const response = broker.ask(gooseRequest("page_snapshot", { tabId: 1 }), stop.signal);
    stop.abort();
    expect(await response).toEqual({ outcome: { outcome: "cancelled" } });
    await Promise.resolve();
    await Promise.resolve();
    expect(events.map((e) => e.type)).not.toContain("permission_requested");
    expect(events.map((e) => e.type)).not.toContain("permission_auto_allowed");
    expect(app.state().client.sessions.s1!.permissions).toEqual([]);
  });
});
