/** The agent profile and working folder the user chose in the options page, kept in storage.local. */
import type { AgentChoice } from "../state/connection";

export const AGENT_CHOICE_KEY = "goose.agentChoice";

interface Area {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

export async function loadAgentChoice(area: Area): Promise<AgentChoice> {
  const raw = (await area.get(AGENT_CHOICE_KEY))[AGENT_CHOICE_KEY] as Record<string, unknown> | undefined;
  return {
    ...(typeof raw?.profile === "string" && raw.profile ? { profile: raw.profile } : {}),
    ...(typeof raw?.cwd === "string" && raw.cwd ? { cwd: raw.cwd } : {}),
  };
}

export async function saveAgentChoice(area: Area, choice: AgentChoice): Promise<void> {
  await area.set({ [AGENT_CHOICE_KEY]: choice });
}
