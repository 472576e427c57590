import { describe, expect, it } from "vitest";
import { SnapshotCache, sliceOutline, windowFooter } from "../../../../extension/browser-tools/frames/snapshot-window";

const lines = Array.from({ length: 100 }, (_, i) => `- button "Number ${i}" [e${i + 1}]`);

describe("snapshot windows", () => {
  it("cuts at whole lines within the cap, and the windows together are the whole outline, nothing dropped", () => {
    const texts: string[] = [];
    let cursor = 0;
    for (;;) {
      const w = sliceOutline(lines, cursor, 500);
      expect(w.text.length).toBeLessThanOrEqual(500);
      texts.push(w.text);
      if (w.end >= w.totalLines) break;
      expect(windowFooter(w)).toBe(
        `(Lines ${cursor + 1}–${w.end} of 100. ${100 - w.end} more lines, about ${w.charsLeft.toLocaleString("en")} characters, follow: call page_snapshot with cursor ${w.end} to read on.)`,
      );
      cursor = w.end;
    }
    expect(texts.join("\n")).toBe(lines.join("\n"));
    expect(texts.length).toBeGreaterThan(5);
  });

  it("says how many characters are left, exactly", () => {
    const w = sliceOutline(lines, 0, 500);
    expect(w.charsLeft).toBe(lines.slice(w.end).join("\n").length + 1);
  });

  it("a short outline is one window with no footer; the last window of a long one says it is the end", () => {
    expect(windowFooter(sliceOutline(lines.slice(0, 3), 0))).toBe("");
    const last = sliceOutline(lines, 90, 10_000);
    expect(windowFooter(last)).toBe("(Lines 91–100 of 100: the end of the snapshot.)");
  });

  it("gives at least one line even when that line is longer than the cap", () => {
    const w = sliceOutline([`- link "${"x".repeat(800)}" [e1]`, "- button [e2]"], 0, 100);
    expect(w.end).toBe(1);
  });

  it("a window of an outline taken only in part counts what is left as an estimate, and says so", () => {
    const w = sliceOutline(lines, 0, 500, { lines: 900, chars: 20_000 });
    expect(w.estimated).toBe(true);
    expect(w.totalLines).toBe(1_000);
    const known = lines.slice(w.end).reduce((n, l) => n + l.length + 1, 0);
    expect(w.charsLeft).toBe(known + 20_000);
    expect(windowFooter(w)).toBe(
      `(Lines 1–${w.end} of about 1000: the page was read only as far as this window, so what is left is an estimate. About ${1_000 - w.end} more lines, about ${(known + 20_000).toLocaleString("en")} characters, follow: call page_snapshot with cursor ${w.end} to read on.)`,
    );
    expect(sliceOutline(lines, 0, 500).estimated).toBe(false);
  });

  it("refuses a cursor past the end", () => {
    expect(() => sliceOutline(lines, 100)).toThrow("cursor 100 is past the end of the snapshot (100 lines)");
    expect(() => sliceOutline(lines, 500)).toThrow(RangeError);
  });

  it("the cache serves the same tab and address for five minutes", () => {
    const cache = new SnapshotCache();
    const taken = { lines };
    cache.put(1, "https://a.example/", taken, 0);
    expect(cache.get(1, "https://a.example/", 1_000)).toBe(taken);
    expect(cache.get(2, "https://a.example/", 1_000)).toBeNull();
    expect(cache.get(1, "https://a.example/other", 1_000)).toBeNull();
    expect(cache.get(1, "https://a.example/", 5 * 60_000)).toBeNull();
  });
});
