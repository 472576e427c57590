/** The page-tools bench's table of where a call's time went (test/bench/page-tools/call-splits.ts). */
import { describe, expect, it } from "vitest";
import { OURS_GOAL_MS, splitRow, splitSection } from "../../../bench/page-tools/call-splits";
import type { CallSplit } from "../../../bench/page-tools/mcp-caller";

/**
 * A call whose host took `host` ms of which `browser` waiting, the worker's handler `handler` (`api` of it on browser
 * APIs, and of that `page` our page script, `wait` its waits for the page, `files` script files injected), the caller `ms`.
 */
const call = (
  tool: string,
  ms: number,
  host: number,
  browser: number,
  handler: number,
  api = 1,
  page = 0,
  wait = 0,
  files = 0,
): CallSplit => ({
  tool,
  ms,
  hostMs: host,
  browserMs: browser,
  handlerMs: handler,
  apiMs: api,
  pageMs: page,
  pageOwnMs: wait,
  scriptFileMs: files,
});

describe("the split of a call's time", () => {
  it("gives each part's p50 and p90 over the calls: ours (host's own, worker's own code, page script) apart from the browser's, the page's and the caller's", () => {
    // handler 8 = worker's own 2 + browser APIs 6 (of them page script 1.5, page waits 3, a script file 0.5, the browser's own 1).
    const calls = Array.from({ length: 10 }, (_, i) => call("find", 20 + i, 10 + i, 8 + i, 8, 6, 1.5, 3, 0.5));
    // p50 is the 6th of 10 (index 5), p90 the 10th (index 9). Columns: round trip, host, host's own, handler,
    // worker's own code, page script, ours, browser APIs and injection, browser IPC, page waits, script files, caller.
    expect(splitRow("`find`", calls)).toBe(
      "| `find` | 10 | 25.0 / 29.0 ms | 15.0 / 19.0 ms | 2.0 / 2.0 ms | 8.0 / 8.0 ms | 2.0 / 2.0 ms | 1.5 / 1.5 ms | **5.5 / 5.5 ms** | 1.0 / 1.0 ms | 5.0 / 9.0 ms | 3.0 / 3.0 ms | 0.5 / 0.5 ms | 10.0 / 10.0 ms |",
    );
  });

  it("says which tools meet the goal for ours at the p50, and whether all calls together do", () => {
    const fast = call("list_tabs", 10, 5, 4, 1);
    // Ours 10 (host's own) + 8 - 1 (worker's own) + 0.5 (page script): the browser's and the page's waits are not ours.
    const slow = call("hover", 30, 20, 10, 8, 1, 0.5, 0.25);
    const text = splitSection([fast, fast, slow, slow, slow]);
    expect(OURS_GOAL_MS).toBe(5);
    expect(text).toContain("| `hover` | 3 |");
    expect(text).toContain(`Target: ours p50 ≤ 5 ms a call: 17.5 ms over all calls, **not met**; met by \`list_tabs\`.`);
    expect(splitSection([fast])).toContain("1.0 ms over all calls, met; met by `list_tabs`.");
  });
});
