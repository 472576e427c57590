/**
 * Everything that differs between Chromium and Firefox, in one place (see docs/ARCHITECTURE.md,
 * "Chromium and Firefox"). The build picks one flavour (`import.meta.env.FIREFOX`); the factories
 * take the APIs they call so unit tests can run either flavour.
 *
 * - Panel: Chromium's `sidePanel` (MV3) against Firefox's `sidebarAction` (MV2). Both open only
 *   from inside a user's gesture (a toolbar click, a menu click, a shortcut), so `openPanel` must be
 *   called synchronously in the handler, before any await.
 * - Toolbar button: `action` (MV3) against `browserAction` (MV2); the badge calls are the same.
 * - Tab groups: Firefox's build asks for no `tabGroups` permission, so tools do not group tabs there.
 * - Who the host allows: Chromium checks the caller's origin against `allowed_origins`; Firefox checks
 *   the add-on id against `allowed_extensions`.
 * - The shortcut settings page: `chrome://extensions/shortcuts`, or Firefox's own opener.
 * The context menu needs nothing here: Firefox serves `contextMenus` as an alias of `menus`.
 */
import browser from "webextension-polyfill";
import { chromeOrigin, GECKO_ADDON_ID } from "../shared/extension-ids";

type Tab = { id?: number; windowId?: number };

/** The badge calls the background makes on the toolbar button. */
interface ToolbarButton {
  setBadgeText(details: { text: string | null; tabId?: number }): Promise<void> | void;
  setBadgeBackgroundColor(details: { color: string }): Promise<void> | void;
  setTitle(details: { title: string }): Promise<void> | void;
}

export interface Platform {
  readonly flavour: "chromium" | "firefox";
  /** Makes the toolbar button open (and close) the panel. */
  openPanelOnToolbarClick(): void;
  /** Opens the panel in the tab's window. Call it synchronously inside the user's gesture. */
  openPanel(tab: Tab | undefined): void;
  /** Whether `closePanel` can close an open panel (Chrome ≥ 141 and Firefox can). */
  canClosePanel(): boolean;
  closePanel(windowId: number | undefined): void;
  toolbarButton(): ToolbarButton;
  /** Whether browser tools may put the tabs they open in a tab group. */
  canGroupTabs(): boolean;
  /** What the host's manifest must list for this extension, for the "forbidden" diagnosis. */
  hostAllowEntry(extensionId: string): { label: string; value: string; key: string; extensionId?: string };
  openShortcutSettings(): Promise<void>;
}

const warn = (what: string) => (e: unknown) => console.warn(`goose: could not ${what}`, e);

// --- Chromium ---------------------------------------------------------------------------------

/** The slice of `chrome.sidePanel` used; `close` exists only in newer Chrome. */
interface SidePanelApi {
  setPanelBehavior(options: { openPanelOnActionClick: boolean }): Promise<void>;
  open(target: { tabId: number } | { windowId: number }): Promise<void>;
  close?(target: { windowId: number }): Promise<void>;
}

export interface ChromiumApis {
  sidePanel: SidePanelApi | undefined;
  action: ToolbarButton;
  tabGroups: unknown;
  currentWindowId: number;
  openTab(url: string): Promise<unknown>;
}

export function chromiumPlatform(api: () => ChromiumApis): Platform {
  return {
    flavour: "chromium",
    openPanelOnToolbarClick() {
      api().sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(warn("set the side panel behaviour"));
    },
    openPanel(tab) {
      const { sidePanel, currentWindowId } = api();
      const target = tab?.id !== undefined ? { tabId: tab.id } : { windowId: tab?.windowId ?? currentWindowId };
      sidePanel?.open(target).catch(warn("open the side panel"));
    },
    canClosePanel: () => typeof api().sidePanel?.close === "function",
    closePanel(windowId) {
      if (windowId !== undefined) api().sidePanel?.close?.({ windowId }).catch(warn("close the side panel"));
    },
    toolbarButton: () => api().action,
    canGroupTabs: () => Boolean(api().tabGroups),
    hostAllowEntry: (extensionId) => ({
      label: "This extension's origin",
      value: chromeOrigin(extensionId),
      key: "allowed_origins",
      extensionId,
    }),
    openShortcutSettings: async () => void (await api().openTab("chrome://extensions/shortcuts")),
  };
}

// --- Firefox ----------------------------------------------------------------------------------

/** The slice of Firefox's `sidebarAction` used (all three need a user action). */
interface SidebarActionApi {
  open(): Promise<void>;
  close(): Promise<void>;
  toggle(): Promise<void>;
}

export interface FirefoxApis {
  sidebarAction: SidebarActionApi;
  browserAction: ToolbarButton & { onClicked: { addListener(listener: () => void): void } };
  openShortcutSettings(): Promise<void>;
}

export function firefoxPlatform(api: () => FirefoxApis): Platform {
  return {
    flavour: "firefox",
    openPanelOnToolbarClick() {
      // Firefox gives the sidebar no toolbar behaviour of its own; a click is a user action, so toggle may run.
      api().browserAction.onClicked.addListener(() => void api().sidebarAction.toggle().catch(warn("toggle the sidebar")));
    },
    // The sidebar belongs to the window the gesture came from; Firefox finds it itself.
    openPanel: () => void api().sidebarAction.open().catch(warn("open the sidebar")),
    canClosePanel: () => true,
    closePanel: () => void api().sidebarAction.close().catch(warn("close the sidebar")),
    toolbarButton: () => api().browserAction,
    canGroupTabs: () => false,
    hostAllowEntry: () => ({ label: "This add-on's id", value: GECKO_ADDON_ID, key: "allowed_extensions" }),
    openShortcutSettings: () => api().openShortcutSettings(),
  };
}

// --- This build ---------------------------------------------------------------------------------

type Apis = typeof browser & {
  action?: ToolbarButton;
  browserAction?: FirefoxApis["browserAction"];
  sidebarAction?: SidebarActionApi;
  commands: { openShortcutSettings?(): Promise<void> };
};

export const platform: Platform = import.meta.env.FIREFOX
  ? firefoxPlatform(() => {
      const b = browser as Apis;
      return {
        sidebarAction: b.sidebarAction as SidebarActionApi,
        browserAction: b.browserAction as FirefoxApis["browserAction"],
        // Firefox ≥ 137; before it, the add-ons manager is where shortcuts are changed.
        openShortcutSettings: async () => {
          if (b.commands.openShortcutSettings) await b.commands.openShortcutSettings();
          else await b.tabs.create({ url: "about:addons" });
        },
      };
    })
  : chromiumPlatform(() => ({
      sidePanel: globalThis.chrome?.sidePanel as SidePanelApi | undefined,
      action: (browser as Apis).action as ToolbarButton,
      tabGroups: (browser as Apis).tabGroups,
      currentWindowId: browser.windows.WINDOW_ID_CURRENT,
      openTab: (url) => browser.tabs.create({ url }),
    }));
