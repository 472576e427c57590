/**
 * The optional system notifications: a turn that ended while the panel was closed (settings →
 * notify), and a session in a tab the panel does not show that needs the user (settings → notifyTabs).
 */
import browser from "webextension-polyfill";
import type { News } from "./attention";

const PREFIX = "goose-";

export async function notifyFinished(f: News): Promise<void> {
  // The permission is optional: asked for when the user turns the setting on.
  if (!(await browser.permissions.contains({ permissions: ["notifications"] }))) return;
  await browser.notifications.create(`${PREFIX}${f.sessionId}`, {
    type: "basic",
    iconUrl: browser.runtime.getURL("/icon/128.png"),
    title: f.waiting ? `${f.agent} needs your approval` : f.failed ? `${f.agent} could not finish` : `${f.agent} finished`,
    message: f.title ?? (f.waiting ? "Open its tab in the goose panel to answer." : "Open the goose panel to see the answer."),
  });
}

let listening = false;

/**
 * A click on our notification opens the panel on that session's tab (the badge and the session it
 * points to stay until then). The API exists only once the optional permission is granted: called at
 * start-up (so a click can wake the worker) and again when the permission is added.
 */
export function openPanelOnNotificationClick(open: (sessionId: string) => void): void {
  if (listening || !globalThis.chrome?.notifications?.onClicked) return;
  listening = true;
  browser.notifications.onClicked.addListener((id) => {
    if (!id.startsWith(PREFIX)) return;
    open(id.slice(PREFIX.length));
    void browser.notifications.clear(id);
  });
}
