/**
 * Serves side-panel ports: each gets a snapshot at once and after every change, and may ask for a
 * restart. Only this extension's own pages are served.
 */
import type { ConnectionEvent, ConnectionState } from "../state/connection";
import { PANEL_PORT_NAME, isPanelToBackground, type BackgroundToPanel } from "../state/panel-messages";
import type { MessagePort, PortEvent } from "./ports";
import type { Store } from "./store";

export interface PanelBridgeDeps {
  onConnect: PortEvent<[port: MessagePort]>;
  extensionId: string;
  store: Store<ConnectionState, ConnectionEvent>;
  /** Called when a panel opens: it is the moment the user wants goose. */
  onPanelOpen(): void;
  restart(): void;
}

export function servePanels(deps: PanelBridgeDeps): void {
  deps.onConnect.addListener((port) => {
    if (port.name !== PANEL_PORT_NAME) return;
    if (port.sender?.id !== deps.extensionId) {
      port.disconnect();
      return;
    }
    const send = (state: ConnectionState) => port.postMessage({ type: "snapshot", state } satisfies BackgroundToPanel);
    send(deps.store.get());
    const unsubscribe = deps.store.subscribe(send);
    port.onDisconnect.addListener(unsubscribe);
    port.onMessage.addListener((message: unknown) => {
      if (isPanelToBackground(message)) deps.restart();
    });
    deps.onPanelOpen();
  });
}
