/** A hand-driven clock for code that takes a `Clock` (native-host/browser-tools/forwarder.ts). */
import type { Clock } from "../../native-host/browser-tools/forwarder";

export class FakeClock implements Clock {
  now = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.now + ms, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  time(): number {
    return this.now;
  }

  get pending(): number {
    return this.timers.size;
  }

  /** Moves time on, firing due timers in order. */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
    }
    this.now = until;
  }
}
