/** The note a fork owes the agent with its first prompt (../../state/fork-point.ts). */
import type { ClientContext } from "../context";

/**
 * The note a fork still owes the agent, for its first prompt: taken once (the state forgets it, so
 * a second prompt, a reload or another panel never sends it again).
 */
export function takeForkNote(ctx: ClientContext, sessionId: string): string | null {
  const note = ctx.state().client.forks[sessionId]?.note ?? null;
  if (note !== null) ctx.dispatch({ type: "fork_note_sent", sessionId });
  return note;
}
