import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ExitReport } from "../../../../native-host/agent/exit-report";

const BOUNDS = { readMs: 250, stallMs: 5000 };

function exitReport() {
  let reports = 0;
  const r = new ExitReport(() => reports++, BOUNDS);
  return { r, reports: () => reports };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("ExitReport", () => {
  it("reports at once when the output has ended and nothing is held, whichever comes first", () => {
    const a = exitReport();
    a.r.outputEnded();
    expect(a.reports()).toBe(0);
    a.r.agentExited();
    expect(a.reports()).toBe(1);

    const b = exitReport();
    b.r.agentExited();
    expect(b.reports()).toBe(0);
    b.r.outputEnded();
    expect(b.reports()).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(b.reports()).toBe(1);
  });

  it("waits while the output is paused, however long past the read bound, and reports once it flows again", () => {
    const { r, reports } = exitReport();
    r.outputPaused(true);
    r.agentExited();
    r.outputEnded();
    vi.advanceTimersByTime(BOUNDS.stallMs - 1);
    expect(reports()).toBe(0);
    r.outputPaused(false);
    expect(reports()).toBe(1);
  });

  it("gives stdout only flowing time to end: a grandchild holding it open delays the report by the read bound", () => {
    const { r, reports } = exitReport();
    r.agentExited();
    vi.advanceTimersByTime(100);
    r.outputPaused(true);
    vi.advanceTimersByTime(1000);
    r.outputPaused(false);
    vi.advanceTimersByTime(149);
    expect(reports()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(reports()).toBe(1);
  });

  it("reports after the stall bound when the browser takes nothing, and each bit of progress starts it again", () => {
    const { r, reports } = exitReport();
    r.agentExited();
    r.outputPaused(true);
    vi.advanceTimersByTime(BOUNDS.stallMs - 1);
    r.outputPaused(false);
    r.outputPaused(true);
    vi.advanceTimersByTime(BOUNDS.stallMs - 1);
    expect(reports()).toBe(0);
    r.outputEnded();
    vi.advanceTimersByTime(1);
    expect(reports()).toBe(1);
    r.outputPaused(false);
    expect(reports()).toBe(1);
  });

  it("reports nothing before the agent exits", () => {
    const { r, reports } = exitReport();
    r.outputPaused(true);
    r.outputPaused(false);
    r.outputEnded();
    vi.advanceTimersByTime(60_000);
    expect(reports()).toBe(0);
  });
});
