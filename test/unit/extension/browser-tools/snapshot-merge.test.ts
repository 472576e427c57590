import { describe, expect, it } from "vitest";
import { type FrameAnswer, mergeFrames } from "../../../../extension/browser-tools/frames/snapshot-merge";

const top: FrameAnswer = {
  frameId: 0,
  url: "https://a.example/",
  outline: {
    lines: ["- main [e1]", '  - iframe "Pay" [e2]', '  - iframe "Ad" [e3]', '  - button "Go \\"now\\"" [e4]'],
    frames: [
      { line: 1, probe: "t:e2" },
      { line: 2, probe: "t:e3" },
    ],
    probe: null,
  },
};
const pay: FrameAnswer = {
  frameId: 7,
  url: "https://pay.example/",
  outline: { lines: ['- textbox "Card [e9] number" [e1]', '- iframe "3DS" [e2]'], frames: [{ line: 1, probe: "p:e2" }], probe: "t:e2" },
};
const secure: FrameAnswer = {
  frameId: 9,
  url: "https://3ds.example/",
  outline: { lines: ['- button "Confirm" [e5]'], frames: [], probe: "p:e2" },
};
const prefixes: Record<number, string> = { 0: "", 7: "f1", 9: "f2", 11: "f3" };

describe("merging the frames' outlines", () => {
  it("puts each frame under its iframe line, one level deeper, with its refs prefixed, nested frames too", () => {
    expect(mergeFrames([secure, top, pay], (id) => prefixes[id] ?? "")).toEqual([
      "- main [e1]",
      '  - iframe "Pay" [e2]',
      '    - textbox "Card [e9] number" [f1e1]',
      '    - iframe "3DS" [f1e2]',
      '      - button "Confirm" [f2e5]',
      '  - iframe "Ad" [e3] (content not shown: the browser does not let the extension into this frame: a site it has no access to, or an address such as data: that extensions never enter)',
      '  - button "Go \\"now\\"" [e4]',
    ]);
  });

  it("lists a frame whose parent did not answer at the end, and says an empty frame is empty", () => {
    const orphan: FrameAnswer = {
      frameId: 11,
      url: "https://x.example/",
      outline: { lines: ["- link [e1]"], frames: [], probe: "gone:e1" },
    };
    const empty: FrameAnswer = { ...pay, outline: { lines: [], frames: [], probe: "t:e2" } };
    expect(mergeFrames([top, empty, orphan], (id) => prefixes[id] ?? "").slice(1, 3)).toEqual([
      '  - iframe "Pay" [e2]',
      "    - (nothing to list in this frame)",
    ]);
    expect(mergeFrames([top, orphan], (id) => prefixes[id] ?? "").slice(-2)).toEqual([
      '- frame "https://x.example/" (its place on the page is unknown)',
      "  - link [f3e1]",
    ]);
  });

  it("never places one frame twice, even when two answer the same probe", () => {
    const twin: FrameAnswer = { ...secure, frameId: 11, outline: { ...secure.outline, probe: "t:e2" } };
    const merged = mergeFrames([top, pay, twin, secure], (id) => prefixes[id] ?? "");
    expect(merged.filter((l) => l.includes("Card"))).toHaveLength(1);
    expect(merged.at(-2)).toBe('- frame "https://3ds.example/" (its place on the page is unknown)');
  });
});
