/**
 * The one reducer behind ClientState. The background applies each event, forwards it to panels, and
 * every panel applies it to its own snapshot, so this must be pure and deterministic: no clocks, no
 * random ids, no Map/Set (state crosses structured clone). It returns the same object when an event
 * changes nothing (the store skips the broadcast then) and copies only what changes.
 */

import { GOOSE_UPDATE_COMMAND } from "../../shared/goose";
import type {
  ContentBlock,
  SessionConfigOption,
  SessionModeState,
  SessionUpdate,
  StopReason,
  ToolCall,
  ToolCallUpdate,
} from "../acp/schema";
import { agentInfoName } from "./agent-name";
import type {
  AgentState,
  AgentTextEntry,
  ClientEvent,
  ClientState,
  Entry,
  HistoryState,
  NoticeEntry,
  SessionState,
  ToolCallState,
  UiError,
  UserEntry,
} from "./client-state";
import { emptyEntries, entryCount, lastEntry, pushEntry, replaceLastEntry } from "./entry-list";
import { emptyToolCalls, mapToolCalls, toolCallOf, withToolCall } from "./tool-call-map";
import { continuesUserMessage, isDenial, isInterruptionMarker, nextToolStatus, turnHasDenial, turnHasOutput } from "./turn-reading";

const AGENT_STOPPED_TEXT = "The agent stopped before the turn finished.";

export const initialClientState: ClientState = {
  agent: { phase: "offline", info: null, capabilities: null, authMethods: [], error: null },
  activeSessionId: null,
  sessions: {},
  history: { items: [], loading: false, error: null },
  opening: null,
  lastError: null,
};

export function newSessionState(
  sessionId: string,
  cwd: string,
  opts: {
    title?: string | null;
    modes?: SessionModeState | null;
    configOptions?: SessionConfigOption[] | null;
    loading?: boolean;
    deniedToolCalls?: string[];
  } = {},
): SessionState {
  return {
    sessionId,
    cwd,
    title: opts.title ?? null,
    updatedAt: null,
    entries: emptyEntries,
    toolCalls: emptyToolCalls,
    plan: null,
    usage: null,
    modes: opts.modes ?? null,
    configOptions: opts.configOptions ?? null,
    commands: [],
    permissions: [],
    turn: "idle",
    lastStop: null,
    loading: opts.loading ?? false,
    replaySeen: false,
    deniedToolCalls: opts.deniedToolCalls ?? [],
    error: null,
    seq: 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Selectors

export function activeSession(state: ClientState): SessionState | null {
  return state.activeSessionId === null ? null : (state.sessions[state.activeSessionId] ?? null);
}

/** Whether the agent keeps a history the panel can list (session/list). */
export function canListSessions(state: Pick<ClientState, "agent">): boolean {
  return !!state.agent.capabilities?.sessionCapabilities?.list;
}

export function pendingPermissionCount(state: ClientState): number {
  let count = 0;
  for (const session of Object.values(state.sessions)) count += session.permissions.length;
  return count;
}

// ---------------------------------------------------------------------------------------------
// The reducer

export function reduceClient(state: ClientState, event: ClientEvent): ClientState {
  switch (event.type) {
    case "agent_initializing":
      return withAgentDown(state, { phase: "initializing", info: null, capabilities: null, authMethods: [], error: null }, null);
    case "agent_ready":
      return agentReady(state, event);
    case "agent_unsupported": {
      const error = unsupportedError(event.protocolVersion, event.supported);
      return withAgentDown(state, { ...state.agent, phase: "unsupported", error }, error);
    }
    case "agent_failed":
      return withAgentDown(state, { ...state.agent, phase: "failed", error: event.error }, event.error);
    case "agent_offline":
      return withAgentDown(state, { ...state.agent, phase: "offline", error: event.error }, event.error);

    case "session_opening":
      if (sameOpening(state.opening, event.open) && state.lastError === null) return state;
      return { ...state, opening: event.open, lastError: null };
    case "session_opened":
      return sessionOpened(state, event);
    case "session_loaded":
      return sessionLoaded(state, event);
    case "session_open_failed":
      return sessionOpenFailed(state, event.sessionId, event.error);
    case "session_activated":
      if (state.activeSessionId === event.sessionId) return state;
      // Activating a transcript we don't hold would show nothing; the opener sends session_opened.
      if (event.sessionId !== null && !state.sessions[event.sessionId]) return state;
      return { ...state, activeSessionId: event.sessionId };
    case "session_closed":
      return sessionClosed(state, event.sessionId);

    case "session_update":
      return updateSession(state, event.sessionId, (s) => (dropsReplayed(s, event.update) ? s : applySessionUpdate(s, event.update)));
    case "prompt_sent":
      return updateSession(state, event.sessionId, (s) => promptSent(s, event.content));
    case "prompt_finished":
      return updateSession(state, event.sessionId, (s) => promptFinished(s, event.stopReason, agentName(state)));
    case "prompt_failed":
      return updateSession(state, event.sessionId, (s) => promptFailed(s, event.error));
    case "session_error":
      return updateSession(state, event.sessionId, (s) =>
        appendNotice({ ...s, error: event.error }, "error", `${event.error.title}: ${event.error.message}`),
      );
    case "cancel_requested":
      return updateSession(state, event.sessionId, cancelRequested);
    case "permission_requested":
      return updateSession(state, event.sessionId, (s) => permissionRequested(s, event));
    case "permission_resolved":
      return updateSession(state, event.sessionId, (s) => permissionResolved(s, event.key, event.optionId));
    case "config_options_changed":
      return updateSession(state, event.sessionId, (s) => ({ ...s, configOptions: event.configOptions }));
    case "mode_changed":
      return updateSession(state, event.sessionId, (s) => withCurrentMode(s, event.modeId));

    case "history_loading":
      return withHistory(state, { loading: true, error: null });
    case "history_loaded":
      return withHistory(state, { items: event.items, loading: false, error: null });
    case "history_failed":
      return withHistory(state, { loading: false, error: event.error });
    case "history_removed":
      return historyRemoved(state, event.sessionId);

    default:
      // A newer background may send events this panel doesn't know yet.
      return state;
  }
}

// ---------------------------------------------------------------------------------------------
// Agent lifecycle

function agentReady(state: ClientState, event: Extract<ClientEvent, { type: "agent_ready" }>): ClientState {
  const agent: AgentState = {
    phase: "ready",
    info: event.info,
    capabilities: event.capabilities,
    authMethods: event.authMethods,
    error: null,
  };
  return { ...state, agent };
}

function unsupportedError(protocolVersion: number, supported: number): UiError {
  return {
    title: "Unsupported agent version",
    message: `The agent speaks ACP protocol version ${protocolVersion}; this extension speaks version ${supported}.`,
    fix: `Update the agent (for goose: \`${GOOSE_UPDATE_COMMAND}\`) to a version that supports ACP protocol version ${supported}, then reconnect.`,
  };
}

/**
 * The agent is not (or no longer) ready, so nothing in flight will be answered: running turns end,
 * open tool calls and permission requests are dropped, and nothing is opening any more.
 */
function withAgentDown(state: ClientState, agent: AgentState, error: UiError | null): ClientState {
  const sessions = mapSessions(state.sessions, (s) => stopSessionWork(s, error));
  const agentChanged = !sameAgent(state.agent, agent);
  if (!agentChanged && sessions === state.sessions && state.opening === null) return state;
  return { ...state, agent: agentChanged ? agent : state.agent, sessions, opening: null };
}

function stopSessionWork(session: SessionState, error: UiError | null): SessionState {
  let s = session;
  if (s.turn !== "idle") {
    const wasCancelling = s.turn === "cancelling";
    s = { ...s, turn: "idle", lastStop: wasCancelling ? "cancelled" : s.lastStop };
    s = appendNotice(s, "error", error?.message ?? AGENT_STOPPED_TEXT);
  }
  s = cancelOpenToolCalls(s);
  if (s.permissions.length > 0) s = { ...s, permissions: [] };
  if (s.loading) s = { ...s, loading: false };
  return s;
}

function sameAgent(a: AgentState, b: AgentState): boolean {
  return (
    a.phase === b.phase &&
    a.info === b.info &&
    a.capabilities === b.capabilities &&
    a.error === b.error &&
    (a.authMethods === b.authMethods || (a.authMethods.length === 0 && b.authMethods.length === 0))
  );
}

// ---------------------------------------------------------------------------------------------
// Opening and closing sessions

function sameOpening(a: ClientState["opening"], b: ClientState["opening"]): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === "new" || b.kind === "new") return a.kind === b.kind;
  return a.sessionId === b.sessionId;
}

function sessionOpened(state: ClientState, event: Extract<ClientEvent, { type: "session_opened" }>): ClientState {
  const fresh = newSessionState(event.sessionId, event.cwd, {
    title: event.title,
    modes: event.modes,
    configOptions: event.configOptions,
    loading: event.loading,
    deniedToolCalls: event.deniedToolCalls,
  });
  const session = keepSeenTranscript(fresh, state.sessions[event.sessionId]);
  return {
    ...state,
    sessions: { ...state.sessions, [event.sessionId]: session },
    activeSessionId: event.sessionId,
    // A load stays "opening" until its replay is complete (session_loaded).
    opening: event.loading ? state.opening : null,
    lastError: null,
  };
}

/**
 * Reloading a transcript the user is looking at (the agent restarted, e.g. after a crash): the replay
 * would drop what the agent never stored (the crash notice, a partial answer, notices), so the state
 * keeps its own transcript and drops the replayed messages (see `dropsReplayed`).
 */
function keepSeenTranscript(fresh: SessionState, seen: SessionState | undefined): SessionState {
  if (!fresh.loading || !seen || entryCount(seen.entries) === 0) return fresh;
  const denied = [...seen.deniedToolCalls, ...fresh.deniedToolCalls.filter((id) => !seen.deniedToolCalls.includes(id))];
  return {
    ...fresh,
    title: fresh.title ?? seen.title,
    entries: seen.entries,
    toolCalls: seen.toolCalls,
    plan: seen.plan,
    seq: seen.seq,
    deniedToolCalls: denied,
    replaySeen: true,
  };
}

/** Transcript updates of a replay the state already shows; settings, commands and usage still apply. */
function dropsReplayed(session: SessionState, update: SessionUpdate): boolean {
  if (!session.replaySeen) return false;
  switch (update.sessionUpdate) {
    case "user_message_chunk":
    case "agent_message_chunk":
    case "agent_thought_chunk":
    case "tool_call":
    case "tool_call_update":
    case "plan":
      return true;
    default:
      return false;
  }
}

function sessionLoaded(state: ClientState, event: Extract<ClientEvent, { type: "session_loaded" }>): ClientState {
  const next = updateSession(state, event.sessionId, (s) => {
    const modes = event.modes === undefined ? s.modes : event.modes;
    const configOptions = event.configOptions === undefined ? s.configOptions : event.configOptions;
    if (!s.loading && !s.replaySeen && modes === s.modes && configOptions === s.configOptions) return s;
    return { ...s, loading: false, replaySeen: false, modes, configOptions };
  });
  return next.opening === null ? next : { ...next, opening: null };
}

function sessionOpenFailed(state: ClientState, sessionId: string | undefined, error: UiError): ClientState {
  const session = sessionId === undefined ? undefined : state.sessions[sessionId];
  if (session === undefined) return { ...state, opening: null, lastError: error };
  return {
    ...state,
    opening: null,
    sessions: { ...state.sessions, [session.sessionId]: { ...session, loading: false, replaySeen: false, error } },
  };
}

function sessionClosed(state: ClientState, sessionId: string): ClientState {
  if (!state.sessions[sessionId]) return state;
  const { [sessionId]: _closed, ...sessions } = state.sessions;
  return {
    ...state,
    sessions,
    activeSessionId: state.activeSessionId === sessionId ? null : state.activeSessionId,
  };
}

// ---------------------------------------------------------------------------------------------
// session/update

function applySessionUpdate(session: SessionState, update: SessionUpdate): SessionState {
  switch (update.sessionUpdate) {
    case "user_message_chunk":
      return appendUserChunk(session, update.content, update.messageId);
    case "agent_message_chunk":
      return appendTextChunk(session, "agent", update.content, update.messageId);
    case "agent_thought_chunk":
      return appendTextChunk(session, "thought", update.content, update.messageId);
    case "tool_call":
      return upsertToolCall(session, update);
    case "tool_call_update":
      return upsertToolCall(session, update);
    case "plan":
      return { ...session, plan: update.entries };
    case "available_commands_update":
      return { ...session, commands: update.availableCommands };
    case "current_mode_update":
      return withCurrentMode(session, update.currentModeId);
    case "config_option_update":
      return { ...session, configOptions: update.configOptions };
    case "session_info_update":
      return withSessionInfo(session, update.title, update.updatedAt);
    case "usage_update":
      return withUsage(session, update.used, update.size, update.cost);
    default:
      // Unstable or future variants (notice, compaction_*): ignored, as the spec asks.
      return session;
  }
}

function appendUserChunk(session: SessionState, block: ContentBlock, messageId: string | null | undefined): SessionState {
  // The agent's record that the user stopped a turn is not something the user said.
  if (isInterruptionMarker(block)) return appendNotice(session, "info", "Stopped.");
  const last = lastEntry(session.entries);
  if (continuesUserMessage(last, block, messageId, session.loading)) {
    return withLastEntry(session, { ...last, content: appendBlock(last.content, block) });
  }
  return appendEntry(session, (id) => withMessageId<UserEntry>({ kind: "user", id, content: [block] }, messageId));
}

/** Adjacent text blocks are one run of text; anything else stays a block of its own. */
function appendBlock(content: ContentBlock[], block: ContentBlock): ContentBlock[] {
  const last = content.at(-1);
  if (last?.type === "text" && block.type === "text") {
    return [...content.slice(0, -1), { ...last, text: last.text + block.text }];
  }
  return [...content, block];
}

function appendTextChunk(
  session: SessionState,
  kind: "agent" | "thought",
  block: ContentBlock,
  messageId: string | null | undefined,
): SessionState {
  const last = lastEntry(session.entries);
  // A new messageId starts a new bubble; a chunk without one continues the current bubble.
  if ((last?.kind === "agent" || last?.kind === "thought") && last.kind === kind && (messageId == null || last.messageId === messageId)) {
    if (block.type === "text" && block.text === "") return session;
    return withLastEntry(session, addToTextEntry(last, block));
  }
  return appendEntry(session, (id) =>
    addToTextEntry(withMessageId<AgentTextEntry>({ kind, id, text: "", attachments: [] }, messageId), block),
  );
}

function addToTextEntry(entry: AgentTextEntry, block: ContentBlock): AgentTextEntry {
  if (block.type === "text") return { ...entry, text: entry.text + block.text };
  return { ...entry, attachments: [...entry.attachments, block] };
}

/** Only sets the key when there is an id, so JSON round trips stay exact. */
function withMessageId<T extends { messageId?: string }>(entry: T, messageId: string | null | undefined): T {
  return messageId == null ? entry : { ...entry, messageId };
}

function withSessionInfo(session: SessionState, title: string | null | undefined, updatedAt: string | null | undefined): SessionState {
  // undefined = unchanged, null = cleared (goose sends many info updates that only carry _meta).
  const nextTitle = title === undefined ? session.title : title;
  const nextUpdatedAt = updatedAt === undefined ? session.updatedAt : updatedAt;
  if (nextTitle === session.title && nextUpdatedAt === session.updatedAt) return session;
  return { ...session, title: nextTitle, updatedAt: nextUpdatedAt };
}

function withUsage(
  session: SessionState,
  used: number,
  size: number,
  cost: { amount: number; currency: string } | null | undefined,
): SessionState {
  // Keep only the fields we show (the wire's _meta would be noise in the snapshot).
  const usage: NonNullable<SessionState["usage"]> =
    cost === undefined ? { used, size } : { used, size, cost: cost && { amount: cost.amount, currency: cost.currency } };
  return session.usage && sameUsage(session.usage, usage) ? session : { ...session, usage };
}

function sameUsage(a: NonNullable<SessionState["usage"]>, b: NonNullable<SessionState["usage"]>): boolean {
  if (a.used !== b.used || a.size !== b.size) return false;
  if (!a.cost || !b.cost) return a.cost === b.cost;
  return a.cost.amount === b.cost.amount && a.cost.currency === b.cost.currency;
}

function withCurrentMode(session: SessionState, modeId: string): SessionState {
  if (session.modes?.currentModeId === modeId) return session;
  // Without a mode list (agent sent none) keep the id anyway; the UI shows no picker for an empty list.
  const modes: SessionModeState = session.modes
    ? { ...session.modes, currentModeId: modeId }
    : { currentModeId: modeId, availableModes: [] };
  return { ...session, modes };
}

// ---------------------------------------------------------------------------------------------
// Tool calls

/** tool_call, tool_call_update and a permission request's toolCall all merge into one card. */
function upsertToolCall(session: SessionState, update: ToolCall | ToolCallUpdate): SessionState {
  const existing = toolCallOf(session.toolCalls, update.toolCallId);
  const denied = session.deniedToolCalls.includes(update.toolCallId);
  if (existing) {
    const merged = mergeToolCall(existing, update, denied);
    if (merged === existing) return session;
    return { ...session, toolCalls: withToolCall(session.toolCalls, merged) };
  }
  const card = mergeToolCall(
    { toolCallId: update.toolCallId, title: "", kind: null, status: denied ? "denied" : "pending", content: [], locations: [] },
    update,
    denied,
  );
  // The entry's id is the toolCallId (the panel looks the card up by it); a known id never gets a second entry.
  return {
    ...session,
    toolCalls: withToolCall(session.toolCalls, card),
    entries: pushEntry(session.entries, { kind: "tool", id: update.toolCallId }),
  };
}

function mergeToolCall(card: ToolCallState, update: ToolCall | ToolCallUpdate, denied: boolean): ToolCallState {
  const next: ToolCallState = { ...card };
  let changed = false;
  const set = <K extends keyof ToolCallState>(key: K, value: ToolCallState[K]) => {
    if (next[key] !== value) {
      next[key] = value;
      changed = true;
    }
  };
  // null means "no change" for the scalar fields; content/locations replace the whole list.
  if (update.title != null) set("title", update.title);
  if (update.kind != null) set("kind", update.kind);
  if (update.status != null) set("status", nextToolStatus(card.status, update.status, denied));
  if (update.content != null) set("content", update.content);
  if (update.locations != null) set("locations", update.locations);
  if (update.rawInput !== undefined) set("rawInput", update.rawInput);
  if (update.rawOutput !== undefined) set("rawOutput", update.rawOutput);
  const toolName = gooseToolName(update._meta);
  if (toolName !== undefined) set("toolName", toolName);
  return changed ? next : card;
}

/** goose names the tool in `_meta.goose.toolCall.toolName` (e.g. "developer__shell"). */
function gooseToolName(meta: { [key: string]: unknown } | null | undefined): string | undefined {
  const goose = asRecord(meta?.goose);
  const toolName = asRecord(goose?.toolCall)?.toolName;
  return typeof toolName === "string" ? toolName : undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
}

function isOpen(card: ToolCallState): boolean {
  return card.status === "pending" || card.status === "in_progress";
}

/**
 * The turn is over but the agent never said how these calls ended: they did not finish. A call whose
 * question is still open stays as it is, so the user can still answer it.
 */
function settleOpenToolCalls(session: SessionState): SessionState {
  const toolCalls = mapToolCalls(session.toolCalls, (card) =>
    isOpen(card) && !session.permissions.some((p) => p.toolCallId === card.toolCallId) ? { ...card, status: "unfinished" } : card,
  );
  return toolCalls === session.toolCalls ? session : { ...session, toolCalls };
}

/** A UI-only status: the agent won't report on these calls (Stop, or the agent went away). */
function cancelOpenToolCalls(session: SessionState): SessionState {
  const toolCalls = mapToolCalls(session.toolCalls, (card) => (isOpen(card) ? { ...card, status: "cancelled" } : card));
  return toolCalls === session.toolCalls ? session : { ...session, toolCalls };
}

// ---------------------------------------------------------------------------------------------
// Turns

function promptSent(session: SessionState, content: ContentBlock[]): SessionState {
  const started: SessionState = { ...session, turn: "running", lastStop: null, error: null };
  return appendEntry(started, (id) => ({ kind: "user", id, content }));
}

function promptFinished(session: SessionState, stopReason: StopReason, agent: string): SessionState {
  // Already ended (e.g. the agent went offline first): nothing more to say about this turn.
  if (session.turn === "idle") return session;
  // goose answers end_turn after a cancel (bug #11788); Stop always wins.
  if (session.turn === "cancelling") return endCancelled(session);
  // No card stays pending or running once the agent says the turn is over.
  const ended = settleOpenToolCalls({ ...session, turn: "idle", lastStop: stopReason });
  const notice = turnEndNotice(ended, stopReason, agent);
  return notice ? appendNotice(ended, notice.tone, notice.text) : ended;
}

/**
 * What to say when the agent ends a turn the user did not stop. Codex ends a denied turn
 * `cancelled`: the card already reads "Denied", so that is no Stop and needs no notice.
 */
function turnEndNotice(session: SessionState, stopReason: StopReason, agent: string): { tone: NoticeEntry["tone"]; text: string } | null {
  const warning = stopWarning(stopReason);
  if (warning) return { tone: "warning", text: warning };
  if (turnHasDenial(session)) return null;
  if (stopReason === "cancelled") return { tone: "info", text: `${agent} cancelled the turn.` };
  if (!turnHasOutput(session.entries)) return { tone: "info", text: `${agent} ended the turn without an answer.` };
  return null;
}

/** The agent's own name for notices, at the start of a sentence. */
function agentName(state: ClientState): string {
  return agentInfoName(state.agent) ?? "The agent";
}

function stopWarning(stopReason: StopReason): string | null {
  switch (stopReason) {
    case "max_tokens":
      return "The reply was cut off: the model reached its output limit.";
    case "max_turn_requests":
      return "The agent stopped: it reached its limit of model requests for one turn.";
    case "refusal":
      return "The agent declined to continue with this request.";
    default:
      return null;
  }
}

function endCancelled(session: SessionState): SessionState {
  let s: SessionState = { ...session, turn: "idle", lastStop: "cancelled" };
  s = cancelOpenToolCalls(s);
  if (s.permissions.length > 0) s = { ...s, permissions: [] };
  return appendNotice(s, "info", "Stopped.");
}

function promptFailed(session: SessionState, error: UiError): SessionState {
  if (session.turn === "idle") return session;
  // After Stop, an error is just how this agent ended the cancelled turn.
  if (session.turn === "cancelling") return endCancelled(session);
  return appendNotice(settleOpenToolCalls({ ...session, turn: "idle", error }), "error", error.message);
}

function cancelRequested(session: SessionState): SessionState {
  if (session.turn !== "running") return session;
  const s = cancelOpenToolCalls({ ...session, turn: "cancelling" });
  return s.permissions.length > 0 ? { ...s, permissions: [] } : s;
}

// ---------------------------------------------------------------------------------------------
// Permissions

function permissionRequested(session: SessionState, event: Extract<ClientEvent, { type: "permission_requested" }>): SessionState {
  if (session.permissions.some((p) => p.key === event.key)) return session;
  // The request's toolCall is often richer than the tool_call notification (content, rawInput).
  const s = upsertToolCall(askedAgain(session, event.toolCall.toolCallId), event.toolCall);
  const request = { key: event.key, toolCallId: event.toolCall.toolCallId, options: event.options };
  return { ...s, permissions: [...s.permissions, request] };
}

function permissionResolved(session: SessionState, key: string, optionId: string | null | undefined): SessionState {
  const request = session.permissions.find((p) => p.key === key);
  if (!request) return session;
  const s: SessionState = { ...session, permissions: session.permissions.filter((p) => p !== request) };
  return isDenial(request, optionId) ? markDenied(s, request.toolCallId) : s;
}

// ---------------------------------------------------------------------------------------------
// Denials: a denied call reads "Denied" for every agent, whatever the agent reports after.

function markDenied(session: SessionState, toolCallId: string): SessionState {
  const card = toolCallOf(session.toolCalls, toolCallId);
  const deniedToolCalls = session.deniedToolCalls.includes(toolCallId) ? session.deniedToolCalls : [...session.deniedToolCalls, toolCallId];
  const toolCalls = card && card.status !== "denied" ? withToolCall(session.toolCalls, { ...card, status: "denied" }) : session.toolCalls;
  return { ...session, deniedToolCalls, toolCalls };
}

/** The agent asks again about a call the user denied: the new answer decides. */
function askedAgain(session: SessionState, toolCallId: string): SessionState {
  if (!session.deniedToolCalls.includes(toolCallId)) return session;
  const deniedToolCalls = session.deniedToolCalls.filter((id) => id !== toolCallId);
  const card = toolCallOf(session.toolCalls, toolCallId);
  const toolCalls = card ? withToolCall(session.toolCalls, { ...card, status: "pending" }) : session.toolCalls;
  return { ...session, deniedToolCalls, toolCalls };
}

// ---------------------------------------------------------------------------------------------
// History

function withHistory(state: ClientState, patch: Partial<HistoryState>): ClientState {
  const history = { ...state.history, ...patch };
  const same = (Object.keys(patch) as (keyof HistoryState)[]).every((k) => history[k] === state.history[k]);
  return same ? state : { ...state, history };
}

function historyRemoved(state: ClientState, sessionId: string): ClientState {
  const items = state.history.items.filter((item) => item.sessionId !== sessionId);
  return items.length === state.history.items.length ? state : { ...state, history: { ...state.history, items } };
}

// ---------------------------------------------------------------------------------------------
// Structural sharing helpers

/** Applies `change` to one session; unknown sessions and no-op changes give back `state` itself. */
function updateSession(state: ClientState, sessionId: string, change: (session: SessionState) => SessionState): ClientState {
  const session = state.sessions[sessionId];
  if (!session) return state;
  const next = change(session);
  return next === session ? state : { ...state, sessions: { ...state.sessions, [sessionId]: next } };
}

function mapSessions(
  sessions: Record<string, SessionState>,
  change: (session: SessionState) => SessionState,
): Record<string, SessionState> {
  let result: Record<string, SessionState> | null = null;
  for (const [id, session] of Object.entries(sessions)) {
    const next = change(session);
    if (next === session) continue;
    result ??= { ...sessions };
    result[id] = next;
  }
  return result ?? sessions;
}

/** Text, user and notice entries get the next `e<seq>` id, so ids stay unique even when the wire repeats a messageId. */
function appendEntry(session: SessionState, make: (id: string) => Entry): SessionState {
  const seq = session.seq + 1;
  return { ...session, seq, entries: pushEntry(session.entries, make(`e${seq}`)) };
}

/** A chunk for the last entry: O(1) in the transcript's length (entry-list.ts), however long the session. */
function withLastEntry(session: SessionState, entry: Entry): SessionState {
  return { ...session, entries: replaceLastEntry(session.entries, entry) };
}

function appendNotice(session: SessionState, tone: NoticeEntry["tone"], text: string): SessionState {
  return appendEntry(session, (id) => ({ kind: "notice", id, tone, text }));
}
