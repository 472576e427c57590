/**
 * The page's own time in a call of the page tools (issue #39), counted apart from our script's: our waits for the
 * page (an element holding still over frames, a cover going before we try again, wait_for's watch, a frame's
 * probe) and the page's event handlers, which run inside the events we dispatch to it. The call reports it as
 * `pageOwnMs` beside our script's `pageMs` (dispatch.ts). One count per document (the bundle is injected once per
 * document); waits side by side count once.
 */
import { pendingClock } from "./pending-clock";

const waits = pendingClock(() => performance.now());
/** The page's handlers' time inside the events we dispatched. */
let handled = 0;
/** Inside a dispatch already: a nested one is counted by the outer. */
let dispatching = false;

/** The promise, its pending time counted as the page's. */
export function waitForPage<T>(wait: Promise<T>): Promise<T> {
  waits.start();
  return wait.finally(waits.end);
}

/** Runs `dispatch` (an event we send the page), its time counted as the page's: the page's handlers run inside it. */
export function pageHandles<T>(dispatch: () => T): T {
  if (dispatching || waits.pending) return dispatch();
  dispatching = true;
  const start = performance.now();
  try {
    return dispatch();
  } finally {
    handled += performance.now() - start;
    dispatching = false;
  }
}

/** The document's page time so far, in ms; a call takes the difference over its run. */
export function pageOwnMs(): number {
  return handled + waits.ms();
}
