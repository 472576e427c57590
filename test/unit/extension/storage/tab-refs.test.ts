/** The tabs' element refs: kept in storage.session, read from it once per service-worker life. */
// First: installs the fake browser the storage modules read when they load.
import "../../../helpers/dom/fake-browser";

import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { TabRefStore } from "../../../../extension/storage/tab-refs";

const KEY = "goose.browserTools.tabRefs";

beforeEach(() => fakeBrowser.reset());

describe("TabRefStore", () => {
  it("reads storage once, writes every change through, and a new worker life reads what was written", async () => {
    await fakeBrowser.storage.session.set({ [KEY]: { "7": { token: "old", next: 4 } } });
    const reads = vi.spyOn(fakeBrowser.storage.session, "get");
    const refs = new TabRefStore();
    expect(await refs.get(7)).toEqual({ token: "old", next: 4 });
    await refs.set(7, { token: "new", next: 2 });
    await refs.set(9, { token: "nine", next: 3, frames: { "2": { frameId: 11, token: "f" } } });
    expect(await refs.get(7)).toEqual({ token: "new", next: 4 });
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
    await refs.written();
    expect((await fakeBrowser.storage.session.get(KEY))[KEY]).toEqual({
      "7": { token: "new", next: 4 },
      "9": { token: "nine", next: 3, frames: { "2": { frameId: 11, token: "f" } } },
    });
    await refs.forget(7);
    await refs.written();
    const again = new TabRefStore();
    expect(await again.get(7)).toBeUndefined();
    expect(await again.get(9)).toEqual({ token: "nine", next: 3, frames: { "2": { frameId: 11, token: "f" } } });
  });

  it("a change is there at once for the next call, before storage has it, and reaches storage in order", async () => {
    const refs = new TabRefStore();
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const writes = vi.spyOn(fakeBrowser.storage.session, "set").mockImplementationOnce(async (items) => {
      await held;
      await fakeBrowser.storage.session.set(items);
    });
    await refs.set(3, { token: "a", next: 2 });
    await refs.set(3, { token: "b", next: 5 });
    expect(await refs.get(3)).toEqual({ token: "b", next: 5 });
    expect((await fakeBrowser.storage.session.get(KEY))[KEY]).toBeUndefined();
    release();
    await refs.written();
    writes.mockRestore();
    expect((await fakeBrowser.storage.session.get(KEY))[KEY]).toEqual({ "3": { token: "b", next: 5 } });
  });

  it("a failed read is tried again on the next call, not remembered as empty", async () => {
    const refs = new TabRefStore();
    const reads = vi.spyOn(fakeBrowser.storage.session, "get").mockRejectedValueOnce(new Error("worker waking"));
    await expect(refs.get(1)).rejects.toThrow("worker waking");
    await fakeBrowser.storage.session.set({ [KEY]: { "1": { token: "t", next: 5 } } });
    expect(await refs.get(1)).toEqual({ token: "t", next: 5 });
    reads.mockRestore();
  });
});
