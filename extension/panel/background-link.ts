/**
 * The panel's port to the background. The service worker may be stopped and restarted at any
 * time, which closes the port; reconnecting wakes it again.
 */
import browser from "webextension-polyfill";
import { PANEL_PORT_NAME, isBackgroundToPanel, type PanelToBackground } from "../state/panel-messages";
import { backgroundLinked, connection } from "./store";

const RECONNECT_DELAY_MS = 200;

let port: browser.Runtime.Port | null = null;

export function linkToBackground(): void {
  port = browser.runtime.connect({ name: PANEL_PORT_NAME });
  port.onMessage.addListener((message: unknown) => {
    if (!isBackgroundToPanel(message)) return;
    connection.value = message.state;
    backgroundLinked.value = true;
  });
  port.onDisconnect.addListener(() => {
    port = null;
    backgroundLinked.value = false;
    setTimeout(linkToBackground, RECONNECT_DELAY_MS);
  });
}

export function requestRestart(): void {
  const message: PanelToBackground = { type: "restart" };
  port?.postMessage(message);
}
