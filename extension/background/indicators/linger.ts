/**
 * Timers for an "off" that waits a moment: the tools' working marks (tab badge, group title) stay on
 * between calls that follow each other closely, so they neither flicker nor cost the browser two
 * updates per call. Injectable so tests drive time.
 */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** How long a working mark stays after the work ends. */
export const WORKING_LINGER_MS = 1500;
