/**
 * Serves side-panel ports: each gets a snapshot of the state at once, then the events the background
 * applies, in order, in batches (panel-outbox.ts); the panel's messages are commands. Only this
 * extension's own pages are served.
 */
import type { AppEvent, AppState } from "../../state/app";
import {
  type BackgroundToPanel,
  isPanelToBackground,
  OPTIONS_PORT_NAME,
  PANEL_PORT_NAME,
  type PanelCommand,
} from "../../state/panel-messages";
import type { Store } from "../observable-store";
import { type PanelOutbox, type PanelOutboxDeps, panelOutbox } from "./panel-outbox";
import type { MessagePort, PortEvent } from "./ports";

export interface PanelBridgeDeps {
  onConnect: PortEvent<[port: MessagePort]>;
  extensionId: string;
  store: Store<AppState, AppEvent>;
  /** Called when a panel opens: it is the moment the user wants goose. */
  onPanelOpen(): void;
  /** The options page opened: it shows the connection, so make sure there is one. */
  onOptionsOpen?(): void;
  onCommand(command: PanelCommand): void;
  /** Told how many panels are open (for the badge and notifications). */
  onPanelCount?(count: number): void;
  /** Clock and timers for the outboxes (tests); the real ones otherwise. */
  timers?: Pick<PanelOutboxDeps, "now" | "setTimer" | "clearTimer">;
}

export function servePanels(deps: PanelBridgeDeps): void {
  let open = 0;
  deps.onConnect.addListener((port) => {
    if (port.name !== PANEL_PORT_NAME && port.name !== OPTIONS_PORT_NAME) return;
    const isPanel = port.name === PANEL_PORT_NAME;
    if (port.sender?.id !== deps.extensionId) {
      port.disconnect();
      return;
    }
    const post = (message: BackgroundToPanel) => port.postMessage(message);
    post({ type: "snapshot", state: deps.store.get() });
    const outbox: PanelOutbox = panelOutbox({ post, state: deps.store.get, ...deps.timers });
    const unsubscribe = deps.store.subscribe((state, event) => outbox.push(event, state));
    if (isPanel) deps.onPanelCount?.(++open);
    port.onDisconnect.addListener(() => {
      unsubscribe();
      outbox.close();
      if (isPanel) deps.onPanelCount?.(--open);
    });
    port.onMessage.addListener((message: unknown) => {
      if (isPanelToBackground(message)) deps.onCommand(message);
    });
    if (isPanel) deps.onPanelOpen();
    else deps.onOptionsOpen?.();
  });
}
