/** Wires the background: one store, the native connection, the ACP client, and the panels. */
import browser from "webextension-polyfill";
import { initialAppState, reduceApp, type AppEvent } from "../state/app";
import type { ConnectionEvent } from "../state/connection";
import { badgeUpdater } from "./badge";
import { ClientController } from "./client-controller";
import { NativeConnection } from "./native-connection";
import { servePanels } from "./panel-bridge";
import { storageMeta } from "./session-meta";
import { openPanelOnActionClick } from "./side-panel-behavior";
import { createStore, sliceStore } from "./store";

export function startBackground(): void {
  openPanelOnActionClick();
  const log = (message: string, detail?: unknown) => console.info(`goose: ${message}`, detail ?? "");

  const store = createStore(initialAppState, reduceApp);
  let controller: ClientController | null = null;
  const native = new NativeConnection(
    sliceStore(store, (s) => s.connection, (event: ConnectionEvent): AppEvent => ({ scope: "connection", event })),
    {
      connectNative: (name) => browser.runtime.connectNative(name),
      lastErrorMessage: () => browser.runtime.lastError?.message,
      extensionId: browser.runtime.id,
      onJsonRpc: (message) => controller?.deliver(message),
      log,
    },
  );
  controller = new ClientController({
    store,
    sendJsonRpc: (message) => native.sendJsonRpc(message),
    meta: storageMeta(browser.storage.local),
    log,
  });

  store.subscribe(badgeUpdater(browser.action));

  servePanels({
    onConnect: browser.runtime.onConnect,
    extensionId: browser.runtime.id,
    store,
    onPanelOpen: () => native.ensureConnected(),
    onCommand: (command) => {
      if (command.type === "restart") native.restart();
      else void controller.handle(command);
    },
  });
}
