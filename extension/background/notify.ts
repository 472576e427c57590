/** The optional system notification (settings → notify) for a turn that ended while the panel was closed. */
import browser from "webextension-polyfill";
import type { Finished } from "./attention";

export async function notifyFinished(f: Finished): Promise<void> {
  // The permission is optional: asked for when the user turns the setting on.
  if (!(await browser.permissions.contains({ permissions: ["notifications"] }))) return;
  await browser.notifications.create(`goose-${f.sessionId}`, {
    type: "basic",
    iconUrl: browser.runtime.getURL("/icon/128.png"),
    title: f.failed ? "goose could not finish" : "goose finished",
    message: f.title ?? "Open the goose panel to see the answer.",
  });
}
