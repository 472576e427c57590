/**
 * While a panel shows the setup screen (no host, a host that does not start or does not fit), tries
 * the host again by itself, so the panel connects as soon as the user has run the install command,
 * without a reload. A failed connectNative costs a manifest lookup (and, for a host that does not
 * start, one short process), so it polls with a backoff, and at once when the panel comes back into
 * view (the user returning from the terminal).
 */
import { type ConnectionState, setupLink } from "../../state/connection/connection";

/** Delays between quiet tries, in ms; the last one repeats. */
const RECHECK_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 15000];

export interface RecheckDeps {
  /** A quiet new connection attempt (NativeConnection.connect(true)). */
  recheck(): void;
  /** How many panels show the state now. */
  watchers(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export class HostRecheck {
  private timer: unknown = null;
  private attempt = 0;

  constructor(private readonly deps: RecheckDeps) {}

  /** After each connection change (and when panels open or close): schedules, keeps or stops the tries. */
  observe(state: ConnectionState): void {
    const { link } = state;
    if (link.phase === "connecting") return; // a try is under way; its outcome decides
    if (!setupLink(link) || this.deps.watchers() === 0) {
      this.stop();
      if (link.phase === "ready") this.attempt = 0;
      return;
    }
    if (this.timer !== null) return;
    const delay = RECHECK_DELAYS_MS[Math.min(this.attempt, RECHECK_DELAYS_MS.length - 1)]!;
    this.attempt++;
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      this.deps.recheck();
    }, delay);
  }

  /** The panel came into view: try now, and poll briskly again. */
  nudge(state: ConnectionState): void {
    if (!setupLink(state.link) || state.link.phase === "connecting") return;
    this.stop();
    this.attempt = 0;
    this.deps.recheck();
  }

  private stop(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }
}
