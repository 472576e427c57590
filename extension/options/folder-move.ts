/**
 * The options page's folder, when the running goose moves the open sessions instead of restarting
 * (background/client/goose-methods.ts `moveOpenSessions`): whether that is what "Use this agent"
 * does, and what came of it, read from the sessions in the state. Pure.
 */
import type { SessionState } from "../state/sessions/client-state";

/** Whether pressing "Use this agent" with `cwd` moves the open sessions rather than restarting. */
export function movesSessions(o: { sameProfile: boolean; cwd: string; served: boolean; open: readonly SessionState[] }): boolean {
  return o.sameProfile && o.cwd !== "" && o.served && o.open.length > 0;
}

/** What became of moving the open sessions to `cwd`: goose's refusal, every session there, or not yet known. */
export function moveOutcome(cwd: string, open: readonly SessionState[]): { refused: string } | "moved" | null {
  const refusal = open.map((s) => s.error).find((e) => e?.title.startsWith(`Moving the session to ${cwd} `));
  if (refusal) return { refused: refusal.message };
  return open.length > 0 && open.every((s) => s.cwd === cwd) ? "moved" : null;
}
