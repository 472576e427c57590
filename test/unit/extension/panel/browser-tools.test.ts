// @vitest-environment happy-dom
/**
 * The panel's browser-tools parts in happy-dom: consent cards answer through the panel command (a read
 * request asks the browser for the site's host access inside the click), the switch asks for "tabs"
 * before turning on, and a browser tool card shows its tab and element.
 */
import "../../../helpers/dom/fake-browser";
import { h, render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { BrowserToolsSwitch, ConsentCards } from "../../../../extension/panel/browser-tools/BrowserTools";
import { ApprovalBar } from "../../../../extension/panel/tool/ApprovalBar";
import { BrowserToolTarget } from "../../../../extension/panel/tool/BrowserToolTarget";
import { initialAppState } from "../../../../extension/state/app";
import type { BrowserToolsState, ConsentRequest } from "../../../../extension/state/browser-tools/browser-tools";
import { applySnapshot } from "../../../../extension/view/state-signals";

const sent = vi.hoisted(() => [] as unknown[]);
vi.mock("../../../../extension/view/background-link", () => ({ send: (c: unknown) => sent.push(c) }));

const base = {
  tool: "read_page" as const,
  agent: "Claude Code",
  site: "docs.example",
  origin: "https://docs.example",
  tab: { id: 4, title: "Docs home", url: "https://docs.example/" },
};
const read: ConsentRequest = {
  ...base,
  kind: "read",
  originPattern: "https://docs.example/*",
  message: "Claude Code wants to read pages on docs.example",
};
const act1: ConsentRequest = {
  ...base,
  tool: "click",
  kind: "act",
  action: 'click button "Delete"',
  element: 'button "Delete"',
  message: 'Claude Code wants to click button "Delete" on docs.example',
};

function show(tools: Partial<BrowserToolsState>): void {
  applySnapshot({ ...initialAppState, tools: { ...initialAppState.tools, ...tools } });
}

let host: HTMLElement;
beforeEach(() => {
  sent.length = 0;
  host = document.createElement("div");
  document.body.replaceChildren(host);
});
afterEach(() => {
  render(null, host);
  vi.restoreAllMocks();
});

const button = (name: string) =>
  [...host.querySelectorAll("button")].find((b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name);

describe("consent cards", () => {
  it("a read request asks the browser for that site's access from the click, then answers allow", async () => {
    const request = vi.spyOn(fakeBrowser.permissions, "request").mockResolvedValue(true as never);
    show({ consents: [{ id: "c1", callId: "t1", request: read }] });
    act(() => render(h(ConsentCards, null), host));
    expect(host.textContent).toContain("Claude Code wants to read pages on docs.example");
    expect(host.textContent).toContain("Docs home");
    expect(button("Allow once")).toBeUndefined();
    // The same words as the agent's approvals; what it applies to is in its name.
    expect(button("Always allow reading docs.example")!.textContent).toBe("Always allow");
    button("Always allow reading docs.example")!.click();
    expect(request).toHaveBeenCalledWith({ origins: ["https://docs.example/*"] });
    await vi.waitFor(() => expect(sent).toEqual([{ type: "answer_consent", id: "c1", answer: "allow_once" }]));
  });

  it("an acting request names the element and offers once / deny in one row, always on this site under More", () => {
    show({ consents: [{ id: "c2", callId: "t2", request: act1 }] });
    act(() => render(h(ConsentCards, null), host));
    expect(host.querySelector("dl")?.textContent).toContain('button "Delete"');
    expect(
      [...host.querySelectorAll(".approval__options button")].map((b) => b.getAttribute("aria-label") ?? b.textContent?.trim()),
    ).toEqual(["Allow once", "Deny", "More answers"]);
    expect(button("Always allow on this site")).toBeUndefined();
    act(() => button("More answers")!.click());
    expect(button("Always allow on this site")!.textContent).toBe("Always allow");
    button("Always allow on this site")!.click();
    button("Deny")!.click();
    expect(sent).toEqual([
      { type: "answer_consent", id: "c2", answer: "allow_site" },
      { type: "answer_consent", id: "c2", answer: "deny" },
    ]);
  });
});

describe("the switch and tool cards", () => {
  it("asks for the tabs permission before turning on; turning off asks nothing", async () => {
    const request = vi.spyOn(fakeBrowser.permissions, "request").mockResolvedValue(false as never);
    show({ enabled: false });
    act(() => render(h(BrowserToolsSwitch, null), host));
    button("Browser: off")!.click();
    expect(request).toHaveBeenCalledWith({ permissions: ["tabs"] });
    // The background checks what was granted and explains a refusal; the panel just says what the user wants.
    await vi.waitFor(() => expect(sent).toEqual([{ type: "set_browser_tools", enabled: true }]));
    show({ enabled: true });
    act(() => render(h(BrowserToolsSwitch, null), host));
    button("Browser: on")!.click();
    expect(request).toHaveBeenCalledTimes(1);
    expect(sent.at(-1)).toEqual({ type: "set_browser_tools", enabled: false });
  });

  it("a card bound to a served call shows its tab and element and a Show tab button; another tool's card shows nothing extra", () => {
    show({
      calls: [
        {
          callId: "t1",
          tool: "click",
          args: { ref: "e7" },
          target: { tabId: 4, title: "Docs home", url: "https://docs.example/a", element: 'link "Next"' },
          status: "completed",
          toolCallId: "x",
        },
      ],
    });
    // codex's naming: no spelling the panel knows in the title, the call wrapped.
    const card = { toolCallId: "x", title: "Approve MCP tool call", kind: null, status: "completed" as const, content: [], locations: [] };
    act(() =>
      render(h(BrowserToolTarget, { tool: { ...card, rawInput: { server: "browser", tool: "click", arguments: { ref: "e7" } } } }), host),
    );
    expect(host.textContent).toContain("Docs home · docs.example");
    expect(host.textContent).toContain('link "Next"');
    act(() => (host.querySelector("button") as HTMLButtonElement).click());
    expect(sent.at(-1)).toEqual({ type: "show_tab", tabId: 4 });
    // The same tool and arguments on another card (not bound): only what its input says, no tab.
    act(() => render(h(BrowserToolTarget, { tool: { ...card, toolCallId: "y", title: "browser_click", rawInput: { ref: "e7" } } }), host));
    expect(host.textContent).toBe("Elemente7");
    expect(host.querySelector("button")).toBeNull();
    act(() =>
      render(h(BrowserToolTarget, { tool: { ...card, toolCallId: "z", title: "developer: shell", toolName: "developer__shell" } }), host),
    );
    expect(host.textContent).toBe("");
  });
});

describe("the agent's question about one of our calls", () => {
  const options = [
    { optionId: "yes-always", name: "Always", kind: "allow_always" as const },
    { optionId: "yes", name: "Allow", kind: "allow_once" as const },
    { optionId: "no", name: "Reject", kind: "reject_once" as const },
    { optionId: "never", name: "Never", kind: "reject_always" as const },
  ];
  const request = { key: "perm-1", toolCallId: "c1", options };

  it("is one question, once or not at all, answered with the agent's own option ids", () => {
    act(() =>
      render(h(ApprovalBar, { request, focus: false, title: "Approve MCP tool call", browser: { tool: "select_option", on: "e4" } }), host),
    );
    expect(host.textContent).toContain("select option e4 in your browser?");
    expect([...host.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Allow once", "Deny"]);
    act(() => button("Allow once")!.click());
    act(() => button("Deny")!.click());
    expect(sent).toEqual([
      { type: "answer_permission", key: "perm-1", optionId: "yes" },
      { type: "answer_permission", key: "perm-1", optionId: "no" },
    ]);
  });

  it("an agent that offers no once-options, or a tool that is not ours, keeps the agent's own choices", () => {
    const always = { ...request, options: options.filter((o) => o.kind.endsWith("always")) };
    act(() => render(h(ApprovalBar, { request: always, focus: false, title: "run t", browser: { tool: "click" } }), host));
    expect(host.querySelectorAll("button")).toHaveLength(2);
    expect(host.textContent).toContain("to run t?");
    act(() => render(h(ApprovalBar, { request, focus: false, title: "developer: shell", browser: null }), host));
    // The everyday answers in the row, the lasting ones under More: all four, no option alone on a line.
    expect(
      [...host.querySelectorAll(".approval__options button")].map((b) => b.getAttribute("aria-label") ?? b.textContent?.trim()),
    ).toEqual(["Allow once", "Deny", "More answers"]);
    act(() => button("More answers")!.click());
    expect([...host.querySelectorAll(".approval__options--more button")].map((b) => b.textContent)).toEqual([
      "Always allow",
      "Always deny",
    ]);
  });
});
