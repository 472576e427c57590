/**
 * How long a call waited on the browser's own APIs (tabs, scripting, permissions): the time while any call into
 * the API was pending, so calls made side by side count once. Reported beside the handler's time (`apiMs`,
 * docs/PROTOCOL.md), it tells the worker's own part from the browser's (BENCHMARKS.md, "per-tool round trip").
 * An injected call's time holds the page's part too, which the page tools' replies say (page/dispatch.ts): our
 * page script's own time (`pageMs`) and the page's own (`pageOwnMs`: waits for it, its event handlers), summed over the calls; in a
 * call to several frames at once, the slowest frame's. Injecting a script file is timed apart (`scriptFileMs`).
 */
import type { BrowserApi } from "./browser-api";
import { pendingClock } from "./page/pending-clock";
import type { PageTime } from "./page/protocol";

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

/** The page tools' own account of a call, when the result is their reply. */
function pageTime(result: unknown): Required<PageTime> {
  const t = (typeof result === "object" && result !== null ? result : {}) as PageTime;
  const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) && x >= 0 ? x : 0);
  return { pageMs: num(t.pageMs), pageOwnMs: num(t.pageOwnMs) };
}

/** The page's part of an executeFunc (one reply) or executeFuncInFrames (a reply per frame) result. */
function pageTimeOf(name: (typeof ASYNC_METHODS)[number], result: unknown): Required<PageTime> {
  if (name === "executeFunc") return pageTime(result);
  if (name !== "executeFuncInFrames" || !Array.isArray(result)) return { pageMs: 0, pageOwnMs: 0 };
  const frames = result.map((r: { result?: unknown }) => pageTime(r?.result));
  return { pageMs: Math.max(0, ...frames.map((f) => f.pageMs)), pageOwnMs: Math.max(0, ...frames.map((f) => f.pageOwnMs)) };
}

export interface ApiWait {
  /** The time any browser API call was pending. */
  waitedMs(): number;
  /** Of it, the page tools' own time and their waits for the page, as their replies said. */
  page(): Required<PageTime>;
  /**
   * Of it, the time injecting our script files (page-tools.js into a new document, read_page's extractor): the
   * browser's injection, and our file's compile and run, which no reply can time from inside.
   */
  scriptFileMs(): number;
}

const FILE_METHODS: ReadonlySet<string> = new Set(["executeFile", "executeFileInFrames"]);

export function timedApi(api: BrowserApi, now: () => number = () => performance.now()): { api: BrowserApi } & ApiWait {
  const all = pendingClock(now);
  const files = pendingClock(now);
  const inPage = { pageMs: 0, pageOwnMs: 0 };
  const timed: BrowserApi = { ...api };
  for (const name of ASYNC_METHODS) {
    const call = api[name] as (...args: unknown[]) => Promise<unknown>;
    const file = FILE_METHODS.has(name);
    (timed as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      all.start();
      if (file) files.start();
      try {
        const result = await call.apply(api, args);
        const t = pageTimeOf(name, result);
        inPage.pageMs += t.pageMs;
        inPage.pageOwnMs += t.pageOwnMs;
        return result;
      } finally {
        if (file) files.end();
        all.end();
      }
    };
  }
  return { api: timed, waitedMs: all.ms, page: () => ({ ...inPage }), scriptFileMs: files.ms };
}
