/**
 * Says, in one plain sentence, what state the agent is in, plus what to do about it and any evidence.
 * The agent is named as it names itself (or by its profile): it is goose only when it is goose.
 * Pure: the panel renders whatever this returns, and tests read it without a DOM.
 */
import { hostInstallCommand } from "../../shared/host-package";
import { type AgentStatus, HOST_PROTOCOL_VERSION, type HostError, type HostHello, MIN_HOST_PROTOCOL } from "../../shared/host-protocol";
import { agentDisplayName, sentenceStart } from "../state/connection/agent-name";
import { type ConnectionState, type DisconnectReason, isChoiceRefusal, SETUP_CAUSES, type SetupLink } from "../state/connection/connection";
import { exitFact, exitInWords } from "../state/connection/exit-words";
import { featuresOff } from "../state/connection/host-compat";
import type { AgentState } from "../state/sessions/client-state";

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
  /**
   * The setup screen: the host is missing, does not start or does not fit, and the user fixes it
   * outside the browser. `command` is the one to run; `checking` while a quiet new try is under way.
   */
  setup?: { command?: string; checking: boolean };
}

/**
 * `agent`: the ACP client's view of the agent, whose own name (from initialize) wins over the profile's.
 * `extensionVersion`: this extension's, which names the host that fits it exactly.
 */
export function describeConnection(
  state: ConnectionState,
  agent: Pick<AgentState, "info"> | null | undefined,
  extensionVersion: string,
): StatusView {
  const { link } = state;
  switch (link.phase) {
    case "idle":
      return { tone: "pending", headline: "Connecting to the goose-browser host…", facts: [] };
    case "connecting":
      return link.rechecking
        ? describeSetup(link.rechecking, extensionVersion, true)
        : { tone: "pending", headline: "Connecting to the goose-browser host…", facts: [] };
    case "disconnected":
      return SETUP_CAUSES.has(link.reason.cause) ? describeSetup(link, extensionVersion, false) : describeDisconnect(link.reason);
    case "incompatible":
      return describeSetup(link, extensionVersion, false);
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
  host_unavailable: "Firefox found no goose-browser host for this add-on.",
  host_not_starting: "The goose-browser host is installed but does not start.",
  host_exited: "The goose-browser host stopped.",
  communication_error: "The connection to the goose-browser host broke.",
  connect_failed: "The goose-browser host could not be started.",
  unknown: "The goose-browser host disconnected.",
};

function describeDisconnect(reason: DisconnectReason): StatusView {
  const view: StatusView = { tone: "error", headline: DISCONNECT_HEADLINES[reason.cause], fix: reason.fix, facts: [] };
  if (reason.detail) view.detail = reason.detail;
  // The browser's wording only adds something when we could not name the cause ourselves.
  else if (reason.cause === "unknown" || reason.cause === "connect_failed" || reason.cause === "host_not_starting") {
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

/** The setup screen: what is wrong, the one command that fixes it, and that the panel checks again by itself. */
function describeSetup(link: SetupLink, extensionVersion: string, checking: boolean): StatusView {
  if (link.phase === "disconnected") {
    // Nothing installed yet is where every new user starts: a step to take, not an error.
    const fresh = link.reason.cause === "host_not_installed" || link.reason.cause === "host_unavailable";
    return {
      ...describeDisconnect(link.reason),
      ...(fresh ? { tone: "pending" as const } : {}),
      setup: { command: hostInstallCommand("latest", link.reason.allowId), checking },
    };
  }
  const { hello } = link;
  const theirs = typeof hello.protocolVersion === "number" ? `protocol ${hello.protocolVersion}` : "an unknown protocol";
  const facts = [`host ${hello.hostVersion}`, `extension ${extensionVersion}`];
  if (link.fit.verdict === "too_new") {
    return {
      tone: "error",
      headline: `The goose-browser host (${hello.hostVersion}) is newer than this extension (${extensionVersion}) and no longer serves it.`,
      fix:
        "Update the extension: in the browser's extensions page, update goose-browser (a store install updates by itself within a day). " +
        "Or install the host that matches this extension:",
      facts,
      setup: { command: hostInstallCommand(extensionVersion), checking },
    };
  }
  return {
    tone: "error",
    headline: `The goose-browser host (${hello.hostVersion}, ${theirs}) is too old for this extension (${extensionVersion}, protocol ${MIN_HOST_PROTOCOL} or newer).`,
    fix: "Update the host: run this command in a terminal:",
    facts,
    setup: { command: hostInstallCommand(extensionVersion), checking },
  };
}

/** A host one protocol version behind: it works, with the features it lacks off, until it is updated. */
export function hostUpdateNotice(state: ConnectionState, extensionVersion: string): { text: string; command: string } | null {
  const { link } = state;
  if (link.phase !== "ready" || link.fit.verdict !== "behind") return null;
  const off = featuresOff(link.fit.missing);
  const list = off.join(" and ");
  const lacking =
    off.length > 0 ? `${list.charAt(0).toUpperCase()}${list.slice(1)} stay off until you update it.` : "Update it when you can.";
  return {
    text: `The goose-browser host (${link.hello.hostVersion}, protocol ${link.hello.protocolVersion}) is one version behind this extension (${extensionVersion}, protocol ${HOST_PROTOCOL_VERSION}). ${lacking}`,
    command: hostInstallCommand(extensionVersion),
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
      const words = exitInWords(Name, agent.signal, agent.code);
      return {
        tone: "error",
        headline: words.headline,
        fix: words.fix,
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
    case "failed": {
      // A goose serve profile's command is the server's URL: it is reached, not started.
      const verb = agent.command && /^(wss?|https?):\/\//.test(agent.command) ? "reached" : "started";
      return { tone: "error", headline: `${Name} could not be ${verb}: ${agent.message}`, fix: agent.fix };
    }
  }
}

function hostFacts(hello: HostHello, agent: AgentStatus | null): string[] {
  const facts = [`host ${hello.hostVersion}`];
  const profile = agent?.profile ?? hello.defaultProfile;
  if (profile) facts.push(`profile ${profile}`);
  // How an agent ended, as the system said it, for whoever needs more than the headline's words.
  if (agent?.state === "exited") facts.push(exitFact(agent.signal, agent.code));
  return facts;
}
