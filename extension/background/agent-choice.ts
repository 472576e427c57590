/**
 * The user's agent choice (profile and working folder, from the options page) is kept only once the
 * host has taken it: a folder that does not exist is refused by the host, and a refused choice is
 * neither stored nor used for the next start, so the agent keeps running as it was.
 */
import { type AgentChoice, type ConnectionEvent, type ConnectionState, choiceVerdict } from "../state/connection/connection";

export interface AgentChoiceDeps {
  connection(): ConnectionState;
  /** Calls `listener` with each connection event; returns the unsubscribe. */
  onConnectionEvent(listener: (event: ConnectionEvent) => void): () => void;
  /** The choice the next start or restart sends (read by the native connection). */
  current(): AgentChoice;
  use(choice: AgentChoice): void;
  store(choice: AgentChoice): Promise<void>;
  /** Restarts the agent through the host with current() (or connects, without a host). */
  restart(): void;
}

/** Tries `choice`; resolves to whether it was kept. */
export async function tryAgentChoice(choice: AgentChoice, d: AgentChoiceDeps): Promise<boolean> {
  const previous = d.current();
  d.use(choice);
  if (d.connection().link.phase !== "ready") {
    // No host to ask: the start on connecting checks it, and the panel shows a refusal.
    await d.store(choice);
    d.restart();
    return true;
  }
  const verdict = new Promise<ReturnType<typeof choiceVerdict>>((resolve) => {
    const stop = d.onConnectionEvent((event) => {
      const v = choiceVerdict(event);
      if (v) {
        stop();
        resolve(v);
      }
    });
  });
  d.restart();
  if ((await verdict) === "refused") {
    d.use(previous);
    return false;
  }
  await d.store(choice);
  return true;
}
