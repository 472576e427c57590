/** The Chromium/Firefox adapter: each flavour calls its own browser's APIs, and only those. */
import { describe, expect, it } from "vitest";
import "../../helpers/dom/fake-browser";
import { type ChromiumApis, chromiumPlatform, type FirefoxApis, firefoxPlatform } from "../../../extension/platform";

function recorder() {
  const calls: string[] = [];
  const call =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push(args.length ? `${name} ${JSON.stringify(args)}` : name);
    };
  return { calls, call };
}

function chromium(opts: { close?: boolean; tabGroups?: boolean } = {}) {
  const { calls, call } = recorder();
  const apis: ChromiumApis = {
    sidePanel: {
      setPanelBehavior: call("sidePanel.setPanelBehavior"),
      open: call("sidePanel.open"),
      ...(opts.close ? { close: call("sidePanel.close") } : {}),
    },
    action: { setBadgeText: call("action.setBadgeText"), setBadgeBackgroundColor: call("action.color"), setTitle: call("action.title") },
    tabGroups: opts.tabGroups ? {} : undefined,
    currentWindowId: -2,
    openTab: call("tabs.create"),
  };
  return { calls, platform: chromiumPlatform(() => apis), apis };
}

function firefox() {
  const { calls, call } = recorder();
  let clicked: (() => void) | undefined;
  const apis: FirefoxApis = {
    sidebarAction: { open: call("sidebarAction.open"), close: call("sidebarAction.close"), toggle: call("sidebarAction.toggle") },
    browserAction: {
      setBadgeText: call("browserAction.setBadgeText"),
      setBadgeBackgroundColor: call("browserAction.color"),
      setTitle: call("browserAction.title"),
      onClicked: { addListener: (l) => (clicked = l) },
    },
    openShortcutSettings: call("commands.openShortcutSettings"),
  };
  return { calls, platform: firefoxPlatform(() => apis), apis, click: () => clicked?.() };
}

describe("platform adapter", () => {
  it("Chromium: the toolbar button opens the side panel by behaviour, and open targets the tab, else the window", () => {
    const c = chromium();
    c.platform.openPanelOnToolbarClick();
    c.platform.openPanel({ id: 7, windowId: 3 });
    c.platform.openPanel({ windowId: 3 });
    c.platform.openPanel(undefined);
    expect(c.calls).toEqual([
      'sidePanel.setPanelBehavior [{"openPanelOnActionClick":true}]',
      'sidePanel.open [{"tabId":7}]',
      'sidePanel.open [{"windowId":3}]',
      'sidePanel.open [{"windowId":-2}]',
    ]);
  });

  it("Chromium: closing is offered only where sidePanel.close exists", () => {
    const old = chromium();
    expect(old.platform.canClosePanel()).toBe(false);
    const recent = chromium({ close: true });
    expect(recent.platform.canClosePanel()).toBe(true);
    recent.platform.closePanel(4);
    recent.platform.closePanel(undefined);
    expect(recent.calls).toEqual(['sidePanel.close [{"windowId":4}]']);
  });

  it("Chromium: badge on `action`, tab groups where the API is there, shortcuts in chrome://extensions", async () => {
    const c = chromium({ tabGroups: true });
    expect(c.platform.toolbarButton()).toBe(c.apis.action);
    expect(c.platform.canGroupTabs()).toBe(true);
    expect(chromium().platform.canGroupTabs()).toBe(false);
    await c.platform.openShortcutSettings();
    expect(c.calls).toEqual(['tabs.create ["chrome://extensions/shortcuts"]']);
    expect(c.platform.hostAllowEntry("abc")).toEqual({
      label: "This extension's origin",
      value: "chrome-extension://abc/",
      key: "allowed_origins",
      extensionId: "abc",
    });
  });

  it("Firefox: a toolbar click toggles the sidebar; open and close use sidebarAction, never sidePanel", () => {
    const f = firefox();
    f.platform.openPanelOnToolbarClick();
    expect(f.calls).toEqual([]);
    f.click();
    f.platform.openPanel({ id: 7, windowId: 3 });
    expect(f.platform.canClosePanel()).toBe(true);
    f.platform.closePanel(3);
    expect(f.calls).toEqual(["sidebarAction.toggle", "sidebarAction.open", "sidebarAction.close"]);
  });

  it("Firefox: badge on browserAction, no tab groups, the add-on id for allowed_extensions, Firefox's shortcut page", async () => {
    const f = firefox();
    expect(f.platform.toolbarButton()).toBe(f.apis.browserAction);
    expect(f.platform.canGroupTabs()).toBe(false);
    expect(f.platform.hostAllowEntry("moz-uuid")).toEqual({
      label: "This add-on's id",
      value: "goose-browser@goose-browser.dev",
      key: "allowed_extensions",
    });
    await f.platform.openShortcutSettings();
    expect(f.calls).toEqual(["commands.openShortcutSettings"]);
  });
});
