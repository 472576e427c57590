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
import { editsAfterClientEvent } from "./file-edits/client-events";
import { bindNewEdit } from "./file-edits/edit-binding";
import { type FileEditsEvent, type FileEditsState, initialFileEditsState, reduceFileEdits } from "./file-edits/file-edits";
import { type GooseFeaturesEvent, type GooseFeaturesState, initialGooseFeatures, reduceGooseFeatures } from "./goose/goose-features";
import type { ClientEvent, ClientState } from "./sessions/client-state";

export interface AppState {
  connection: ConnectionState;
  client: ClientState;
  tools: BrowserToolsState;
  edits: FileEditsState;
  /** goose's extensions and recipes (goose/goose-features.ts). */
  goose: GooseFeaturesState;
}

export type AppEvent =
  | { scope: "connection"; event: ConnectionEvent }
  | { scope: "client"; event: ClientEvent }
  | { scope: "tools"; event: BrowserToolsEvent }
  | { scope: "edits"; event: FileEditsEvent }
  | { scope: "goose"; event: GooseFeaturesEvent };

export const initialAppState: AppState = {
  connection: initialConnectionState,
  client: initialClientState,
  tools: initialBrowserToolsState,
  edits: initialFileEditsState,
  goose: initialGooseFeatures,
};

export function reduceApp(state: AppState, e: AppEvent): AppState {
  if (e.scope === "connection") {
    const connection = reduceConnection(state.connection, e.event);
    // Undos the host had not answered when it went away stay unknown.
    const edits = e.event.type === "disconnected" ? reduceFileEdits(state.edits, { type: "undo_unanswered" }) : state.edits;
    return connection === state.connection && edits === state.edits ? state : { ...state, connection, edits };
  }
  if (e.scope === "tools") {
    const tools = reduceBrowserTools(state.tools, e.event);
    return tools === state.tools ? state : { ...state, tools };
  }
  if (e.scope === "edits") {
    let edits = reduceFileEdits(state.edits, e.event);
    if (e.event.type === "file_edited") {
      const { sessionId, editId } = e.event.edit;
      edits = bindNewEdit(edits, sessionId, editId, state.client.sessions[sessionId]);
    }
    return edits === state.edits ? state : { ...state, edits };
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
  const edits = editsAfterClientEvent(state.edits, state.client, client, e.event);
  return client === state.client && tools === state.tools && edits === state.edits ? state : { ...state, client, tools, edits };
}
