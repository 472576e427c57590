/**
 * The one place every panel and options-page command is routed: to the host (restart, diagnose,
 * the agent choice) or to the ACP client. The table is checked by the compiler to cover every
 * command type, so a new command cannot be forgotten here.
 */

import type { ServeProfileCommand } from "../../shared/serve-profiles";
import type { ContentBlock } from "../acp/schema";
import type { ConsentAnswer } from "../state/browser-tools/browser-tools";
import type { AgentChoice } from "../state/connection/connection";
import type { PanelCommand } from "../state/panel-messages";
import type { ElicitationAnswer } from "./client/questions/elicitation-prompts";

export interface HostCommands {
  /** Restarts the agent through the host (or reconnects to the host). */
  restart(): void;
  /** Looks for the host again now, if the setup screen shows (HostRecheck). */
  recheck(): void;
  diagnose(): void;
  /** Keeps the choice and restarts the agent with it. */
  chooseAgent(choice: AgentChoice): Promise<void> | void;
  /** Switches the profile only, keeping the chosen folder, and restarts the agent. */
  useAgent(profile: string): Promise<void> | void;
  /** Adds, updates or removes a goose serve profile in the host's config. */
  serveProfile(command: ServeProfileCommand): void;
}

/** What the ACP client offers the user (ClientController). */
export interface ClientCommands {
  newSession(): Promise<void>;
  prompt(sessionId: string | null, content: ContentBlock[]): Promise<void>;
  cancel(sessionId: string): Promise<void>;
  steer(sessionId: string, content: ContentBlock[]): Promise<void>;
  editQueued(sessionId: string, id: string, content: ContentBlock[]): void;
  removeQueued(sessionId: string, id: string): void;
  moveQueued(sessionId: string, id: string, to: number): void;
  sendQueuedNow(sessionId: string, id: string): Promise<void>;
  resumeQueue(sessionId: string): Promise<void>;
  openSession(sessionId: string): Promise<void>;
  refreshHistory(): Promise<void>;
  deleteSession(sessionId: string): Promise<void>;
  setConfigOption(sessionId: string, configId: string, value: string | boolean): Promise<void>;
  setMode(sessionId: string, modeId: string): Promise<void>;
  answerPermission(key: string, optionId: string | null): void;
  editAndResend(sessionId: string, entryId: string, text: string): Promise<void>;
  forkFrom(sessionId: string, entryId: string): Promise<void>;
  closeSession(sessionId: string): Promise<void>;
  renameSession(sessionId: string, title: string): Promise<void>;
  archiveSession(sessionId: string, archived: boolean): Promise<void>;
  setSessionFolder(sessionId: string, cwd: string): Promise<void>;
  answerElicitation(key: string, answer: ElicitationAnswer): void;
}

/** Browser tools: the user's switch and consent answers (BrowserToolsService). */
export interface ToolCommands {
  setBrowserTools(enabled: boolean): Promise<void> | void;
  answerConsent(id: string, answer: ConsentAnswer): void;
  showTab(tabId: number): Promise<void> | void;
}

/** The agent's file edits: Undo through the host, and Keep all. */
export interface EditCommands {
  undoEdits(sessionId: string, editIds: string[]): void;
  closeReview(sessionId: string): void;
}

const NO_EDITS: EditCommands = { undoEdits() {}, closeReview() {} };

const NO_TOOLS: ToolCommands = { setBrowserTools() {}, answerConsent() {}, showTab() {} };

/** goose's extensions and recipes (GooseFeatures). */
export interface GooseCommands {
  listExtensions(sessionId: string): Promise<void>;
  toggleExtension(sessionId: string, key: string, on: boolean): Promise<void>;
  listRecipes(): Promise<void>;
  openRecipe(text: string): Promise<void>;
  chooseSaved(id: string): void;
  closeRecipe(): void;
  startRecipe(values: Record<string, string>): Promise<void>;
  saveAsRecipe(sessionId: string): Promise<void>;
}

const NO_GOOSE: GooseCommands = {
  listExtensions: async () => {},
  toggleExtension: async () => {},
  listRecipes: async () => {},
  openRecipe: async () => {},
  chooseSaved() {},
  closeRecipe() {},
  startRecipe: async () => {},
  saveAsRecipe: async () => {},
};

type Routes = { [T in PanelCommand["type"]]: (command: Extract<PanelCommand, { type: T }>) => Promise<void> | void };

/** Returns the router; its promise settles when the command's work is done (or its agent went away). */
export function commandRouter(
  host: HostCommands,
  client: ClientCommands,
  tools: ToolCommands = NO_TOOLS,
  edits: EditCommands = NO_EDITS,
  goose: GooseCommands = NO_GOOSE,
): (command: PanelCommand) => Promise<void> {
  const routes: Routes = {
    restart: () => host.restart(),
    recheck_host: () => host.recheck(),
    diagnose: () => host.diagnose(),
    choose_agent: (c) => host.chooseAgent({ ...(c.profile ? { profile: c.profile } : {}), ...(c.cwd ? { cwd: c.cwd } : {}) }),
    use_agent: (c) => host.useAgent(String(c.profile)),
    save_serve_profile: (c) => host.serveProfile({ type: c.type, name: String(c.name), url: String(c.url), token: String(c.token) }),
    remove_serve_profile: (c) => host.serveProfile({ type: c.type, name: String(c.name) }),
    new_session: () => client.newSession(),
    prompt: (c) => client.prompt(c.sessionId, c.content),
    cancel: (c) => client.cancel(c.sessionId),
    steer: (c) => client.steer(c.sessionId, c.content),
    queue_edit: (c) => client.editQueued(c.sessionId, c.id, c.content),
    queue_remove: (c) => client.removeQueued(c.sessionId, c.id),
    queue_move: (c) => client.moveQueued(c.sessionId, c.id, Number(c.to)),
    queue_send_now: (c) => client.sendQueuedNow(c.sessionId, c.id),
    queue_resume: (c) => client.resumeQueue(c.sessionId),
    load_session: (c) => client.openSession(c.sessionId),
    refresh_history: () => client.refreshHistory(),
    delete_session: (c) => client.deleteSession(c.sessionId),
    set_config_option: (c) => client.setConfigOption(c.sessionId, c.configId, c.value),
    set_mode: (c) => client.setMode(c.sessionId, c.modeId),
    answer_permission: (c) => client.answerPermission(c.key, c.optionId),
    edit_resend: (c) => client.editAndResend(c.sessionId, c.entryId, String(c.text)),
    fork_from: (c) => client.forkFrom(c.sessionId, c.entryId),
    close_session: (c) => client.closeSession(c.sessionId),
    rename_session: (c) => client.renameSession(c.sessionId, String(c.title)),
    archive_session: (c) => client.archiveSession(c.sessionId, c.archived === true),
    set_session_folder: (c) => client.setSessionFolder(c.sessionId, String(c.cwd)),
    answer_elicitation: (c) => client.answerElicitation(c.key, elicitationAnswer(c)),
    set_browser_tools: (c) => tools.setBrowserTools(c.enabled === true),
    show_tab: (c) => (Number.isSafeInteger(c.tabId) ? tools.showTab(c.tabId) : undefined),
    undo_edits: (c) => edits.undoEdits(c.sessionId, Array.isArray(c.editIds) ? c.editIds.filter((id) => typeof id === "string") : []),
    close_review: (c) => edits.closeReview(c.sessionId),
    answer_consent: (c) => tools.answerConsent(String(c.id), c.answer === "allow_once" || c.answer === "allow_site" ? c.answer : "deny"),
    list_extensions: (c) => goose.listExtensions(String(c.sessionId)),
    toggle_extension: (c) => goose.toggleExtension(String(c.sessionId), String(c.key), c.on === true),
    list_recipes: () => goose.listRecipes(),
    open_recipe: (c) => goose.openRecipe(String(c.text)),
    choose_recipe: (c) => goose.chooseSaved(String(c.id)),
    close_recipe: () => goose.closeRecipe(),
    start_recipe: (c) => goose.startRecipe(stringValues(c.values)),
    save_recipe: (c) => goose.saveAsRecipe(String(c.sessionId)),
  };
  return async (command) => {
    // TypeScript cannot correlate the table's key and argument types; the mapped type checked them.
    const route = routes[command.type] as (command: PanelCommand) => Promise<void> | void;
    await route(command);
  };
}

/** Only the three answers the schema has; anything else a panel sent is a cancel. */
function elicitationAnswer(c: Extract<PanelCommand, { type: "answer_elicitation" }>): ElicitationAnswer {
  if (c.action === "accept") return { action: "accept", ...(c.values && typeof c.values === "object" ? { values: c.values } : {}) };
  return { action: c.action === "decline" ? "decline" : "cancel" };
}

/** A form's values as strings only: a panel's message is checked, not trusted. */
function stringValues(values: unknown): Record<string, string> {
  if (typeof values !== "object" || values === null) return {};
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string"));
}
