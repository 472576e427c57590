import { describe, expect, it } from "vitest";
import { animationFrames, cpuWithin, pageClockOffset, panelMainThread, selfCpuByEvent, type TraceEvent } from "../../bench/trace-frames";

const PANEL = { pid: 10, tid: 11 };
const WORKER = { pid: 10, tid: 12 };

/** A complete event on a thread; times in ms, written to the trace in µs as Chromium does. */
const x = (name: string, startMs: number, wallMs: number, cpuMs: number, on = PANEL, type?: string): TraceEvent => ({
  name,
  ph: "X",
  ...on,
  ts: startMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
  ...(type ? { args: { data: { type } } } : {}),
});
const threadName = (name: string, on: { pid: number; tid: number }): TraceEvent => ({
  name: "thread_name",
  ph: "M",
  ...on,
  ts: 0,
  args: { name },
});

describe("the panel bench's trace reading", () => {
  it("takes the renderer main thread that ran the most tasks as the panel's", () => {
    const background = { pid: 20, tid: 21 };
    const events = [
      threadName("CrRendererMain", background),
      threadName("CrRendererMain", PANEL),
      threadName("ServiceWorker thread", WORKER),
      x("RunTask", 0, 1, 1, background),
      ...[0, 2, 4].map((t) => x("RunTask", t, 1, 1, PANEL)),
      ...[0, 2, 4, 6].map((t) => x("RunTask", t, 1, 1, WORKER)),
    ];
    expect(panelMainThread(events)).toEqual(PANEL);
    expect(panelMainThread([threadName("ServiceWorker thread", WORKER)])).toBeUndefined();
  });

  it("leaves out the tasks that ended before a given time, and what ran inside them", () => {
    const events = [
      // The bench's own script, then the task that took the key, in one frame.
      x("RunTask", 0, 8, 7),
      x("RunTask", 2, 3, 3),
      x("EvaluateScript", 0.5, 7, 7),
      x("RunTask", 9, 4, 2),
      x("EventDispatch", 9.5, 1, 1, PANEL, "keydown"),
      x("RunTask", 14, 3, 2),
      x("PrePaint", 15, 1, 1),
    ];
    expect(animationFrames(events, PANEL).map((f) => f.cpuMs)).toEqual([11]);
    expect(animationFrames(events, PANEL, 16.7, 9500).map((f) => f.cpuMs)).toEqual([4]);
    expect(animationFrames(events, PANEL, 16.7, 9500)[0]!.start).toBe(9000);
  });

  it("closes a frame at the task that rendered, summing the CPU of every task since the last one", () => {
    const events = [
      // Frame 1: a message task and a timer task, then the rendering task.
      x("RunTask", 0, 3, 2),
      x("FunctionCall", 0.5, 2, 1.5),
      x("RunTask", 4, 2, 1),
      x("RunTask", 8, 10, 6),
      x("Layout", 9, 2, 2),
      x("PrePaint", 12, 1, 1),
      // Frame 2: one rendering task that waited for a core most of its 60 ms.
      x("RunTask", 20, 60, 9),
      x("Commit", 75, 1, 0.5),
      // Another thread's work never counts.
      x("RunTask", 1, 30, 30, WORKER),
      x("PrePaint", 2, 1, 1, WORKER),
    ];
    expect(animationFrames(events, PANEL)).toEqual([
      { start: 0, wallMs: 18, cpuMs: 9 },
      { start: 20_000, wallMs: 60, cpuMs: 9 },
    ]);
  });

  it("closes a frame after the thread sat idle longer than the given time, and keeps a last frame that never rendered", () => {
    const events = [
      x("RunTask", 0, 2, 2),
      x("RunTask", 30, 2, 1),
      x("RunTask", 33, 2, 1),
      x("Layerize", 34, 0.5, 0.5),
      x("RunTask", 40, 5, 4),
    ];
    expect(animationFrames(events, PANEL, 16.7)).toEqual([
      { start: 0, wallMs: 2, cpuMs: 2 },
      { start: 30_000, wallMs: 5, cpuMs: 2 },
      { start: 40_000, wallMs: 5, cpuMs: 4 },
    ]);
  });

  it("counts a task nested in another once", () => {
    const events = [x("RunTask", 0, 10, 8), x("RunTask", 2, 3, 3), x("Commit", 9, 1, 1), x("RunTask", 12, 1, 1)];
    expect(animationFrames(events, PANEL)).toEqual([
      { start: 0, wallMs: 10, cpuMs: 8 },
      { start: 12_000, wallMs: 1, cpuMs: 1 },
    ]);
    expect(cpuWithin(events, PANEL, 0, 20)).toBe(9);
  });

  it("puts the page's clock on the trace's through the first event of a type dispatched on the thread", () => {
    const events = [
      x("EventDispatch", 500, 1, 1, PANEL, "input"),
      x("EventDispatch", 1000, 1, 1, PANEL, "keydown"),
      x("EventDispatch", 1200, 1, 1, PANEL, "keydown"),
      x("EventDispatch", 900, 1, 1, WORKER, "keydown"),
    ];
    // The page read 250 in the handler: its 0 is at 750 ms in the trace.
    expect(pageClockOffset(events, PANEL, "keydown", 250)).toBe(750);
    expect(() => pageClockOffset(events, PANEL, "click", 250)).toThrow(/no click event/);
  });

  it("sums the CPU of the tasks that started in a window", () => {
    const events = [
      x("RunTask", 0, 5, 4),
      x("RunTask", 10, 5, 3),
      x("RunTask", 19, 5, 2),
      x("RunTask", 25, 5, 1),
      x("RunTask", 12, 5, 7, WORKER),
    ];
    expect(cpuWithin(events, PANEL, 10, 25)).toBe(5);
    expect(cpuWithin(events, PANEL, 30, 40)).toBe(0);
  });

  it("gives each event's own CPU time, less its children's", () => {
    const events = [x("RunTask", 0, 10, 8), x("FunctionCall", 1, 5, 5), x("Layout", 2, 1, 1), x("Paint", 7, 2, 1)];
    expect(Object.fromEntries(selfCpuByEvent(events, PANEL))).toEqual({ RunTask: 2, FunctionCall: 4, Layout: 1, Paint: 1 });
  });
});
