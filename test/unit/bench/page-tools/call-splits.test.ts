/** The page-tools bench's table of where a call's time went (test/bench/page-tools/call-splits.ts). */
import { describe, expect, it } from "vitest";
import { OURS_GOAL_MS, splitRow, splitSection } from "../../../bench/page-tools/call-splits";
import type { CallSplit } from "../../../bench/page-tools/mcp-caller";

/** A call whose host took `host` ms of which `browser` waiting, the worker's handler `handler` (`api` of it on browser APIs), the caller `ms`. */
const call = (tool: string, ms: number, host: number, browser: number, handler: number, api = 1): CallSplit => ({
  tool,
  ms,
  hostMs: host,
  browserMs: browser,
  handlerMs: handler,
  apiMs: api,
});

describe("the split of a call's time", () => {
  it("gives each part's p50 and p90 over the calls: round trip, host, host's own, handler, its API wait, ours, ours less it, IPC, caller", () => {
    const calls = Array.from({ length: 10 }, (_, i) => call("find", 20 + i, 10 + i, 8 + i, 4));
    // p50 is the 6th of 10 (index 5), p90 the 10th (index 9).
    expect(splitRow("`find`", calls)).toBe(
      "| `find` | 10 | 25.0 / 29.0 ms | 15.0 / 19.0 ms | 2.0 / 2.0 ms | 4.0 / 4.0 ms | 1.0 / 1.0 ms | **6.0 / 6.0 ms** | 5.0 / 5.0 ms | 9.0 / 13.0 ms | 10.0 / 10.0 ms |",
    );
  });

  it("says which tools meet the goal for ours at the p50, and whether all calls together do", () => {
    const fast = call("list_tabs", 10, 5, 4, 1);
    const slow = call("hover", 30, 20, 10, 8);
    const text = splitSection([fast, fast, slow, slow, slow]);
    expect(OURS_GOAL_MS).toBe(5);
    expect(text).toContain("| `hover` | 3 |");
    expect(text).toContain(`Target: ours p50 ≤ 5 ms a call: 18.0 ms over all calls, **not met**; met by \`list_tabs\`.`);
    expect(splitSection([fast])).toContain("2.0 ms over all calls, met; met by `list_tabs`.");
  });
});
