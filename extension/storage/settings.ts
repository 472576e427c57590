/** The user's settings (options page), with defaults; stored in storage.local. */
import { storage } from "wxt/utils/storage";

export interface Settings {
  /** Send a selection from the context menu at once with `defaultSelectionPrompt` (off: it waits as a chip). */
  sendSelectionImmediately: boolean;
  defaultSelectionPrompt: string;
  /** A system notification when a turn finishes or an approval is needed while the panel is closed. */
  notify: boolean;
  /** Full-text search over the sessions' messages, indexed on this machine (off: the index is deleted). */
  search: boolean;
  /**
   * A system notification when a session in a tab the open panel does not show finishes, fails or
   * waits for an approval (absent in settings stored before it existed: off).
   */
  notifyTabs?: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  sendSelectionImmediately: false,
  defaultSelectionPrompt: "Explain this.",
  notify: false,
  search: true,
  notifyTabs: false,
};

// A change of the stored shape gets a `version` and a migration (https://wxt.dev/storage.html#versioning).
export const settingsItem = storage.defineItem<Settings>("local:goose.settings", {
  fallback: DEFAULT_SETTINGS,
  version: 2,
  // Version 2 added `search`, on by default.
  migrations: { 2: (old: Omit<Settings, "search">): Settings => ({ ...old, search: true }) },
});
