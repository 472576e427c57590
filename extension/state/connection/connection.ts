/**
 * What the extension knows about its native host and the agent behind it, and the one pure reducer
 * that changes it. The background owns the live copy; panels receive snapshots of it.
 */
import type { AgentStatus, HostConfigUpdate, HostDiagnostics, HostError, HostHello } from "../../../shared/host-protocol";
import type { ServeProfileResult } from "../../../shared/serve-profiles";
import { type HostFit, hostFit } from "./host-compat";

/** The agent profile and working folder the user picked in the options page (unset: the host's defaults). */
export interface AgentChoice {
  profile?: string;
  cwd?: string;
}

/**
 * Why the native port closed, as a cause the UI can name and a fix the user can follow.
 *  - `host_not_installed`: no manifest for the host (Chromium says so);
 *  - `forbidden`: a manifest that does not list this extension (Chromium says so);
 *  - `host_unavailable`: either of those two (Firefox says the same for both, on purpose);
 *  - `host_not_starting`: a manifest, but the host never said hello (no node, a broken launcher);
 *  - `host_exited`: the host stopped after it had said hello.
 */
export type DisconnectCause =
  | "host_not_installed"
  | "forbidden"
  | "host_unavailable"
  | "host_not_starting"
  | "host_exited"
  | "communication_error"
  | "connect_failed"
  | "unknown";

/** The causes the user fixes by installing the host: the panel shows the setup screen and checks again by itself. */
export const SETUP_CAUSES: ReadonlySet<DisconnectCause> = new Set<DisconnectCause>([
  "host_not_installed",
  "forbidden",
  "host_unavailable",
  "host_not_starting",
]);

export interface DisconnectReason {
  cause: DisconnectCause;
  /** The browser's own words (runtime.lastError), kept for the curious and for bug reports. */
  message: string;
  fix: string;
  /** Something the user will want to copy, such as this extension's origin or the log's path. */
  detail?: { label: string; lines: string[] };
  /**
   * A Chromium extension id the install command must allow (`install --extension-id`): this one's,
   * when no manifest the installer writes lists it (an unpacked release zip) or the host refused it.
   */
  allowId?: string;
}

/** A link the user fixes outside the browser (install or update the host); the background checks again by itself. */
export type SetupLink =
  /** The host speaks a protocol this extension cannot; the port was closed. */
  | { phase: "incompatible"; hello: HostHello; fit: Extract<HostFit, { verdict: "too_old" | "too_new" }> }
  | { phase: "disconnected"; reason: DisconnectReason };

type HostLink =
  /** No connection attempted yet (the background connects when a panel first opens). */
  | { phase: "idle" }
  /**
   * The port is open but the host has not said hello yet. `rechecking`: a quiet new try while the
   * setup screen shows, which stays on screen until the host answers.
   */
  | { phase: "connecting"; rechecking?: SetupLink }
  /** `fit`: the protocol spoken on this port and the features the host lacks. */
  | { phase: "ready"; hello: HostHello; fit: Extract<HostFit, { verdict: "ok" | "behind" }> }
  | SetupLink;

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
  /** The host's last answer to a goose serve profile's save or removal (options page), numbered to tell a new one. */
  serveProfileResult: { answer: ServeProfileResult; n: number } | null;
}

export type ConnectionEvent =
  /** `recheck`: a quiet try from the setup screen (see HostLink). */
  | { type: "connecting"; recheck?: boolean }
  | { type: "hello"; hello: HostHello }
  | { type: "host_config"; config: HostConfigUpdate }
  | { type: "agent_status"; status: AgentStatus }
  | { type: "host_error"; error: HostError }
  | { type: "chunk_dropped"; reason: string }
  | { type: "host_diagnostics"; diagnostics: HostDiagnostics }
  | { type: "serve_profile_result"; result: ServeProfileResult }
  | { type: "disconnected"; reason: DisconnectReason };

export const initialConnectionState: ConnectionState = {
  link: { phase: "idle" },
  agent: null,
  hostError: null,
  hostErrorCount: 0,
  lastHello: null,
  droppedChunks: 0,
  diagnostics: null,
  serveProfileResult: null,
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

/** The link the setup screen is about, also while a quiet recheck is under way; null otherwise. */
export function setupLink(link: HostLink): SetupLink | null {
  if (link.phase === "connecting") return link.rechecking ?? null;
  if (link.phase === "incompatible") return link;
  if (link.phase === "disconnected" && SETUP_CAUSES.has(link.reason.cause)) return link;
  return null;
}

/** True while a native port is (or should be) open. */
function isPortPhase(link: HostLink): boolean {
  return link.phase === "connecting" || link.phase === "ready";
}

export function reduceConnection(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (event.type) {
    case "connecting": {
      // A new port: everything learned from the old one is stale.
      const rechecking = event.recheck ? setupLink(state.link) : null;
      const link: HostLink = rechecking ? { phase: "connecting", rechecking } : { phase: "connecting" };
      return { ...state, link, agent: null, hostError: null, droppedChunks: 0 };
    }

    case "hello": {
      if (state.link.phase !== "connecting") return state;
      const fit = hostFit(event.hello);
      const link: HostLink =
        fit.verdict === "ok" || fit.verdict === "behind"
          ? { phase: "ready", hello: event.hello, fit }
          : { phase: "incompatible", hello: event.hello, fit };
      return { ...state, link, lastHello: event.hello };
    }

    case "host_config": {
      // The host re-read its config: its hello now says this (the profiles Options and the panel offer).
      if (state.link.phase !== "ready") return state;
      const { type: _type, configError, ...fields } = event.config;
      const { configError: _old, ...rest } = state.link.hello;
      const hello: HostHello = { ...rest, ...fields, ...(configError ? { configError } : {}) };
      return { ...state, link: { ...state.link, hello }, lastHello: hello };
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

    case "serve_profile_result":
      return { ...state, serveProfileResult: { answer: event.result, n: (state.serveProfileResult?.n ?? 0) + 1 } };

    case "disconnected":
      // The agent dies with its host, so its last status would mislead.
      return { ...state, link: { phase: "disconnected", reason: event.reason }, agent: null };
  }
}
