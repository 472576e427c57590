/**
 * How long a call waited on the browser's own APIs (tabs, scripting, permissions), the page's work inside an
 * injected script included: the time while any call into the API was pending, so calls made side by side
 * count once. Reported beside the handler's time (`apiMs`, docs/PROTOCOL.md), it tells the worker's own part
 * from the browser's (BENCHMARKS.md, "per-tool round trip").
 */
import type { BrowserApi } from "./browser-api";

/** The API's methods that go to the browser and back. */
const ASYNC_METHODS = [
  "queryTabs",
  "getTab",
  "navigateTab",
  "createTab",
  "waitForLoad",
  "groupTab",
  "retitleGroups",
  "captureVisibleTab",
  "executeFunc",
  "executeFile",
  "executeFuncInFrames",
  "executeFileInFrames",
  "hasHostAccess",
  "fileAccessAllowed",
] as const satisfies ReadonlyArray<keyof BrowserApi>;

export function timedApi(api: BrowserApi, now: () => number = () => performance.now()): { api: BrowserApi; waitedMs(): number } {
  let pending = 0;
  let since = 0;
  let total = 0;
  const timed: BrowserApi = { ...api };
  for (const name of ASYNC_METHODS) {
    const call = api[name] as (...args: unknown[]) => Promise<unknown>;
    (timed as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      if (pending++ === 0) since = now();
      try {
        return await call.apply(api, args);
      } finally {
        if (--pending === 0) total += now() - since;
      }
    };
  }
  return { api: timed, waitedMs: () => total + (pending > 0 ? now() - since : 0) };
}
