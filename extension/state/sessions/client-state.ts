/**
 * The ACP client's state as the UI sees it: the agent behind the host, the sessions the user has
 * open, and the history list. Plain data (structured-clone safe), so the background can send it to
 * panels as a snapshot; changed only by `reduceClient` (client-reducer/), in both places.
 */
import type {
  AgentCapabilities,
  AuthMethod,
  AvailableCommand,
  ContentBlock,
  Implementation,
  PermissionOption,
  PlanEntry,
  SessionConfigOption,
  SessionInfo,
  SessionModeState,
  SessionUpdate,
  StopReason,
  ToolCallContent,
  ToolCallLocation,
  ToolCallUpdate,
  ToolKind,
} from "../../acp/schema";
import type { GooseControl, GooseSessionEvent } from "../connection/goose-controls";
import type { ElicitationState } from "../conversation/elicitation";
import type { EntryList } from "../conversation/entry-list";
import type { ToolCallMap } from "../conversation/tool-call-map";
import type { ForkRelation } from "./fork-point";
import type { QueueEvent, QueueSlice, SteerState } from "./queue-state";

/** A failure the UI shows with what to do about it. */
export interface UiError {
  title: string;
  message: string;
  fix?: string;
  code?: number; // JSON-RPC error code when the failure came from the agent
  /** The agent itself needs setting up (a provider, a sign-in): the fix is outside the browser. */
  setup?: true;
}

/** offline: no agent process (host not ready, agent not running); unsupported: it spoke another ACP version, so nothing else is sent. */
type AgentPhase = "offline" | "initializing" | "ready" | "unsupported" | "failed";

export interface AgentState {
  phase: AgentPhase;
  info: Implementation | null;
  capabilities: AgentCapabilities | null;
  authMethods: AuthMethod[];
  error: UiError | null;
  /** session/fork answers though the agent does not advertise it (goose): background/client/forks/fork-probe.ts. */
  forkServed?: true;
  /** A session opened on this agent process (goose without a provider fails only at session/new). */
  sessionOpened?: true;
  gooseControls?: GooseControl[];
}

export interface UserEntry {
  kind: "user";
  /** Unique within the session (from `seq`); the wire's messageId can repeat, so it is not the key. */
  id: string;
  /** The wire's messageId, used only to group chunks of one message. */
  messageId?: string;
  content: ContentBlock[];
  /** Sent while a turn ran and added to that turn (steered), here where it went in. */
  steered?: true;
  /** When it was sent (Unix seconds, the client's clock) or, replayed, when the agent stored it (`_meta.goose.created`). */
  created?: number;
}

export interface AgentTextEntry {
  kind: "agent" | "thought";
  /** Unique within the session (from `seq`). */
  id: string;
  /** The wire's messageId, used only to group chunks (goose reuses one across a tool call). */
  messageId?: string;
  /** The text chunks so far, concatenated. */
  text: string;
  /** Non-text content blocks the agent sent in this message (images, resources, links). */
  attachments: ContentBlock[];
  /** The latest time the agent gave its chunks (`_meta.goose.created`, Unix seconds): goose's rewind goes by it. */
  created?: number;
}

interface ToolEntry {
  kind: "tool";
  /** Equals the toolCallId (unique within a session per the spec); the card's data lives in SessionState.toolCalls. */
  id: string;
}

export interface NoticeEntry {
  kind: "notice";
  id: string;
  tone: "info" | "warning" | "error";
  text: string;
  retry?: true; // a failed turn (the prompt answered with an error): Retry sends the message before it again
  /** A replayed local slash command (state/conversation/command-replay.ts): its output, replayed next, completes this notice. */
  command?: { name: string; args: string };
}

/** A context compaction's place in the transcript; what it says is in SessionState.compactions. */
interface CompactionEntry {
  kind: "compaction";
  id: string;
  compactionId: string;
}

/** A context compaction (client-reducer/notices.ts): what was summarised, the context before and after. */
export interface CompactionState {
  compactionId: string;
  /** in_progress, completed, failed, cancelled (or a newer status, shown as it is). */
  status: string;
  /** The summary's text, as the agent streamed or replaced it. */
  summary: string;
  error: string | null;
  /** Tokens in context when the compaction started and after it (from usage_update), when the agent reports usage. */
  contextBefore: number | null;
  contextAfter: number | null;
}

export type Entry = UserEntry | AgentTextEntry | ToolEntry | NoticeEntry | CompactionEntry;

/** Local statuses beyond the wire's: `cancelled` (Stop, or the agent went away), `denied` (the user refused it), `unfinished` (the turn ended first). */
export type ToolStatus = "pending" | "in_progress" | "completed" | "failed" | "cancelled" | "denied" | "unfinished";

export interface ToolCallState {
  toolCallId: string;
  title: string;
  kind: ToolKind | null;
  status: ToolStatus;
  content: ToolCallContent[];
  locations: ToolCallLocation[];
  rawInput?: unknown;
  rawOutput?: unknown;
  /** goose's tool name from `_meta.goose.toolCall.toolName`, when present (for icons). */
  toolName?: string;
  /** The agent's question about this call of our server, answered allow-once for the user (`site`: a read of a readable site). */
  autoAllowed?: { site?: string };
}

export interface PermissionRequestState {
  /** Unique per request within the client (the agent's JSON-RPC id, stringified with a counter). */
  key: string;
  toolCallId: string;
  options: PermissionOption[];
}

type TurnStatus = "idle" | "running" | "cancelling";

export interface SessionState {
  sessionId: string;
  cwd: string;
  title: string | null;
  updatedAt: string | null;
  /** The transcript, oldest first (a persistent list: read it with entry-list.ts). */
  entries: EntryList;
  /** Tool cards by toolCallId (a persistent map: read it with tool-call-map.ts). */
  toolCalls: ToolCallMap;
  /** Context compactions by compactionId (few per session; patched in place, their entries stay as they are). */
  compactions: Record<string, CompactionState>;
  plan: PlanEntry[] | null;
  usage: { used: number; size: number; cost?: { amount: number; currency: string } | null } | null;
  modes: SessionModeState | null;
  configOptions: SessionConfigOption[] | null;
  commands: AvailableCommand[];
  /** Pending permission requests, oldest first. */
  permissions: PermissionRequestState[];
  turn: TurnStatus;
  /** How the last finished turn ended (cancelled wins over the agent's own reason after Stop). */
  lastStop: StopReason | null;
  /** True while a session/load replay is arriving. */
  loading: boolean;
  /** A session/load replays a transcript this state already shows (the agent restarted): the replayed messages are dropped. */
  replaySeen: boolean;
  /** Tool calls the user denied (kept over whatever the agent reports for them later, replay included). */
  deniedToolCalls: string[];
  error: UiError | null;
  /** Counter behind non-tool entry ids (`e1`, `e2`, …); part of the state so every copy of the reducer agrees. */
  seq: number;
}

export interface HistoryState {
  items: SessionInfo[];
  loading: boolean;
  error: UiError | null;
}

export interface ClientState {
  agent: AgentState;
  activeSessionId: string | null;
  /** Sessions with a transcript in memory (the active one, and any with a turn still running). */
  sessions: Record<string, SessionState>;
  history: HistoryState;
  /** A session/new or session/load in flight (so the UI can show progress and block double clicks). */
  opening: { kind: "new" } | { kind: "load"; sessionId: string } | null;
  /** How many openings have begun: a message held for one tells its end from its start (panel/composer/held-send.ts). */
  openings: number;
  /** A failure not tied to a session in memory (e.g. session/new failed); cleared by the next open. */
  lastError: UiError | null;
  /** The agent's questions waiting for the user (elicitation/create), oldest first. */
  elicitations: ElicitationState[];
  /** Forks made in this browser, by the fork's session id (kept in extension storage). */
  forks: Record<string, ForkRelation>;
  /** Messages waiting for a turn to end, by session (client-reducer/queue.ts). */
  queues: QueueSlice;
  steer: SteerState;
  /** The panel's session tabs, in order (client-reducer/sessions/session-tabs.ts); a tab's session may not be in memory yet. */
  tabs: SessionTab[];
}

/** One open tab: its session, the title last known (shown before the session is loaded), and new output unseen. */
export interface SessionTab {
  sessionId: string;
  title: string | null;
  unread: boolean;
}

export type ClientEvent =
  | { type: "agent_initializing" }
  | { type: "agent_ready"; info: Implementation | null; capabilities: AgentCapabilities; authMethods: AuthMethod[] }
  /** The agent speaks `protocolVersion`; this client speaks `supported`. */
  | { type: "agent_unsupported"; protocolVersion: number; supported: number }
  | { type: "agent_failed"; error: UiError }
  /** The ready agent serves session/fork without advertising it. */
  | { type: "agent_serves_fork" }
  /** The agent or host went away: running turns end, pending permissions are dropped, with `error` shown. */
  | { type: "agent_offline"; error: UiError | null }
  | { type: "session_opening"; open: { kind: "new" } | { kind: "load"; sessionId: string } }
  /** session/new answered, or session/load started (before the replay): a fresh, empty transcript. */
  | {
      type: "session_opened";
      sessionId: string;
      cwd: string;
      loading: boolean;
      modes?: SessionModeState | null;
      configOptions?: SessionConfigOption[] | null;
      title?: string | null;
      /** Tool calls the user denied in this session before (remembered by the background). */
      deniedToolCalls?: string[];
    }
  /** session/load answered: the replay is complete (`replayed`: it built the transcript, so a fork's is trimmed, fork-replay.ts). */
  | { type: "session_loaded"; sessionId: string; modes?: SessionModeState | null; configOptions?: Options | null; replayed?: true }
  | { type: "session_open_failed"; sessionId?: string; error: UiError }
  | { type: "session_activated"; sessionId: string | null }
  | { type: "session_closed"; sessionId: string }
  | { type: "session_update"; sessionId: string; update: SessionUpdate }
  /** The user sent a prompt (at `at`, Unix seconds): their bubble appears and the turn starts. */
  | { type: "prompt_sent"; sessionId: string; content: ContentBlock[]; at?: number }
  | { type: "prompt_finished"; sessionId: string; stopReason: StopReason }
  | { type: "prompt_failed"; sessionId: string; error: UiError }
  /** A quiet session/load of a session the agent refused as unknown (goose #11654): its replay is dropped. */
  | { type: "session_reloading"; sessionId: string; reloading: boolean }
  /** Something the user should know about the session, as a transcript entry. */
  | { type: "session_notice"; sessionId: string; tone: "info" | "warning" | "error"; text: string }
  /** A request about a session failed outside a turn (e.g. changing a setting): shown, the turn untouched. */
  | { type: "session_error"; sessionId: string; error: UiError }
  /** Stop pressed: the turn ends as cancelled whatever the agent answers; open tool calls are cancelled. */
  | { type: "cancel_requested"; sessionId: string }
  | { type: "permission_requested"; sessionId: string; key: string; toolCall: ToolCallUpdate; options: PermissionOption[] }
  /** optionId: the option the user chose (null or absent: dismissed, or answered `cancelled` for them). */
  | { type: "permission_resolved"; sessionId: string; key: string; optionId?: string | null }
  /** The agent asked about a read on a site the user already allowed: answered allow-once for them, never shown as a question. */
  | { type: "permission_auto_allowed"; sessionId: string; toolCall: ToolCallUpdate; site?: string }
  | { type: "config_options_changed"; sessionId: string; configOptions: SessionConfigOption[] }
  | { type: "mode_changed"; sessionId: string; modeId: string }
  | { type: "history_loading" }
  | { type: "history_loaded"; items: SessionInfo[] }
  | { type: "history_failed"; error: UiError }
  | { type: "history_removed"; sessionId: string }
  /** session/fork answered: the fork opens with the parent's transcript up to the point (fork-point.ts). */
  | {
      type: "session_forked";
      sessionId: string;
      parentId: string;
      cwd: string;
      /** How many of the parent's entries the fork's transcript keeps. */
      keep: number;
      relation: ForkRelation;
      modes?: SessionModeState | null;
      configOptions?: SessionConfigOption[] | null;
    }
  /** session/resume started: the transcript parked in the background comes back as it was (no replay). */
  | { type: "session_restored"; session: SessionState }
  /** The fork's note for the agent went out with its first prompt. */
  | { type: "fork_note_sent"; sessionId: string }
  /** The forks remembered in extension storage (read when the background starts). */
  | { type: "forks_known"; forks: Record<string, ForkRelation> }
  | { type: "elicitation_requested"; elicitation: ElicitationState }
  | { type: "elicitation_resolved"; key: string }
  /** The tabs kept in extension storage (read when the background starts); their sessions load when first shown. */
  | { type: "tabs_restored"; tabs: { sessionId: string; title: string | null }[] }
  /** The user closed the tab (its session is closed separately). */
  | { type: "tab_closed"; sessionId: string }
  /** The tab of a session the agent lost now shows the session `by`, in the same place. */
  | { type: "tab_replaced"; sessionId: string; by: string }
  | QueueEvent
  | GooseSessionEvent;

type Options = SessionConfigOption[];
/** One kind of client event, by its `type`: what each of the reducer's handlers takes. */
export type ClientEventOf<T extends ClientEvent["type"]> = Extract<ClientEvent, { type: T }>;
