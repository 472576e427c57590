/**
 * What the panel calls the agent and its mode. The agent may be goose, or any other ACP agent the
 * host config names (Claude's, Codex's, Gemini's adapters…), so no user-visible sentence assumes goose.
 */
import type { SessionConfigOption, SessionModeState } from "../../acp/schema";
import type { AgentState } from "../sessions/client-state";
import type { ConnectionState } from "./connection";

/** Said when nothing names the agent yet. */
const UNNAMED_AGENT = "the agent";

/** The agent's name from its own `initialize` answer (`agentInfo.title`, else `.name`), if it gave one. */
export function agentInfoName(agent: Pick<AgentState, "info"> | null | undefined): string | null {
  const info = agent?.info;
  return info?.title?.trim() || info?.name?.trim() || null;
}

/**
 * The name to show for the running agent: what it calls itself, else the host profile it runs
 * under (the latest status, else the host's default), else "the agent".
 */
export function agentDisplayName(
  connection: Pick<ConnectionState, "agent" | "link"> | null | undefined,
  agent: Pick<AgentState, "info"> | null | undefined,
): string {
  const own = agentInfoName(agent);
  if (own) return own;
  if (connection?.agent?.profile) return connection.agent.profile;
  if (connection?.link.phase === "ready") return connection.link.hello.defaultProfile || UNNAMED_AGENT;
  return UNNAMED_AGENT;
}

/** At the start of a sentence "the agent" becomes "The agent"; an agent's own name ("goose") keeps its case. */
export function sentenceStart(name: string): string {
  return name === UNNAMED_AGENT ? "The agent" : name;
}

export interface ModeView {
  name: string;
  description: string | null;
}

/**
 * The session's current mode as the agent describes it: its mode config option (current value's name
 * and description) first, else the modes API. Null when the agent reports no mode.
 */
export function currentModeView(
  configOptions: SessionConfigOption[] | null | undefined,
  modes: SessionModeState | null | undefined,
): ModeView | null {
  const option = configOptions?.find((o) => o.type === "select" && (o.category === "mode" || o.id === "mode"));
  if (option?.type === "select") {
    const values = option.options.flatMap((o) => ("options" in o ? o.options : [o]));
    const current = values.find((v) => v.value === option.currentValue);
    return { name: current?.name || option.currentValue, description: current?.description?.trim() || null };
  }
  if (modes?.currentModeId) {
    const mode = modes.availableModes.find((m) => m.id === modes.currentModeId);
    return { name: mode?.name || modes.currentModeId, description: mode?.description?.trim() || null };
  }
  return null;
}
