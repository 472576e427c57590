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

  it("takes the page tools' own time and waits from their replies: summed over calls, the slowest frame's in a call to several", async () => {
    const reply = (pageMs: number, pageOwnMs: number) => ({ ok: true, pageMs, pageOwnMs });
    const api = {
      executeFunc: async () => reply(1.5, 0.5),
      executeFuncInFrames: async () => [
        { frameId: 0, result: reply(2, 0) },
        { frameId: 3, result: reply(0.5, 4) },
        { frameId: 4, result: { notInstalled: true } },
        { frameId: 5, result: undefined },
      ],
      // A file's result is not a reply: a page script could answer anything there.
      executeFile: async () => reply(100, 100),
      getTab: async () => ({ id: 1, pageMs: 50 }),
    } as unknown as BrowserApi;
    const timed = timedApi(api, () => 0);
    expect(timed.page()).toEqual({ pageMs: 0, pageOwnMs: 0 });
    await timed.api.executeFunc(1, () => 1, []);
    await timed.api.executeFuncInFrames(1, "all", () => 1, []);
    await timed.api.executeFile(1, "/x.js");
    await timed.api.getTab(1);
    expect(timed.page()).toEqual({ pageMs: 3.5, pageOwnMs: 4.5 });
  });

  it("counts nothing for a reply whose times are not numbers a page tool could give", async () => {
    const api = { executeFunc: async () => ({ ok: true, pageMs: -1, pageOwnMs: "9" }) } as unknown as BrowserApi;
    const timed = timedApi(api, () => 0);
    await timed.api.executeFunc(1, () => 1, []);
    expect(timed.page()).toEqual({ pageMs: 0, pageOwnMs: 0 });
  });

  it("times the injection of script files apart, files side by side once, and within the whole wait", async () => {
    let now = 0;
    const settle: Array<() => void> = [];
    const pending = () => new Promise<void>((resolve) => settle.push(resolve));
    const api = { executeFile: pending, executeFileInFrames: pending, getTab: pending } as unknown as BrowserApi;
    const timed = timedApi(api, () => now);
    const a = timed.api.executeFile(1, "/page-tools.js");
    const b = timed.api.executeFileInFrames(1, [2], "/page-tools.js");
    now += 3;
    settle.shift()!();
    settle.shift()!();
    await Promise.all([a, b]);
    const c = timed.api.getTab(1);
    now += 2;
    settle.shift()!();
    await c;
    expect(timed.scriptFileMs()).toBe(3);
    expect(timed.waitedMs()).toBe(5);
  });
});
