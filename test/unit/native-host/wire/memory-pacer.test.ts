import { describe, expect, it } from "vitest";
import { MemoryPacer } from "../../../../native-host/wire/memory-pacer";

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("MemoryPacer", () => {
  it("collects once per `everyBytes` of traffic, after the current callbacks, never twice at once", async () => {
    let collections = 0;
    const pacer = new MemoryPacer(() => collections++, 1000, 8);
    pacer.note(600);
    await turn();
    expect(collections).toBe(0);
    // Past the mark: one collection, on the next turn, however much more arrives meanwhile.
    pacer.note(600);
    pacer.note(1100);
    expect(collections).toBe(0);
    await turn();
    expect(collections).toBe(1);
    // What arrived while it waited (1100) counts towards the next one.
    pacer.note(1);
    await turn();
    expect(collections).toBe(2);
    pacer.note(999);
    await turn();
    expect(collections).toBe(2);
  });

  it("makes every n-th collection a full one", async () => {
    const kinds: string[] = [];
    const pacer = new MemoryPacer((kind) => kinds.push(kind), 10, 3);
    for (let i = 0; i < 7; i++) {
      pacer.note(10);
      await turn();
    }
    expect(kinds).toEqual(["minor", "minor", "major", "minor", "minor", "major", "minor"]);
  });

  it("runs one full collection after a held message is let go, on the next turn, however many were", async () => {
    const kinds: string[] = [];
    const pacer = new MemoryPacer((kind) => kinds.push(kind), 1000, 8);
    pacer.freed();
    pacer.freed();
    expect(kinds).toEqual([]);
    await turn();
    expect(kinds).toEqual(["major"]);
    pacer.freed();
    await turn();
    expect(kinds).toEqual(["major", "major"]);
  });

  it("uses the gc that --expose-gc (the launcher's flag) provides, and does nothing without it", async () => {
    const g = globalThis as { gc?: unknown };
    expect(g.gc, "vitest runs without --expose-gc").toBeUndefined();
    new MemoryPacer(undefined, 1).note(10);
    await turn();
    const kinds: unknown[] = [];
    g.gc = (options: unknown) => kinds.push(options);
    try {
      new MemoryPacer(undefined, 1).note(10);
      await turn();
    } finally {
      delete g.gc;
    }
    expect(kinds).toEqual([{ type: "minor" }]);
  });
});
