/**
 * Says, in one plain sentence, what state the agent is in, plus what to do about it and any evidence.
 * The agent is named as it names itself (or by its profile): it is goose only when it is goose.
 * Pure: the panel renders whatever this returns, and tests read it without a DOM.
 */
import type { AgentStatus, HostError, HostHello } from "../../shared/host-protocol";
import { agentDisplayName, sentenceStart } from "../state/agent-name";
import type { AgentState } from "../state/client-state";
import { type ConnectionState, type DisconnectReason, isChoiceRefusal } from "../state/connection";
import { INSTALL_HOST_INSTRUCTION } from "../state/host-install";

type Tone = "ok" | "pending" | "error";

export interface StatusView {
  tone: Tone;
  headline: string;
  /** What the user can do; `backticks` mark commands and paths. */
  fix?: string;
  /** Evidence worth reading, such as the agent's last stderr lines; `collapsed` starts it folded. */
  detail?: { label: string; lines: string[]; collapsed?: boolean };
  /** Other configured agent profiles the user can switch to right here (the agent could not start). */
  alternatives?: string[];
  /** Secondary information: something the host reported without dropping the connection. */
  note?: string;
  /** The fix is in the options page: offer a way there. */
  openOptions?: boolean;
  /** Small print: which host and profile this is about. */
  facts: string[];
}

/** `agent`: the ACP client's view of the agent, whose own name (from initialize) wins over the profile's. */
export function describeConnection(state: ConnectionState, agent?: Pick<AgentState, "info"> | null): StatusView {
  const { link } = state;
  switch (link.phase) {
    case "idle":
    case "connecting":
      return { tone: "pending", headline: "Connecting to the goose-browser host…", facts: [] };
    case "disconnected":
      return describeDisconnect(link.reason);
    case "incompatible":
      return describeMismatch(link.hello, link.expected);
    case "ready": {
      // The host refused the chosen folder or profile (since its last status: a status clears the refusal),
      // so no agent is starting: say so instead of waiting.
      if (isChoiceRefusal(state.hostError) && state.agent?.state !== "running") {
        return { ...describeRefusedChoice(state.hostError, link.hello), facts: hostFacts(link.hello, state.agent) };
      }
      const view = describeAgent(state.agent, agentDisplayName(state, agent), link.hello.profiles);
      const note = state.hostError ? `The host reported: ${state.hostError.message}` : undefined;
      return { ...view, ...(note ? { note } : {}), facts: hostFacts(link.hello, state.agent) };
    }
  }
}

const DISCONNECT_HEADLINES: Record<DisconnectReason["cause"], string> = {
  host_not_installed: "The goose-browser host is not installed.",
  forbidden: "This extension is not allowed to use the goose-browser host.",
  host_exited: "The goose-browser host stopped.",
  communication_error: "The connection to the goose-browser host broke.",
  connect_failed: "The goose-browser host could not be started.",
  unknown: "The goose-browser host disconnected.",
};

function describeDisconnect(reason: DisconnectReason): StatusView {
  const view: StatusView = { tone: "error", headline: DISCONNECT_HEADLINES[reason.cause], fix: reason.fix, facts: [] };
  if (reason.detail) view.detail = reason.detail;
  // The browser's wording only adds something when we could not name the cause ourselves.
  else if (reason.cause === "unknown" || reason.cause === "connect_failed") {
    view.detail = { label: "The browser said", lines: [reason.message] };
  }
  return view;
}

function describeRefusedChoice(error: HostError, hello: HostHello): Omit<StatusView, "facts"> {
  const folder = error.code === "invalid_cwd";
  return {
    tone: "error",
    headline: folder ? "The agent did not start: its working folder does not exist." : "The agent did not start: its profile is gone.",
    fix: folder
      ? `Choose an existing folder in Options (or leave it empty for \`${hello.cwd}\`); the agent then starts by itself.`
      : "Choose an agent in Options, then it starts by itself.",
    detail: { label: "The host said", lines: [error.message] },
    openOptions: true,
  };
}

function describeMismatch(hello: HostHello, expected: number): StatusView {
  const theirs = typeof hello.protocolVersion === "number" ? `v${hello.protocolVersion}` : "an unknown version";
  if (typeof hello.protocolVersion === "number" && hello.protocolVersion > expected) {
    return {
      tone: "error",
      headline: `The goose-browser host is newer than this extension (protocol ${theirs}, extension v${expected}).`,
      fix: "Update the extension: rebuild it from the same goose-browser checkout and reload it, then press Restart.",
      facts: [`host ${hello.hostVersion}`],
    };
  }
  return {
    tone: "error",
    headline: `The goose-browser host is out of date (protocol ${theirs}, this extension needs v${expected}).`,
    fix: `Update the host: ${INSTALL_HOST_INSTRUCTION}, then press Restart.`,
    facts: [`host ${hello.hostVersion}`],
  };
}

function describeAgent(agent: AgentStatus | null, name: string, profiles: readonly string[]): Omit<StatusView, "facts"> {
  const Name = sentenceStart(name);
  const versioned = (version: string | undefined) => (version ? `${name} ${version}` : name);
  if (!agent) return { tone: "pending", headline: `Connected to the host. Waiting for ${name} to start…` };
  switch (agent.state) {
    case "idle":
      return { tone: "pending", headline: `${Name} is not running.`, fix: "Press Restart to start it." };
    case "discovering":
      return { tone: "pending", headline: `Looking for ${name}…` };
    case "starting":
      return { tone: "pending", headline: `Starting ${versioned(agent.version)}…` };
    case "running":
      return { tone: "ok", headline: `${sentenceStart(versioned(agent.version))} is running in ${agent.cwd}` };
    case "exited": {
      const how = agent.signal !== null ? `was stopped by ${agent.signal}` : `exited with code ${agent.code ?? "unknown"}`;
      return {
        tone: "error",
        headline: `${Name} ${how}.`,
        fix: "Press Restart to start it again.",
        ...(agent.stderrTail.length > 0 ? { detail: { label: "Its last output", lines: agent.stderrTail } } : {}),
      };
    }
    case "not_found": {
      const alternatives = profiles.filter((p) => p !== agent.profile);
      return {
        tone: "error",
        headline: `${Name} was not found.`,
        fix: agent.fix,
        // The list of folders is evidence for the curious, not the next step: it starts folded.
        ...(agent.searched.length > 0 ? { detail: { label: "Looked in", lines: agent.searched, collapsed: true } } : {}),
        ...(alternatives.length > 0 ? { alternatives } : {}),
      };
    }
    case "outdated":
      return {
        tone: "error",
        headline: `${Name} ${agent.version} is too old; goose-browser needs ${agent.required} or newer.`,
        fix: agent.fix,
      };
    case "failed":
      return { tone: "error", headline: `${Name} could not be started: ${agent.message}`, fix: agent.fix };
  }
}

function hostFacts(hello: HostHello, agent: AgentStatus | null): string[] {
  const facts = [`host ${hello.hostVersion}`];
  const profile = agent?.profile ?? hello.defaultProfile;
  if (profile) facts.push(`profile ${profile}`);
  return facts;
}
