/**
 * Edit and Fork from here need session/fork. goose serves it without advertising it (its
 * initialize answer has sessionCapabilities {list, delete, close}, 1.50 to 1.52), so an agent that
 * does not advertise it is asked once per release (AgentConnection.servesFork, which forks
 * nothing), and the answer is kept by agent name and version.
 */
import type { AgentConnection } from "../../../acp/agent-connection";
import { advertises } from "../../../state/sessions/session-capabilities";
import type { ForkProbeStorage } from "../../../storage/fork-probes";
import type { ClientContext } from "../context";

export async function learnForkServed(ctx: ClientContext, conn: AgentConnection, stored?: ForkProbeStorage): Promise<void> {
  const agent = ctx.state().client.agent;
  if (agent.phase !== "ready" || advertises(agent, "fork")) return;
  // Without a name and version there is no telling this agent from another: ask, keep nothing.
  const key = agent.info?.name && agent.info.version ? `${agent.info.name}@${agent.info.version}` : null;
  // Each await stops for good if this agent goes away, so the event is only ever about this one.
  let served = key && stored ? await conn.whileCurrent(stored.get(key).catch(() => undefined)) : undefined;
  if (served === undefined) {
    served = await conn.servesFork();
    if (key && stored) await conn.whileCurrent(stored.set(key, served).catch(() => undefined));
  }
  if (served) ctx.dispatch({ type: "agent_serves_fork" });
}
