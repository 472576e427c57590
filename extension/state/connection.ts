/**
 * What the extension knows about its native host and the agent behind it, and the one pure reducer
 * that changes it. The background owns the live copy; panels receive snapshots of it.
 */
import {
  type AgentStatus,
  HOST_PROTOCOL_VERSION,
  type HostConfigUpdate,
  type HostDiagnostics,
  type HostError,
  type HostHello,
} from "../../shared/host-protocol";

/** The agent profile and working folder the user picked in the options page (unset: the host's defaults). */
export interface AgentChoice {
  profile?: string;
  cwd?: string;
}

/** Why the native port closed, as a cause the UI can name and a fix the user can follow. */
export type DisconnectCause = "host_not_installed" | "forbidden" | "host_exited" | "communication_error" | "connect_failed" | "unknown";

export interface DisconnectReason {
  cause: DisconnectCause;
  /** The browser's own words (runtime.lastError), kept for the curious and for bug reports. */
  message: string;
  fix: string;
  /** Something the user will want to copy, such as this extension's origin or the log's path. */
  detail?: { label: string; lines: string[] };
}

type HostLink =
  /** No connection attempted yet (the background connects when a panel first opens). */
  | { phase: "idle" }
  /** The port is open but the host has not said hello yet. */
  | { phase: "connecting" }
  | { phase: "ready"; hello: HostHello }
  /** The host speaks another protocol version; the port was closed. */
  | { phase: "incompatible"; hello: HostHello; expected: number }
  | { phase: "disconnected"; reason: DisconnectReason };

export interface ConnectionState {
  link: HostLink;
  /** The host's latest report on the agent, for the current connection only. */
  agent: AgentStatus | null;
  /** The last error the host reported on the current connection (the port stays up after one). */
  hostError: HostError | null;
  /** How many errors the host has reported, ever: tells a repeated refusal from the one already shown. */
  hostErrorCount: number;
  /** Kept across reconnects so a later failure can still point at the host's log file. */
  lastHello: HostHello | null;
  /** Chunked agent messages lost on the way (counted per connection). */
  droppedChunks: number;
  /** The host's last answer to `diagnose` (options page). */
  diagnostics: HostDiagnostics | null;
}

export type ConnectionEvent =
  | { type: "connecting" }
  | { type: "hello"; hello: HostHello }
  | { type: "host_config"; config: HostConfigUpdate }
  | { type: "agent_status"; status: AgentStatus }
  | { type: "host_error"; error: HostError }
  | { type: "chunk_dropped"; reason: string }
  | { type: "host_diagnostics"; diagnostics: HostDiagnostics }
  | { type: "disconnected"; reason: DisconnectReason };

export const initialConnectionState: ConnectionState = {
  link: { phase: "idle" },
  agent: null,
  hostError: null,
  hostErrorCount: 0,
  lastHello: null,
  droppedChunks: 0,
  diagnostics: null,
};

/** The host's refusals of an agent choice: the folder or profile a start or restart named does not exist. */
const CHOICE_ERRORS: ReadonlySet<HostError["code"]> = new Set(["invalid_cwd", "unknown_profile"]);

export function isChoiceRefusal(error: HostError | null): error is HostError {
  return error !== null && CHOICE_ERRORS.has(error.code);
}

/**
 * The host's answer to a restart carrying a new choice, from the first host event after it: it refuses
 * a choice at once, before touching the agent (native-host/relay/host-commands.ts), and answers anything
 * else with the agent's status as the restart goes on. Undefined: not an answer, keep waiting.
 */
export function choiceVerdict(event: ConnectionEvent): "accepted" | "refused" | "no_host" | undefined {
  switch (event.type) {
    case "host_error":
      return isChoiceRefusal(event.error) ? "refused" : undefined;
    case "agent_status":
      return "accepted";
    case "disconnected":
    case "connecting":
      return "no_host";
    default:
      return undefined;
  }
}

export function isCompatibleHello(hello: Pick<HostHello, "protocolVersion">): boolean {
  return hello.protocolVersion === HOST_PROTOCOL_VERSION;
}

/** True while a native port is (or should be) open. */
function isPortPhase(link: HostLink): boolean {
  return link.phase === "connecting" || link.phase === "ready";
}

export function reduceConnection(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (event.type) {
    case "connecting":
      // A new port: everything learned from the old one is stale.
      return { ...state, link: { phase: "connecting" }, agent: null, hostError: null, droppedChunks: 0 };

    case "hello": {
      if (state.link.phase !== "connecting") return state;
      const link: HostLink = isCompatibleHello(event.hello)
        ? { phase: "ready", hello: event.hello }
        : { phase: "incompatible", hello: event.hello, expected: HOST_PROTOCOL_VERSION };
      return { ...state, link, lastHello: event.hello };
    }

    case "host_config": {
      // The host re-read its config: its hello now says this (the profiles Options and the panel offer).
      if (state.link.phase !== "ready") return state;
      const { type: _type, configError, ...fields } = event.config;
      const { configError: _old, ...rest } = state.link.hello;
      const hello: HostHello = { ...rest, ...fields, ...(configError ? { configError } : {}) };
      return { ...state, link: { phase: "ready", hello }, lastHello: hello };
    }

    case "agent_status":
      // Only a host we have agreed a protocol with can tell us about the agent.
      if (state.link.phase !== "ready") return state;
      // A status means the host took a start or restart: an earlier refusal of a choice is settled.
      return { ...state, agent: event.status, hostError: isChoiceRefusal(state.hostError) ? null : state.hostError };

    case "host_error":
      if (!isPortPhase(state.link)) return state;
      return { ...state, hostError: event.error, hostErrorCount: state.hostErrorCount + 1 };

    case "chunk_dropped":
      return { ...state, droppedChunks: state.droppedChunks + 1 };

    case "host_diagnostics":
      return { ...state, diagnostics: event.diagnostics };

    case "disconnected":
      // The agent dies with its host, so its last status would mislead.
      return { ...state, link: { phase: "disconnected", reason: event.reason }, agent: null };
  }
}
