/**
 * The panel's port to the background: a snapshot, then batches of events, applied to the panel's own copy of
 * the state. The service worker may be stopped and restarted, which closes the port; reconnecting
 * wakes it and brings a fresh snapshot.
 */
import browser from "webextension-polyfill";
import { isBackgroundToPanel, PANEL_PORT_NAME, type PanelCommand } from "../state/panel-messages";
import { applyEvents, applySnapshot, backgroundLinked } from "./state-signals";

const RECONNECT_DELAY_MS = 200;

let port: browser.Runtime.Port | null = null;

/** `name`: the side panel's port, or the options page's (same state, no panel side effects). */
export function linkToBackground(name: string = PANEL_PORT_NAME): void {
  port = browser.runtime.connect({ name });
  port.onMessage.addListener((message: unknown) => {
    if (!isBackgroundToPanel(message)) return;
    if (message.type === "snapshot") {
      applySnapshot(message.state);
      backgroundLinked.value = true;
    } else {
      applyEvents(message.events);
    }
  });
  port.onDisconnect.addListener(() => {
    port = null;
    backgroundLinked.value = false;
    setTimeout(() => linkToBackground(name), RECONNECT_DELAY_MS);
  });
}

export function send(command: PanelCommand): void {
  port?.postMessage(command);
}

export function requestRestart(): void {
  send({ type: "restart" });
}

/** The options page, in a tab (where a folder or agent is chosen). */
export function openOptions(): void {
  void browser.runtime.openOptionsPage();
}
