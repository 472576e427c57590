/** The user's settings (options page), with defaults; stored in storage.local. */
export interface Settings {
  /** Send a selection from the context menu at once with `defaultSelectionPrompt` (off: it waits as a chip). */
  sendSelectionImmediately: boolean;
  defaultSelectionPrompt: string;
  /** A system notification when a turn finishes or an approval is needed while the panel is closed. */
  notify: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  sendSelectionImmediately: false,
  defaultSelectionPrompt: "Explain this.",
  notify: false,
};

export const SETTINGS_KEY = "goose.settings";

export async function loadSettings(area: { get(key: string): Promise<Record<string, unknown>> }): Promise<Settings> {
  const raw = (await area.get(SETTINGS_KEY))[SETTINGS_KEY] as Partial<Settings> | undefined;
  return {
    sendSelectionImmediately:
      typeof raw?.sendSelectionImmediately === "boolean" ? raw.sendSelectionImmediately : DEFAULT_SETTINGS.sendSelectionImmediately,
    defaultSelectionPrompt:
      typeof raw?.defaultSelectionPrompt === "string" && raw.defaultSelectionPrompt.trim()
        ? raw.defaultSelectionPrompt
        : DEFAULT_SETTINGS.defaultSelectionPrompt,
    notify: typeof raw?.notify === "boolean" ? raw.notify : DEFAULT_SETTINGS.notify,
  };
}
