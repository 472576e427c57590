/**
 * The side panel ⇄ background port. The background sends a snapshot when a panel connects and then
 * the events it applies, in batches (the panel applies the same events with the same reducer); after
 * a session/load it sends a snapshot instead of the replay. The panel sends commands, which are the
 * user's actions.
 */

import type { ServeProfileCommand } from "../../shared/serve-profiles";
import type { ContentBlock } from "../acp/schema";
import type { AppEvent, AppState } from "./app";
import type { ConsentAnswer } from "./browser-tools/browser-tools";
import type { FormValue } from "./conversation/elicitation-form";

export const PANEL_PORT_NAME = "panel";
/** The options page gets the same snapshot and events, but is not a panel (no badge or toggle effects). */
export const OPTIONS_PORT_NAME = "options";

export type BackgroundToPanel = { type: "snapshot"; state: AppState } | { type: "events"; events: AppEvent[] };

export type PanelCommand =
  | { type: "restart" }
  /** The panel came into view while it shows the setup screen: look for the host now. */
  | { type: "recheck_host" }
  | { type: "new_session" }
  /** sessionId null: start a new session for this prompt. */
  | { type: "prompt"; sessionId: string | null; content: ContentBlock[] }
  | { type: "cancel"; sessionId: string }
  /** Add this message to the running turn now (where the agent can take it; else it queues). */
  | { type: "steer"; sessionId: string; content: ContentBlock[] }
  | { type: "queue_edit"; sessionId: string; id: string; content: ContentBlock[] }
  | { type: "queue_remove"; sessionId: string; id: string }
  | { type: "queue_move"; sessionId: string; id: string; to: number }
  /** "Send now": steer it in where the agent can, else stop the turn and send it. */
  | { type: "queue_send_now"; sessionId: string; id: string }
  /** The held queue's Send: go on with the next message. */
  | { type: "queue_resume"; sessionId: string }
  | { type: "load_session"; sessionId: string }
  | { type: "refresh_history" }
  | { type: "delete_session"; sessionId: string }
  | { type: "set_config_option"; sessionId: string; configId: string; value: string | boolean }
  | { type: "set_mode"; sessionId: string; modeId: string }
  /** Edit and resend: a fork from before the user message `entryId` of the session, sending `text` there. */
  | { type: "edit_resend"; sessionId: string; entryId: string; text: string }
  /** Fork from here: a new session from after the user message `entryId`'s turn. */
  | { type: "fork_from"; sessionId: string; entryId: string }
  /** goose's rename (History): the session's title becomes the user's. */
  | { type: "rename_session"; sessionId: string; title: string }
  /** goose's archive (true) or unarchive (false), from History. */
  | { type: "archive_session"; sessionId: string; archived: boolean }
  /** goose's working-dir/update: the session works in `cwd` from now on, without a restart. */
  | { type: "set_session_folder"; sessionId: string; cwd: string }
  /** The user closed the session (session/close where the agent has it). */
  | { type: "close_session"; sessionId: string }
  /** The user's answer to the agent's question; `values` are a form's inputs, checked again before they go. */
  | { type: "answer_elicitation"; key: string; action: "accept" | "decline" | "cancel"; values?: Record<string, FormValue> }
  /** optionId null: the user dismissed the request (answered `cancelled`). */
  | { type: "answer_permission"; key: string; optionId: string | null }
  /** Options page: ask the host for its diagnostics. */
  | { type: "diagnose" }
  /** Options page: run this profile in this folder from now on (null: the host's default); restarts the agent. */
  | { type: "choose_agent"; profile: string | null; cwd: string | null }
  /** Options page: add, update or remove a goose serve profile in the host's config (the host answers `serve_profile_result`). */
  | ServeProfileCommand
  /** Panel ("Use X instead"): run this profile from now on, in the folder already chosen; restarts the agent. */
  | { type: "use_agent"; profile: string }
  /** Panel or options page: turn browser tools on or off (the view asked for "tabs" in the click first). */
  | { type: "set_browser_tools"; enabled: boolean }
  /** The user's answer to a browser-tool consent question. */
  | { type: "answer_consent"; id: string; answer: ConsentAnswer }
  /** A browser tool card's "Show tab": bring that tab (and its window) to the front. */
  | { type: "show_tab"; tabId: number }
  /** Undo these of the agent's file edits (newest first), or Undo all of a turn's review. */
  | { type: "undo_edits"; sessionId: string; editIds: string[] }
  /** Keep all: the turn's review of its edits goes. */
  | { type: "close_review"; sessionId: string }
  | GooseCommand;

/** goose's extensions and recipes (background/client/goose/goose-features.ts). */
type GooseCommand =
  | { type: "list_extensions"; sessionId: string }
  | { type: "toggle_extension"; sessionId: string; key: string; on: boolean }
  | { type: "list_recipes" }
  /** A pasted goose:// link or a recipe file's text. */
  | { type: "open_recipe"; text: string }
  | { type: "choose_recipe"; id: string }
  | { type: "close_recipe" }
  /** A new session from the chosen recipe, with the parameters' values. */
  | { type: "start_recipe"; values: Record<string, string> }
  | { type: "save_recipe"; sessionId: string };

export type PanelToBackground = PanelCommand;

const COMMAND_TYPES: ReadonlySet<string> = new Set([
  "restart",
  "recheck_host",
  "new_session",
  "prompt",
  "cancel",
  "steer",
  "queue_edit",
  "queue_remove",
  "queue_move",
  "queue_send_now",
  "queue_resume",
  "load_session",
  "refresh_history",
  "delete_session",
  "set_config_option",
  "set_mode",
  "answer_permission",
  "edit_resend",
  "fork_from",
  "close_session",
  "rename_session",
  "archive_session",
  "set_session_folder",
  "answer_elicitation",
  "diagnose",
  "choose_agent",
  "save_serve_profile",
  "remove_serve_profile",
  "use_agent",
  "set_browser_tools",
  "answer_consent",
  "show_tab",
  "undo_edits",
  "close_review",
  "list_extensions",
  "toggle_extension",
  "list_recipes",
  "open_recipe",
  "choose_recipe",
  "close_recipe",
  "start_recipe",
  "save_recipe",
]);

export function isPanelToBackground(value: unknown): value is PanelToBackground {
  if (typeof value !== "object" || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return typeof type === "string" && COMMAND_TYPES.has(type);
}

export function isBackgroundToPanel(value: unknown): value is BackgroundToPanel {
  if (typeof value !== "object" || value === null) return false;
  const m = value as { type?: unknown; state?: unknown; events?: unknown };
  if (m.type === "snapshot") return typeof m.state === "object" && m.state !== null;
  return m.type === "events" && Array.isArray(m.events) && m.events.every((e) => typeof e === "object" && e !== null);
}
