/** The time a call waited on the browser's APIs (extension/browser-tools/api-wait.ts). */
import { describe, expect, it } from "vitest";
import { timedApi } from "../../../../extension/browser-tools/api-wait";
import type { BrowserApi } from "../../../../extension/browser-tools/browser-api";

describe("timedApi", () => {
  it("counts the time while any browser call is pending, side-by-side calls once, and nothing for the sync ones", async () => {
    let now = 0;
    const settle: Array<() => void> = [];
    const pending = <T>(value: T) => new Promise<T>((resolve) => settle.push(() => resolve(value)));
    const api = {
      ownOrigin: "chrome-extension://x",
      getTab: (id: number) => pending({ id, windowId: 1, active: true, groupId: -1 }),
      executeFuncInFrames: () => pending([]),
      newDocumentIn: () => {
        now += 100;
        return false;
      },
    } as unknown as BrowserApi;
    const timed = timedApi(api, () => now);
    expect(timed.api.ownOrigin).toBe("chrome-extension://x");
    const tab = timed.api.getTab(3);
    now += 2;
    settle.shift()!();
    expect(await tab).toMatchObject({ id: 3 });
    // Our own work between calls is not counted.
    timed.api.newDocumentIn(3);
    const a = timed.api.executeFuncInFrames(3, "all", () => 1, []);
    now += 1;
    const b = timed.api.getTab(3);
    now += 3;
    settle.shift()!();
    await a;
    expect(timed.waitedMs()).toBe(6);
    now += 1;
    settle.shift()!();
    await b;
    expect(timed.waitedMs()).toBe(7);
  });

  it("counts a call that failed too", async () => {
    let now = 0;
    const api = {
      getTab: async () => {
        now += 5;
        throw new Error("gone");
      },
    } as unknown as BrowserApi;
    const timed = timedApi(api, () => now);
    await expect(timed.api.getTab(1)).rejects.toThrow("gone");
    expect(timed.waitedMs()).toBe(5);
  });
});
