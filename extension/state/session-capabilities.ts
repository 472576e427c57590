/**
 * What the running agent said it can do with sessions, from its initialize answer alone (never its
 * name). session/fork is unstable in the SDK's schema, so its capability is not in the stable type.
 */
import type { AgentState } from "./client-state";

type Named = "fork" | "resume" | "close" | "delete";

export function agentCan(agent: Pick<AgentState, "capabilities"> | null | undefined, what: Named): boolean {
  const caps = agent?.capabilities?.sessionCapabilities as Partial<Record<Named, unknown>> | null | undefined;
  const value = caps?.[what];
  return value !== undefined && value !== null;
}
