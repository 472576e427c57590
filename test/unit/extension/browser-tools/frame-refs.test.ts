import { describe, expect, it } from "vitest";
import { frameOfRef, numberFrames, refFrame, refPrefix } from "../../../../extension/browser-tools/frames/frame-refs";
import { BROWSER_TOOL_INPUTS } from "../../../../shared/browser-tools";

describe("frame refs", () => {
  it("reads the frame a ref names: 0 for the top document", () => {
    expect(frameOfRef("e12")).toBe(0);
    expect(frameOfRef("f3e12")).toBe(3);
    expect(frameOfRef("f3")).toBeNull();
    expect(frameOfRef("x1")).toBeNull();
  });

  it("the tool schema takes both kinds of ref and nothing else", () => {
    const ref = BROWSER_TOOL_INPUTS.click.ref;
    expect(ref.safeParse("e12").success).toBe(true);
    expect(ref.safeParse("f2e12").success).toBe(true);
    expect(ref.safeParse("f2").success).toBe(false);
    expect(ref.safeParse("e12f2").success).toBe(false);
  });

  it("resolves a ref to its frame id and document token, or says the frame is unknown", () => {
    const refs = { token: "top", next: 40, frames: { "2": { frameId: 77, token: "inner" } } };
    expect(refFrame(refs, "e5")).toEqual({ frameId: 0, token: "top" });
    expect(refFrame(undefined, "e5")).toEqual({ frameId: 0 });
    expect(refFrame(refs, "f2e5")).toEqual({ frameId: 77, token: "inner" });
    expect(refFrame(refs, "f3e5")).toEqual({
      error: "No frame f3 in this tab: the page changed since the snapshot; take a new page_snapshot.",
    });
  });

  it("numbers frames once: a known frame keeps its number, a new one gets the next, the top document none", () => {
    const before = { token: "top", next: 9, frames: { "1": { frameId: 70, token: "a" }, "2": { frameId: 71, token: "b" } } };
    const frames = numberFrames(
      before,
      new Map([
        [0, "top2"],
        [71, "b2"],
        [90, "c"],
      ]),
    );
    expect(frames).toEqual({ "2": { frameId: 71, token: "b2" }, "3": { frameId: 90, token: "c" } });
    expect(refPrefix(frames, 90)).toBe("f3");
    expect(refPrefix(frames, 0)).toBe("");
  });
});
