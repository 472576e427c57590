/**
 * Fixtures and helpers for the client reducer's tests (test/unit/extension/state/client-reducer/): events shaped like
 * goose's traffic, and a `run` that freezes every state and event so a mutation would throw.
 */
import type {
  AgentCapabilities,
  ContentBlock,
  PermissionOption,
  SessionConfigOption,
  SessionModeState,
  SessionUpdate,
} from "../../extension/acp/schema";
import { reduceClient } from "../../extension/state/client-reducer";
import { initialClientState } from "../../extension/state/client-reducer/initial-state";
import { entryArray } from "../../extension/state/conversation/entry-list";
import type { ClientEvent, ClientState, Entry, SessionState, UiError } from "../../extension/state/sessions/client-state";

// ---------------------------------------------------------------------------------------------
// Fixtures shaped like goose's traffic (the scripted agent's goose-shapes.ts builds the same shapes)

export const S = "20260105_1";
export const S2 = "20260105_2";
export const CWD = "/home/me";

export const capabilities: AgentCapabilities = {
  loadSession: true,
  promptCapabilities: { image: true, audio: false, embeddedContext: true },
  sessionCapabilities: { list: {}, close: {} },
};
export const ready: ClientEvent = {
  type: "agent_ready",
  info: { name: "goose", title: "goose", version: "1.50.0" },
  capabilities,
  authMethods: [],
};
export const modes: SessionModeState = {
  currentModeId: "auto",
  availableModes: [
    { id: "auto", name: "auto", description: "Automatically approve tool calls" },
    { id: "approve", name: "approve", description: "Ask before every tool call" },
  ],
};
export const configOptions: SessionConfigOption[] = [
  {
    id: "mode",
    name: "Mode",
    category: "mode",
    type: "select",
    currentValue: "auto",
    options: [
      { value: "auto", name: "auto" },
      { value: "approve", name: "approve" },
    ],
  },
];
export const gooseOptions: PermissionOption[] = [
  { optionId: "allow_always", name: "allow_always", kind: "allow_always" },
  { optionId: "allow_once", name: "allow_once", kind: "allow_once" },
  { optionId: "reject_once", name: "reject_once", kind: "reject_once" },
  { optionId: "reject_always", name: "reject_always", kind: "reject_always" },
];
export const offlineError: UiError = { title: "Agent stopped", message: "goose exited with code 1." };

export const text = (t: string): ContentBlock => ({ type: "text", text: t });

export function shellToolCall(id: string, command = "ls -la"): SessionUpdate {
  return {
    sessionUpdate: "tool_call",
    toolCallId: id,
    title: `developer: shell · ${command}`,
    status: "pending",
    rawInput: { command },
    _meta: { goose: { toolCall: { toolName: "developer__shell", extensionName: "developer" }, created: 1700000000, messageId: "msg_1" } },
  };
}

export function toolResult(id: string, output: string, status: "completed" | "failed" = "completed"): SessionUpdate {
  return {
    sessionUpdate: "tool_call_update",
    toolCallId: id,
    status,
    content: [{ type: "content", content: text(output) }],
  };
}

export const agentChunk = (t: string, messageId?: string | null): SessionUpdate => ({
  sessionUpdate: "agent_message_chunk",
  content: text(t),
  ...(messageId === undefined ? {} : { messageId }),
});
export const thoughtChunk = (t: string, messageId?: string): SessionUpdate => ({
  sessionUpdate: "agent_thought_chunk",
  content: text(t),
  ...(messageId === undefined ? {} : { messageId }),
});
export const userChunk = (content: ContentBlock, messageId?: string): SessionUpdate => ({
  sessionUpdate: "user_message_chunk",
  content,
  ...(messageId === undefined ? {} : { messageId }),
});

export const upd = (update: SessionUpdate, sessionId = S): ClientEvent => ({ type: "session_update", sessionId, update });
export const opened = (sessionId = S, loading = false): ClientEvent => ({ type: "session_opened", sessionId, cwd: CWD, loading });
export const promptSent = (t: string, sessionId = S): ClientEvent => ({ type: "prompt_sent", sessionId, content: [text(t)] });
export const permission = (key: string, toolCallId: string, sessionId = S): ClientEvent => ({
  type: "permission_requested",
  sessionId,
  key,
  toolCall: {
    toolCallId,
    title: "developer: shell · rm -rf build",
    kind: "other",
    status: "pending",
    rawInput: { command: "rm -rf build" },
    content: [{ type: "content", content: text("Remove the build directory?") }],
  },
  options: gooseOptions,
});

// ---------------------------------------------------------------------------------------------
// Helpers

/** Frozen inputs make any mutation inside the reducer throw (ES modules run in strict mode). */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function run(state: ClientState, ...events: ClientEvent[]): ClientState {
  return events.reduce((s, e) => deepFreeze(reduceClient(s, deepFreeze(e))), deepFreeze(state));
}

/** Ready agent with one open, active, idle session S. */
export function withSession(...events: ClientEvent[]): ClientState {
  return run(initialClientState, ready, opened(), ...events);
}

export function session(state: ClientState, id = S): SessionState {
  const s = state.sessions[id];
  if (!s) throw new Error(`no session ${id}`);
  return s;
}

export const entries = (state: ClientState, id = S): Entry[] => entryArray(session(state, id).entries);
export const notices = (state: ClientState, id = S) => entries(state, id).filter((e) => e.kind === "notice");
