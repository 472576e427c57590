import { describe, expect, it } from "vitest";
import { ChunkGate } from "../../../../native-host/wire/chunk-gate";
import type { LineEvent } from "../../../../native-host/wire/lines";

const part = (index: number, last = false): LineEvent => ({ kind: "part", bytes: Buffer.from(`p${index}`), index, last });
const line = (text: string): LineEvent => ({ kind: "line", bytes: Buffer.from(text) });

/** A gate whose handler sends one chunk frame per part and keeps its `done` until the test writes it. */
function gate() {
  const handled: string[] = [];
  const holds: boolean[] = [];
  const unwritten: Array<() => void> = [];
  let batches = 0;
  const g: ChunkGate = new ChunkGate(
    (work) => {
      batches++;
      work();
    },
    (e) => {
      handled.push(e.kind === "part" ? `part ${e.index}` : `line ${e.bytes.toString()}`);
      if (e.kind === "part") unwritten.push(g.chunkSent());
    },
    (held) => holds.push(held),
  );
  const write = () => unwritten.shift()!();
  return { g, handled, holds, write, batches: () => batches };
}

describe("ChunkGate", () => {
  it("handles a second part only once the first part's chunk frame is written, and holds the agent meanwhile", () => {
    const { g, handled, holds, write } = gate();
    g.push([part(0), part(1, true), line("after")]);
    expect(handled).toEqual(["part 0"]);
    expect(g.pending).toBe(true);
    expect(holds).toEqual([true]);
    write();
    // A whole line does not wait for a frame, only for the parts before it.
    expect(handled).toEqual(["part 0", "part 1", "line after"]);
    expect(g.pending).toBe(false);
    expect(holds).toEqual([true, false]);
    g.push([part(0)]);
    expect(handled.at(-1)).toBe("line after"); // part 1's frame is still out
    write();
    expect(handled.at(-1)).toBe("part 0");
  });

  it("lets whole lines through while a chunk frame is out, but keeps them behind a waiting part", () => {
    const { g, handled, holds, write } = gate();
    g.push([part(0)]);
    g.push([line("a")]);
    expect(handled).toEqual(["part 0", "line a"]);
    expect(holds).toEqual([]);
    g.push([part(1, true)]);
    g.push([line("b")]);
    expect(handled).toEqual(["part 0", "line a"]);
    expect(holds).toEqual([true]);
    write();
    expect(handled).toEqual(["part 0", "line a", "part 1", "line b"]);
    expect(holds).toEqual([true, false]);
  });

  it("goes on in the same batch when a frame is done at once (a write that fails or completes synchronously)", () => {
    const handled: number[] = [];
    const g: ChunkGate = new ChunkGate(
      (work) => work(),
      (e) => {
        if (e.kind !== "part") return;
        handled.push(e.index);
        g.chunkSent()();
      },
      () => {
        throw new Error("nothing should wait");
      },
    );
    g.push([part(0), part(1), part(2, true)]);
    expect(handled).toEqual([0, 1, 2]);
  });

  it("counts a frame's done once", () => {
    const { g, handled } = gate();
    g.push([part(0)]);
    const second = g.chunkSent();
    g.push([part(1, true)]);
    second();
    second();
    expect(handled).toEqual(["part 0"]);
  });
});
