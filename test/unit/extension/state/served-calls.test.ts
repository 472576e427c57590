/**
 * Which tool card a served browser call belongs to, whatever the agent calls the tool, and what a
 * card shows from the call bound to it.
 */
import { describe, expect, it } from "vitest";
import {
  type BrowserToolsState,
  initialBrowserToolsState,
  reduceBrowserTools,
} from "../../../../extension/state/browser-tools/browser-tools";
import {
  browserToolDetail,
  browserToolOf,
  callArguments,
  cardHoldsArgs,
  cardMatchesCall,
  cardNamesTool,
  pickCard,
} from "../../../../extension/state/browser-tools/served-calls";
import type { ToolCallState } from "../../../../extension/state/sessions/client-state";

const card = (toolCallId: string, title: string, rawInput: unknown, extra: Partial<ToolCallState> = {}): ToolCallState => ({
  toolCallId,
  title,
  kind: null,
  status: "pending",
  content: [],
  locations: [],
  rawInput,
  ...extra,
});

describe("a card names a tool", () => {
  it("in every agent's spelling, as whole words", () => {
    expect(cardNamesTool(card("a", "browser: read page · 3", {}, { toolName: "browser__read_page" }), "read_page")).toBe(true);
    expect(cardNamesTool(card("a", "mcp__browser__read_page", {}), "read_page")).toBe(true);
    expect(cardNamesTool(card("a", "Tool: browser/read_page", {}), "read_page")).toBe(true);
    expect(cardNamesTool(card("a", "Approve MCP tool call", { server: "browser", tool: "read_page", arguments: {} }), "read_page")).toBe(
      true,
    );
    expect(cardNamesTool(card("a", "browser_read_page", {}), "read_page")).toBe(true);
    expect(cardNamesTool(card("a", "browser_read_pages", {}), "read_page")).toBe(false);
    expect(cardNamesTool(card("a", "browser_page_snapshot", {}), "read_page")).toBe(false);
    expect(cardNamesTool(card("a", "developer__shell", {}), "type")).toBe(false);
  });

  it("holds the served arguments, wrapped or not, with members the server dropped allowed", () => {
    expect(cardHoldsArgs(card("a", "x", { ref: "e3" }), { ref: "e3" })).toBe(true);
    expect(cardHoldsArgs(card("a", "x", { server: "browser", tool: "click", arguments: { ref: "e3" } }), { ref: "e3" })).toBe(true);
    expect(cardHoldsArgs(card("a", "x", { ref: "e3", why: "the model's note" }), { ref: "e3" })).toBe(true);
    expect(cardHoldsArgs(card("a", "x", { ref: "e4" }), { ref: "e3" })).toBe(false);
    expect(cardHoldsArgs(card("a", "x", {}), { ref: "e3" })).toBe(false);
    expect(cardHoldsArgs(card("a", "x", undefined), {})).toBe(true);
    // A huge typed text is compared as the record keeps it (a preview), on both sides.
    const long = "x".repeat(1 << 20);
    expect(cardHoldsArgs(card("a", "x", { ref: "e1", text: long }), { ref: "e1", text: long })).toBe(true);
    expect(cardHoldsArgs(card("a", "x", { ref: "e1", text: "short" }), { ref: "e1", text: long })).toBe(false);
    expect(callArguments(card("a", "x", { server: "browser", tool: "click", arguments: { ref: "e3" } }))).toEqual({ ref: "e3" });
  });

  it("a served call takes the oldest open card that matches, never a taken or an already finished one", () => {
    const cards = [
      card("old", "browser_click", { ref: "e3" }, { status: "completed" }),
      card("denied", "browser_click", { ref: "e3" }, { status: "failed" }),
      card("other", "browser_click", { ref: "e9" }),
      card("first", "browser_click", { ref: "e3" }, { status: "in_progress" }),
      card("second", "browser_click", { ref: "e3" }),
    ];
    const call = { tool: "click", args: { ref: "e3" } };
    expect(pickCard(cards, call, new Set(), new Set(["old", "denied"]))?.toolCallId).toBe("first");
    expect(pickCard(cards, call, new Set(["first"]), new Set(["old", "denied"]))?.toolCallId).toBe("second");
    expect(pickCard(cards, { tool: "type", args: { ref: "e3" } }, new Set(), new Set())).toBeUndefined();
    expect(cardMatchesCall(cards[2]!, call)).toBe(false);
  });
});

describe("what a browser card shows", () => {
  const bound = (): BrowserToolsState => {
    let s = initialBrowserToolsState;
    s = reduceBrowserTools(s, { type: "tool_started", callId: "t1", tool: "click", args: { ref: "e3" }, sessionId: "s1" });
    s = reduceBrowserTools(s, { type: "tool_bound", callId: "t1", toolCallId: "c1" });
    s = reduceBrowserTools(s, {
      type: "tool_target",
      callId: "t1",
      target: { tabId: 7, title: "Cart", url: "https://shop.example:8443/cart", element: 'button "Pay"' },
    });
    return s;
  };

  it("the tab, site and element of the call bound to it, whatever the card is called", () => {
    const s = bound();
    expect(s.calls[0]).toMatchObject({ sessionId: "s1", toolCallId: "c1" });
    expect(reduceBrowserTools(s, { type: "tool_bound", callId: "t1", toolCallId: "c1" })).toBe(s);
    const detail = { tool: "click", tab: { id: 7, title: "Cart", site: "shop.example" }, element: 'button "Pay"' };
    expect(
      browserToolDetail(card("c1", "Approve MCP tool call", { server: "browser", tool: "click", arguments: { ref: "e3" } }), s),
    ).toEqual(detail);
    // Even a card no spelling would recognise.
    expect(browserToolDetail(card("c1", "something else entirely", {}), s)).toEqual(detail);
    // Another card with the same tool and arguments is not that call: only what its input says.
    expect(browserToolDetail(card("c2", "browser_click", { ref: "e3" }), s)).toEqual({ tool: "click", element: "e3" });
  });

  it("without a bound call, what the input of a card the spelling names says; nothing for other tools", () => {
    const s = initialBrowserToolsState;
    expect(browserToolDetail(card("c9", "browser__navigate", { url: "https://a.example/" }), s)).toEqual({
      tool: "navigate",
      url: "https://a.example/",
    });
    expect(browserToolDetail(card("c9", "developer__shell", {}), s)).toBeNull();
    expect(browserToolOf(card("a", "whatever", {}, { toolName: "browser__read_page" }))).toBe("read_page");
    expect(browserToolOf(card("a", "mcp__browser__click", {}))).toBe("click");
    expect(browserToolOf(card("a", "browser: list tabs · ", {}))).toBe("list_tabs");
    expect(browserToolOf(card("a", "Tool: browser/read_page", {}))).toBe("read_page");
    expect(browserToolOf(card("a", "browser_select_option", {}))).toBe("select_option");
    expect(browserToolOf(card("a", "Approve MCP tool call", { server: "browser", tool: "type", arguments: {} }))).toBe("type");
    expect(browserToolOf(card("a", "developer: shell · ls", {}, { toolName: "developer__shell" }))).toBeNull();
    expect(browserToolOf(card("a", "browserish__click", {}))).toBeNull();
  });
});
