/** Wires the background: one store, one native connection, panels served from both. */
import browser from "webextension-polyfill";
import { initialConnectionState, reduceConnection } from "../state/connection";
import { NativeConnection } from "./native-connection";
import { servePanels } from "./panel-bridge";
import { openPanelOnActionClick } from "./side-panel-behavior";
import { createStore } from "./store";

export function startBackground(): void {
  openPanelOnActionClick();

  const store = createStore(initialConnectionState, reduceConnection);
  const native = new NativeConnection(store, {
    connectNative: (name) => browser.runtime.connectNative(name),
    lastErrorMessage: () => browser.runtime.lastError?.message,
    extensionId: browser.runtime.id,
    log: (message, detail) => console.info(`goose: ${message}`, detail ?? ""),
  });

  servePanels({
    onConnect: browser.runtime.onConnect,
    extensionId: browser.runtime.id,
    store,
    onPanelOpen: () => native.ensureConnected(),
    restart: () => native.restart(),
  });
}
