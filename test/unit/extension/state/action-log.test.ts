/** The action log: the reducer (per session, once per call, capped), the entry built from a call that ended, its words. */
import { describe, expect, it } from "vitest";
import {
  ACTION_TEXT_CHARS,
  ACTIONS_PER_SESSION,
  type ActionLogEntry,
  actionEntry,
  actionWhere,
  consentWords,
  reduceActionLog,
} from "../../../../extension/state/browser-tools/action-log";
import { initialBrowserToolsState, reduceBrowserTools } from "../../../../extension/state/browser-tools/browser-tools";

const entry = (callId: string, over: Partial<ActionLogEntry> = {}): ActionLogEntry => ({
  callId,
  tool: "click",
  consent: "allow_once",
  ok: true,
  text: "Clicked.",
  at: 1_000,
  ...over,
});

describe("reduceActionLog", () => {
  it("appends per session, oldest first, and keeps other sessions as they were", () => {
    let log = reduceActionLog({}, { type: "action_logged", sessionId: "s1", entry: entry("a") });
    log = reduceActionLog(log, { type: "action_logged", sessionId: "s2", entry: entry("b") });
    const s2 = log.s2;
    log = reduceActionLog(log, { type: "action_logged", sessionId: "s1", entry: entry("c", { consent: "deny", ok: false }) });
    expect(log.s1!.map((e) => [e.callId, e.consent, e.ok])).toEqual([
      ["a", "allow_once", true],
      ["c", "deny", false],
    ]);
    expect(log.s2).toBe(s2);
  });

  it("logs a call once: the same call id again leaves the state as it was", () => {
    const log = reduceActionLog({}, { type: "action_logged", sessionId: "s1", entry: entry("a") });
    expect(reduceActionLog(log, { type: "action_logged", sessionId: "s1", entry: entry("a", { ok: false }) })).toBe(log);
  });

  it("keeps the last ACTIONS_PER_SESSION calls of a session", () => {
    let log = {};
    for (let i = 0; i < ACTIONS_PER_SESSION + 3; i++)
      log = reduceActionLog(log, { type: "action_logged", sessionId: "s1", entry: entry(`c${i}`) });
    const s1 = (log as Record<string, ActionLogEntry[]>).s1!;
    expect(s1).toHaveLength(ACTIONS_PER_SESSION);
    expect(s1[0]!.callId).toBe("c3");
    expect(s1.at(-1)!.callId).toBe(`c${ACTIONS_PER_SESSION + 2}`);
  });

  it("keeps a result's text to one short line", () => {
    const log = reduceActionLog(
      {},
      { type: "action_logged", sessionId: "s1", entry: entry("a", { text: `line one\n\n${"x".repeat(500)}` }) },
    );
    const text = log.s1![0]!.text;
    expect(text.length).toBe(ACTION_TEXT_CHARS);
    expect(text.startsWith("line one x")).toBe(true);
    expect(text.endsWith("…")).toBe(true);
  });

  it("is the browser-tools slice's `log`, changed by the same reducer the background and the panels run", () => {
    const next = reduceBrowserTools(initialBrowserToolsState, { type: "action_logged", sessionId: "s1", entry: entry("a") });
    expect(next.log.s1).toHaveLength(1);
    expect(next.calls).toBe(initialBrowserToolsState.calls);
  });
});

describe("actionEntry", () => {
  const target = { tabId: 7, title: "Sign up", url: "http://127.0.0.1:8080/form.html", element: 'button "Subscribe"' };
  const base = { callId: "c1", tool: "click", acting: true, target, consent: null, ok: true, text: "Clicked.", at: 5 };

  it("takes the tab, the site from the tab's address, the element and the answer", () => {
    expect(actionEntry({ ...base, consent: "deny", ok: false, text: "The user denied this" })).toEqual({
      callId: "c1",
      tool: "click",
      tab: { id: 7, title: "Sign up" },
      site: "127.0.0.1",
      element: 'button "Subscribe"',
      consent: "deny",
      ok: false,
      text: "The user denied this",
      at: 5,
    });
  });

  it("an acting call not asked was allowed on its site earlier; a read not asked was not asked", () => {
    expect(actionEntry(base).consent).toBe("allowed_earlier");
    expect(actionEntry({ ...base, tool: "read_page", acting: false }).consent).toBe("not_asked");
    // An acting call that failed before it found a tab never reached the question.
    expect(actionEntry({ ...base, target: null }).consent).toBe("not_asked");
  });

  it("prefers the site the question named, and leaves out what it does not know", () => {
    expect(actionEntry({ ...base, askedSite: "local files" }).site).toBe("local files");
    const bare = actionEntry({ ...base, tool: "list_tabs", acting: false, target: null });
    expect(bare).not.toHaveProperty("tab");
    expect(bare).not.toHaveProperty("site");
    expect(bare).not.toHaveProperty("element");
  });
});

describe("words", () => {
  it("says the answer as the buttons do, and where the call worked", () => {
    expect(consentWords("allow_once")).toBe("Allowed once");
    expect(consentWords("deny")).toBe("Denied");
    expect(actionWhere(entry("a", { site: "example.com", tab: { id: 3, title: "Ex" }, element: 'link "Go"' }))).toBe(
      'example.com · “Ex” (tab 3) · link "Go"',
    );
    expect(actionWhere(entry("a"))).toBe("");
  });
});
