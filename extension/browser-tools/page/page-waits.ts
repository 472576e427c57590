/**
 * The page's own time in a call of the page tools (issue #39), counted apart from our script's: our waits for the
 * page (an element holding still over frames, a cover going before we try again, wait_for's watch, a frame's
 * probe) and the page's event handlers, which run inside the events we dispatch to it. The call reports it as
 * `pageOwnMs` beside our script's `pageMs` (dispatch.ts). One count per document (the bundle is injected once per
 * document); waits side by side count once.
 */
let pending = 0;
let since = 0;
let total = 0;
/** Inside a dispatch already: a nested one is counted by the outer. */
let dispatching = false;

/** The promise, its pending time counted as the page's. */
export function waitForPage<T>(wait: Promise<T>): Promise<T> {
  if (pending++ === 0) since = performance.now();
  const done = () => {
    if (--pending === 0) total += performance.now() - since;
  };
  return wait.finally(done);
}

/** Runs `dispatch` (an event we send the page), its time counted as the page's: the page's handlers run inside it. */
export function pageHandles<T>(dispatch: () => T): T {
  if (dispatching || pending > 0) return dispatch();
  dispatching = true;
  const start = performance.now();
  try {
    return dispatch();
  } finally {
    total += performance.now() - start;
    dispatching = false;
  }
}

/** The document's page time so far, in ms; a call takes the difference over its run. */
export function pageOwnMs(): number {
  return total + (pending > 0 ? performance.now() - since : 0);
}
