/**
 * What the running agent can do with sessions: what its initialize answer advertises, and for
 * session/fork also what it answered when asked (goose serves fork without advertising it:
 * background/client/forks/fork-probe.ts). Never its name. session/fork is unstable in the SDK's schema,
 * so its capability is not in the stable type.
 */
import type { AgentState } from "./client-state";

type Named = "fork" | "resume" | "close" | "delete";

export function agentCan(agent: Pick<AgentState, "capabilities" | "forkServed"> | null | undefined, what: Named): boolean {
  if (what === "fork" && agent?.forkServed) return true;
  return advertises(agent, what);
}

/** The initialize answer alone. */
export function advertises(agent: Pick<AgentState, "capabilities"> | null | undefined, what: Named): boolean {
  const caps = agent?.capabilities?.sessionCapabilities as Partial<Record<Named, unknown>> | null | undefined;
  const value = caps?.[what];
  return value !== undefined && value !== null;
}
