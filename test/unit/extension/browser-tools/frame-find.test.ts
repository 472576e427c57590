// First: installs the fake browser the storage modules read when they load.
import "../../../helpers/dom/fake-browser";

import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import type { BrowserApi } from "../../../../extension/browser-tools/browser-api";
import { findInAllFrames } from "../../../../extension/browser-tools/frames/frame-find";
import type { PageReply } from "../../../../extension/browser-tools/page/protocol";
import { TabRefStore } from "../../../../extension/storage/tab-refs";

beforeEach(() => fakeBrowser.reset());

function answer(frameId: number, lines: string[], total = lines.length, next = 10): { frameId: number; result: PageReply } {
  return {
    frameId,
    result: {
      ok: true,
      text: "",
      token: `doc${frameId}`,
      next,
      title: `T${frameId}`,
      url: `https://f${frameId}.example/`,
      found: { lines, total },
    },
  };
}

/** A tab whose frames answer as given (in this order, as the browser lists them). */
function tabWith(frames: Array<{ frameId: number; result: PageReply }>): { api: BrowserApi; asked: unknown[] } {
  const asked: unknown[] = [];
  const api = {
    executeFuncInFrames: async (_tab: number, which: number[] | "all", _f: unknown, args: unknown[]) => {
      asked.push({ which, request: args[0] });
      return frames;
    },
    executeFileInFrames: async () => undefined,
    newDocumentIn: () => false,
    toolsAnswered: () => undefined,
  } as unknown as BrowserApi;
  return { api, asked };
}

describe("find in every frame", () => {
  it("lists the top document's matches first, then each frame's under its name with frame refs, and records the frames", async () => {
    const refs = new TabRefStore();
    await refs.set(4, { token: "old", next: 7 });
    const { api, asked } = tabWith([
      answer(12, ['button "Pay" [e7]'], 1, 8),
      answer(0, ['button "Pay later" [e7]', 'div [e8] text="Pay in 3"'], 2, 9),
      answer(15, [], 0, 7),
    ]);
    const found = await findInAllFrames(api, refs, 4, { text: "pay", limit: 20 });
    expect(asked).toEqual([{ which: "all", request: { op: "find", refStart: 7, text: "pay", limit: 20 } }]);
    expect(found.text).toBe(
      ['button "Pay later" [e7]', 'div [e8] text="Pay in 3"', "In frame f1 (https://f12.example/):", '  button "Pay" [f1e7]'].join("\n"),
    );
    expect(found).toMatchObject({ title: "T0", url: "https://f0.example/" });
    await refs.written();
    const kept = await new TabRefStore().get(4);
    expect(kept).toEqual({
      token: "doc0",
      next: 9,
      frames: { "1": { frameId: 12, token: "doc12" }, "2": { frameId: 15, token: "doc15" } },
    });
  });

  it("shows at most the limit across frames and counts the rest; says so when nothing matched anywhere", async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `link "L${i}" [e${i + 1}]`);
    const { api } = tabWith([answer(0, many(3), 30), answer(5, many(3), 3)]);
    const found = await findInAllFrames(api, new TabRefStore(), 1, { role: "link", limit: 4 });
    expect(found.text.split("\n")).toEqual([
      ...many(3),
      "In frame f1 (https://f5.example/):",
      '  link "L0" [f1e1]',
      "(29 more matches not shown; narrow the query)",
    ]);
    const none = await findInAllFrames(tabWith([answer(0, [], 0), answer(5, [], 0)]).api, new TabRefStore(), 1, { text: "x", limit: 4 });
    expect(none.text).toBe("No matching elements.");
  });

  it("fails with the top document's error, or when the top document did not answer", async () => {
    await expect(
      findInAllFrames(tabWith([{ frameId: 0, result: { ok: false, error: "boom" } }]).api, new TabRefStore(), 1, { text: "x", limit: 4 }),
    ).rejects.toThrow("boom");
    await expect(
      findInAllFrames(tabWith([answer(3, ['button "A" [e1]'])]).api, new TabRefStore(), 1, { text: "a", limit: 4 }),
    ).rejects.toThrow("The page did not answer");
  });
});
