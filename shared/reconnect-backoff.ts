/**
 * How long the host, or the extension on its direct path, waits before its next try to reach a goose serve that went away: doubling from
 * half a second to 15 s, so a server restarted at once is back within a second and one that stays down
 * costs a request every 15 s. Pure.
 */
const FIRST_MS = 500;
const MAX_MS = 15_000;

/** The wait before try `attempt` (0 is the first try after the loss). */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(MAX_MS, FIRST_MS * 2 ** Math.min(attempt, 10));
}
