/**
 * Time while any of some calls is pending: calls side by side count once. Used in the worker (the browser's
 * API calls, api-wait.ts) and in the page (our waits for it, page-waits.ts).
 */
export function pendingClock(now: () => number) {
  let pending = 0;
  let since = 0;
  let total = 0;
  return {
    start() {
      if (pending++ === 0) since = now();
    },
    end() {
      if (--pending === 0) total += now() - since;
    },
    get pending() {
      return pending > 0;
    },
    ms: () => total + (pending > 0 ? now() - since : 0),
  };
}
