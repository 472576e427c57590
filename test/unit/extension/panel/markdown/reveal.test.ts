import { describe, expect, it } from "vitest";
import {
  BURST_INTERVAL_MS,
  CATCH_UP_MS,
  CHARS_PER_SECOND,
  MIN_INTERVAL_MS,
  revealEnd,
  updateInterval,
} from "../../../../../extension/panel/markdown/reveal";

const SHARE = (CHARS_PER_SECOND * MIN_INTERVAL_MS) / 1000;

describe("revealEnd", () => {
  it("shows everything that fits in the update's share", () => {
    expect(revealEnd("hello world", 0, MIN_INTERVAL_MS)).toBe(11);
    const text = "x".repeat(SHARE + 40);
    expect(revealEnd(text, 40, MIN_INTERVAL_MS)).toBe(text.length);
  });

  it("shows at most the share of the time since the last update, ending after a space", () => {
    const text = "lorem ipsum ".repeat(1_000);
    const end = revealEnd(text, 100, MIN_INTERVAL_MS);
    expect(end - 100).toBeLessThanOrEqual(SHARE);
    expect(end - 100).toBeGreaterThan(SHARE / 2);
    expect(text[end - 1]).toBe(" ");
    // Twice the time, twice the share.
    expect(revealEnd(text, 100, 2 * MIN_INTERVAL_MS) - 100).toBeGreaterThan(SHARE);
  });

  it("cuts a text without spaces at the share, never inside a surrogate pair", () => {
    expect(revealEnd("x".repeat(10_000), 0, MIN_INTERVAL_MS)).toBe(SHARE);
    const emoji = "🙂".repeat(5_000);
    const end = revealEnd(emoji, 0, MIN_INTERVAL_MS);
    expect(end % 2).toBe(0);
    expect(end).toBeGreaterThanOrEqual(SHARE - 1);
  });

  it("goes faster when the backlog would take longer than CATCH_UP_MS to show", () => {
    const backlog = CHARS_PER_SECOND * 10; // ten seconds at the base rate
    const text = "y".repeat(backlog);
    const end = revealEnd(text, 0, MIN_INTERVAL_MS);
    expect(end).toBe(Math.ceil((backlog * MIN_INTERVAL_MS) / CATCH_UP_MS));
    expect(end).toBeGreaterThan(SHARE);
  });

  it("always shows something", () => {
    expect(revealEnd("abc", 0, 0)).toBe(1);
  });
});

describe("updateInterval", () => {
  it("waits MIN_INTERVAL_MS while an update shows all that waits, BURST_INTERVAL_MS while a burst is shown", () => {
    expect(BURST_INTERVAL_MS).toBeGreaterThan(MIN_INTERVAL_MS);
    expect(updateInterval(0)).toBe(MIN_INTERVAL_MS);
    expect(updateInterval(SHARE)).toBe(MIN_INTERVAL_MS);
    // One character more than the next update would show: the text arrives faster than it is shown.
    expect(revealEnd("z".repeat(SHARE + 1), 0, MIN_INTERVAL_MS)).toBeLessThan(SHARE + 1);
    expect(updateInterval(SHARE + 1)).toBe(BURST_INTERVAL_MS);
    expect(updateInterval(1_000_000)).toBe(BURST_INTERVAL_MS);
  });
});
