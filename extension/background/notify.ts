/** The optional system notification (settings → notify) for a turn that ended while the panel was closed. */
import browser from "webextension-polyfill";
import type { Finished } from "./attention";

export async function notifyFinished(f: Finished): Promise<void> {
  // The permission is optional: asked for when the user turns the setting on.
  if (!(await browser.permissions.contains({ permissions: ["notifications"] }))) return;
  await browser.notifications.create(`goose-${f.sessionId}`, {
    type: "basic",
    iconUrl: browser.runtime.getURL("/icon/128.png"),
    title: f.failed ? `${f.agent} could not finish` : `${f.agent} finished`,
    message: f.title ?? "Open the goose panel to see the answer.",
  });
}

let listening = false;

/**
 * A click on our notification opens the panel (the badge and the session it points to stay until
 * then). The API exists only once the optional permission is granted: called at start-up (so a
 * click can wake the worker) and again when the permission is added.
 */
export function openPanelOnNotificationClick(open: () => void): void {
  if (listening || !globalThis.chrome?.notifications?.onClicked) return;
  listening = true;
  browser.notifications.onClicked.addListener((id) => {
    if (!id.startsWith("goose-")) return;
    open();
    void browser.notifications.clear(id);
  });
}
