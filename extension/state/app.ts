/**
 * Everything a panel shows: the native connection and the ACP client. One event stream drives
 * both the background's copy and each panel's copy through this one reducer, so they cannot drift.
 */
import {
  type BrowserToolsEvent,
  type BrowserToolsState,
  initialBrowserToolsState,
  reduceBrowserTools,
} from "./browser-tools/browser-tools";
import { reduceClient } from "./client-reducer";
import { initialClientState } from "./client-reducer/initial-state";
import { type ConnectionEvent, type ConnectionState, initialConnectionState, reduceConnection } from "./connection/connection";
import { type GooseFeaturesEvent, type GooseFeaturesState, initialGooseFeatures, reduceGooseFeatures } from "./goose/goose-features";
import type { ClientEvent, ClientState } from "./sessions/client-state";

export interface AppState {
  connection: ConnectionState;
  client: ClientState;
  tools: BrowserToolsState;
  /** goose's extensions and recipes (goose/goose-features.ts). */
  goose: GooseFeaturesState;
}

export type AppEvent =
  | { scope: "connection"; event: ConnectionEvent }
  | { scope: "client"; event: ClientEvent }
  | { scope: "tools"; event: BrowserToolsEvent }
  | { scope: "goose"; event: GooseFeaturesEvent };

export const initialAppState: AppState = {
  connection: initialConnectionState,
  client: initialClientState,
  tools: initialBrowserToolsState,
  goose: initialGooseFeatures,
};

export function reduceApp(state: AppState, e: AppEvent): AppState {
  if (e.scope === "connection") {
    const connection = reduceConnection(state.connection, e.event);
    return connection === state.connection ? state : { ...state, connection };
  }
  if (e.scope === "tools") {
    const tools = reduceBrowserTools(state.tools, e.event);
    return tools === state.tools ? state : { ...state, tools };
  }
  if (e.scope === "goose") {
    const goose = reduceGooseFeatures(state.goose, e.event);
    return goose === state.goose ? state : { ...state, goose };
  }
  const client = reduceClient(state.client, e.event);
  // A deleted session's action log goes with it.
  const tools =
    e.event.type === "history_removed"
      ? reduceBrowserTools(state.tools, { type: "action_log_dropped", sessionId: e.event.sessionId })
      : state.tools;
  return client === state.client && tools === state.tools ? state : { ...state, client, tools };
}
