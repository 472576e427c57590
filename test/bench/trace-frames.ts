/**
 * Reading a Chromium performance trace (Tracing.start over CDP, the trace event format:
 * https://docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU) for the panel
 * bench: the panel's main thread, its animation frames with the CPU time each used, and its CPU
 * time by the kind of work.
 *
 * Why CPU per frame: a long-animation-frame entry gives a frame's wall time, which on a shared
 * 2-core machine also counts the time the main thread waited for a core while the host, the agent,
 * the service worker and the browser's own threads ran. The trace's `tdur` is the thread's own
 * time, so a frame's `tdur` sum says how much of its wall time was the panel's work.
 */

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds, the trace's clock. */
  ts: number;
  dur?: number;
  /** The thread's CPU time inside the event, microseconds. */
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

export interface Thread {
  pid: number;
  tid: number;
}

export interface FrameCost {
  /** Start of the frame's first task, in the trace's clock (µs). */
  start: number;
  /** From the frame's first task's start to its last task's end. */
  wallMs: number;
  /** The main thread's CPU time in the frame's tasks. */
  cpuMs: number;
}

/**
 * Work that only a rendering update does: a task holding one of these drew a frame (or ran the
 * lifecycle up to painting). Layout and style alone can be forced by script in any task.
 */
const RENDERING = new Set(["PrePaint", "Layerize", "Commit"]);

/**
 * The panel page's main thread: of the renderer main threads in the trace (the extension's pages
 * share one renderer, workers have their own threads), the one that ran the most tasks.
 */
export function panelMainThread(events: TraceEvent[]): Thread | undefined {
  const counts = new Map<string, { thread: Thread; tasks: number }>();
  for (const e of events)
    if (e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      counts.set(`${e.pid}:${e.tid}`, { thread: { pid: e.pid, tid: e.tid }, tasks: 0 });
  for (const e of events) {
    const c = e.name === "RunTask" && e.ph === "X" ? counts.get(`${e.pid}:${e.tid}`) : undefined;
    if (c) c.tasks++;
  }
  return [...counts.values()].sort((a, b) => b.tasks - a.tasks)[0]?.thread;
}

/**
 * The thread's animation frames, in the long-animation-frame API's sense
 * (https://w3c.github.io/long-animation-frames/): the tasks that ran from the end of one rendering
 * update through the next, each frame closed by the task that rendered. A gap of more than
 * `idleMs` between tasks also closes a frame: the thread sat idle, so no frame was waiting on the
 * tasks before it. Only top-level tasks count (a task nested in another is inside its time). Tasks
 * that ended before `fromUs` (the trace's clock) are left out: work of the bench's before the stream.
 */
export function animationFrames(events: TraceEvent[], thread: Thread, idleMs = 16.7, fromUs = -Infinity): FrameCost[] {
  const on = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X")
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const frames: FrameCost[] = [];
  let frame: { start: number; end: number; cpu: number } | null = null;
  let task: { end: number; renders: boolean } | null = null;
  const closeTask = () => {
    if (task?.renders && frame) {
      frames.push({ start: frame.start, wallMs: (frame.end - frame.start) / 1000, cpuMs: frame.cpu / 1000 });
      frame = null;
    }
    task = null;
  };
  for (const e of on) {
    const end = e.ts + (e.dur ?? 0);
    if (task && e.ts < task.end) {
      // Inside the current task: only whether it rendered matters.
      if (RENDERING.has(e.name)) task.renders = true;
      continue;
    }
    // A task left out ended before `fromUs`, and so did every task nested in it.
    if (e.name !== "RunTask" || end < fromUs) continue;
    closeTask();
    if (frame && e.ts - frame.end > idleMs * 1000) {
      frames.push({ start: frame.start, wallMs: (frame.end - frame.start) / 1000, cpuMs: frame.cpu / 1000 });
      frame = null;
    }
    frame ??= { start: e.ts, end, cpu: 0 };
    frame.end = end;
    frame.cpu += e.tdur ?? 0;
    task = { end, renders: false };
  }
  closeTask();
  const last = frame as { start: number; end: number; cpu: number } | null;
  if (last) frames.push({ start: last.start, wallMs: (last.end - last.start) / 1000, cpuMs: last.cpu / 1000 });
  return frames;
}

/**
 * The trace's time in ms at the page's `performance.now()` 0: both count the same monotonic clock
 * from different origins. `pageNow` is what the page read inside a handler of the first `eventType`
 * event dispatched on the thread, which the trace records as an EventDispatch starting just before.
 */
export function pageClockOffset(events: TraceEvent[], thread: Thread, eventType: string, pageNow: number): number {
  return firstDispatch(events, thread, eventType) / 1000 - pageNow;
}

/** When the first `eventType` event was dispatched on the thread, in the trace's clock (µs). */
export function firstDispatch(events: TraceEvent[], thread: Thread, eventType: string): number {
  const dispatch = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === "EventDispatch" && e.args?.data?.type === eventType)
    .sort((a, b) => a.ts - b.ts)[0];
  if (!dispatch) throw new Error(`the trace has no ${eventType} event dispatched on the panel's main thread`);
  return dispatch.ts;
}

/** The thread's CPU time in ms in the top-level tasks that started within [fromMs, toMs) of the trace's clock. */
export function cpuWithin(events: TraceEvent[], thread: Thread, fromMs: number, toMs: number): number {
  let cpu = 0;
  let coveredUntil = -Infinity;
  const tasks = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X" && e.name === "RunTask")
    .sort((a, b) => a.ts - b.ts);
  for (const e of tasks) {
    // A task nested in another is inside its time already.
    if (e.ts < coveredUntil) continue;
    coveredUntil = e.ts + (e.dur ?? 0);
    if (e.ts >= fromMs * 1000 && e.ts < toMs * 1000) cpu += e.tdur ?? 0;
  }
  return cpu / 1000;
}

/** The thread's CPU time by event name, each event's own (`tdur` less its direct children's), in ms. */
export function selfCpuByEvent(events: TraceEvent[], thread: Thread): Map<string, number> {
  const on = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X" && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  const childCpu = new Map<TraceEvent, number>();
  const close = (e: TraceEvent) => self.set(e.name, (self.get(e.name) ?? 0) + (e.tdur! - (childCpu.get(e) ?? 0)) / 1000);
  for (const e of on) {
    while (stack.length > 0 && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= e.ts) close(stack.pop()!);
    const parent = stack.at(-1);
    if (parent) childCpu.set(parent, (childCpu.get(parent) ?? 0) + e.tdur!);
    stack.push(e);
  }
  while (stack.length > 0) close(stack.pop()!);
  return self;
}
