import { describe, expect, it } from "vitest";
import { chunkFrames } from "../../native-host/outbound";
import { base64ToBytes, ChunkReassembler } from "../../shared/chunks";
import { CHUNK_PIECE_BYTES } from "../../shared/host-protocol";
import { chunksOf } from "./helpers/chunks";

describe("chunk envelope", () => {
  it("splits bytes into pieces and reassembles the identical bytes", () => {
    const bytes = new Uint8Array(Buffer.from(`{"text":"${"🪿é".repeat(400_000)}"}`));
    const chunks = chunksOf(bytes, "c1");
    expect(chunks.length).toBe(Math.ceil(bytes.length / CHUNK_PIECE_BYTES));
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
    expect(chunks.every((c) => c.type === "chunk" && c.count === chunks.length && c.id === "c1")).toBe(true);
    const r = new ChunkReassembler();
    const results = chunks.map((c) => r.accept(c));
    expect(results.slice(0, -1).every((x) => x.complete === undefined)).toBe(true);
    expect(Buffer.from(results.at(-1)!.complete!).equals(Buffer.from(bytes))).toBe(true);
    expect(r.pending).toBe(false);
  });

  it("writes frames whose length header matches and stay under Chrome's 1 MiB cap", () => {
    for (const f of chunkFrames(Buffer.alloc(3 * CHUNK_PIECE_BYTES + 5, 7), "x")) {
      expect(f.readUInt32LE(0)).toBe(f.length - 4);
      expect(f.length).toBeLessThan(1024 * 1024 - 1024);
    }
    for (const size of [1, 2, 3, 4, 5]) {
      const [c] = chunksOf(new Uint8Array(size).fill(200), "s");
      expect(Buffer.from(c!.data, "base64")).toEqual(Buffer.alloc(size, 200));
    }
  });

  it("drops an interrupted message, reports it, and still takes the new one", () => {
    const a = chunksOf(new Uint8Array(30).fill(1), "a", 10);
    const b = chunksOf(new Uint8Array(20).fill(2), "b", 10);
    const r = new ChunkReassembler();
    expect(r.accept(a[0]!)).toEqual({});
    expect(r.pending).toBe(true);
    const first = r.accept(b[0]!);
    expect(first.dropped).toMatch(/a was interrupted after 1 of 3/);
    const done = r.accept(b[1]!);
    expect(Array.from(done.complete!)).toEqual(new Array(20).fill(2));
  });

  it("refuses pieces out of order and a message over the size cap", () => {
    const a = chunksOf(new Uint8Array(30), "a", 10);
    const r = new ChunkReassembler();
    expect(r.accept(a[1]!).dropped).toMatch(/piece 1 arrived, expected 0/);
    const small = new ChunkReassembler(15);
    small.accept(a[0]!);
    expect(small.accept(a[1]!).dropped).toMatch(/exceeds 15 bytes/);
    expect(small.pending).toBe(false);
  });
});

describe("base64ToBytes", () => {
  it("decodes every padding case and byte value exactly like Buffer", () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    for (let n = 0; n <= 9; n++) {
      const bytes = all.subarray(256 - n - 40, 256 - n);
      expect(Buffer.from(base64ToBytes(bytes.toString("base64"))).equals(bytes), `length ${bytes.length}`).toBe(true);
    }
    expect(base64ToBytes("")).toEqual(new Uint8Array(0));
  });

  it("rejects characters outside the alphabet, and the reassembler drops such a piece", () => {
    expect(() => base64ToBytes("ab$d")).toThrow(/invalid base64/);
    expect(() => base64ToBytes("abĀd")).toThrow(/invalid base64/);
    const r = new ChunkReassembler();
    expect(r.accept({ type: "chunk", id: "z", index: 0, count: 1, data: "@@@@" }).dropped).toMatch(/invalid base64/);
  });
});
