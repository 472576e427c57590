/**
 * How long the page tools waited for the page in this document (issue #39): for an element to hold still over
 * frames, for a cover to go before trying again, for wait_for's text, for a frame's probe. That time is the
 * page's, not our script's, so a call reports it apart from its own (`pageWaitMs` beside `pageMs`, dispatch.ts).
 * One count per document (the bundle is injected once per document); waits side by side count once.
 */
let pending = 0;
let since = 0;
let total = 0;

/** The promise, its pending time counted as a wait for the page. */
export function waitForPage<T>(wait: Promise<T>): Promise<T> {
  if (pending++ === 0) since = performance.now();
  const done = () => {
    if (--pending === 0) total += performance.now() - since;
  };
  return wait.finally(done);
}

/** The document's waits for the page so far, in ms; a call takes the difference over its run. */
export function pageWaitedMs(): number {
  return total + (pending > 0 ? performance.now() - since : 0);
}
