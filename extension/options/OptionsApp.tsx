/** The options page: the agent and its folder, goose serve profiles, how page context is sent, notifications, the shortcut, diagnostics. */
import { useEffect, useState } from "preact/hooks";
import browser from "webextension-polyfill";
import { BrowserToolsCheckbox, BrowserToolsNotice } from "../panel/browser-tools/BrowserTools";
import { wipeSearchIndex } from "../search/wipe";
import { DEFAULT_SETTINGS, type Settings, settingsItem } from "../storage/settings";
import { ShortcutTip } from "../view/ShortcutTip";
import { AgentPicker } from "./AgentPicker";
import { Diagnostics } from "./Diagnostics";
import { ServeProfiles } from "./ServeProfiles";

export function OptionsApp() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [saved, setSaved] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => void settingsItem.getValue().then(setSettings), []);
  if (!settings) return null;

  const save = async (next: Settings) => {
    setSettings(next);
    await settingsItem.setValue(next);
    setSaved(true);
  };
  const toggleNotify = async (key: "notify" | "notifyTabs", on: boolean) => {
    setNotice(null);
    // Asked only when wanted, inside this click (the browser requires a user gesture).
    const granted = on ? await browser.permissions.request({ permissions: ["notifications"] }) : true;
    if (on && !granted) {
      setNotice("The browser did not allow notifications; the toolbar badge still shows when goose is done.");
      return;
    }
    await save({ ...settings, [key]: on });
  };

  return (
    <main class="options">
      <h1>goose settings</h1>
      <AgentPicker />
      <ServeProfiles />
      <section>
        <h2>Page context</h2>
        <label class="options__row">
          <input
            type="checkbox"
            checked={settings.sendSelectionImmediately}
            onChange={(e) => void save({ ...settings, sendSelectionImmediately: (e.target as HTMLInputElement).checked })}
          />
          <span>Send “Ask goose about selection” at once, instead of attaching it for me to add a question</span>
        </label>
        <label class="options__field">
          <span>Question sent with the selection</span>
          <input
            type="text"
            value={settings.defaultSelectionPrompt}
            placeholder={DEFAULT_SETTINGS.defaultSelectionPrompt}
            disabled={!settings.sendSelectionImmediately}
            onChange={(e) =>
              void save({
                ...settings,
                defaultSelectionPrompt: (e.target as HTMLInputElement).value || DEFAULT_SETTINGS.defaultSelectionPrompt,
              })
            }
          />
        </label>
        <ShortcutTip />
      </section>
      <section>
        <h2>Browser tools</h2>
        <BrowserToolsCheckbox />
        <BrowserToolsNotice />
      </section>
      <section>
        <h2>Notifications</h2>
        <label class="options__row">
          <input
            type="checkbox"
            checked={settings.notify}
            onChange={(e) => void toggleNotify("notify", (e.target as HTMLInputElement).checked)}
          />
          <span>Show a system notification when goose finishes while the panel is closed</span>
        </label>
        <label class="options__row">
          <input
            type="checkbox"
            checked={settings.notifyTabs === true}
            onChange={(e) => void toggleNotify("notifyTabs", (e.target as HTMLInputElement).checked)}
          />
          <span>Show a system notification when a session in another tab finishes or waits for an approval</span>
        </label>
        {notice && <p class="notice notice--warning">{notice}</p>}
      </section>
      <section>
        <h2>Search</h2>
        <label class="options__row">
          <input
            type="checkbox"
            checked={settings.search}
            onChange={(e) => {
              const on = (e.target as HTMLInputElement).checked;
              void save({ ...settings, search: on }).then(() => (on ? undefined : wipeSearchIndex()));
            }}
          />
          <span>Search the text of every session (kept on this computer only; turning it off deletes the index)</span>
        </label>
      </section>
      <p class="options__saved" role="status">
        {saved ? "Saved." : ""}
      </p>
      <Diagnostics />
    </main>
  );
}
