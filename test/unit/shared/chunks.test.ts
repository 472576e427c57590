import { describe, expect, it } from "vitest";
import { chunkFrame } from "../../../native-host/wire/outbound";
import { base64ToBytes, ChunkReassembler } from "../../../shared/chunks";
import { CHUNK_PIECE_BYTES, type HostChunk } from "../../../shared/host-protocol";
import { chunksOf } from "../../helpers/chunks";

const ascii = (s: string) => new TextEncoder().encode(s);

describe("chunk envelope", () => {
  it("splits bytes into pieces and reassembles the identical text, characters cut anywhere", () => {
    const text = `{"text":"${"🪿é".repeat(400_000)}"}`;
    const chunks = chunksOf(ascii(text), "c1");
    expect(chunks.length).toBe(Math.ceil(Buffer.byteLength(text) / CHUNK_PIECE_BYTES));
    expect(chunks.map((c) => [c.index, c.last])).toEqual(chunks.map((_, i) => [i, i === chunks.length - 1]));
    for (const pieceBytes of [CHUNK_PIECE_BYTES, 1, 2, 3, 5]) {
      const small = `{"t":"🪿é€x"}`;
      const r = new ChunkReassembler();
      const results = (pieceBytes === CHUNK_PIECE_BYTES ? chunks : chunksOf(ascii(small), "s", pieceBytes)).map((c) => r.accept(c));
      expect(results.slice(0, -1).every((x) => x.complete === undefined && x.dropped === undefined)).toBe(true);
      expect(results.at(-1)!.complete).toBe(pieceBytes === CHUNK_PIECE_BYTES ? text : small);
      expect(r.pending).toBe(false);
    }
  });

  it("writes frames whose length header matches and stay under Chrome's 1 MiB cap", () => {
    const f = chunkFrame({ id: "x", index: 3, last: false }, Buffer.alloc(CHUNK_PIECE_BYTES, 7));
    expect(f.readUInt32LE(0)).toBe(f.length - 4);
    expect(f.length).toBeLessThan(1024 * 1024 - 1024);
    expect(JSON.parse(f.subarray(4).toString())).toEqual({
      host: { type: "chunk", id: "x", index: 3, last: false, data: Buffer.alloc(CHUNK_PIECE_BYTES, 7).toString("base64") },
    });
    for (const size of [0, 1, 2, 3, 4, 5]) {
      const [c] = chunksOf(new Uint8Array(size).fill(200), "s");
      expect(Buffer.from(c!.data, "base64")).toEqual(Buffer.alloc(size, 200));
    }
  });

  it("drops an interrupted message, reports it, and still takes the new one", () => {
    const a = chunksOf(ascii("a".repeat(30)), "a", 10);
    const b = chunksOf(ascii("b".repeat(20)), "b", 10);
    const r = new ChunkReassembler();
    expect(r.accept(a[0]!)).toEqual({});
    expect(r.pending).toBe(true);
    const first = r.accept(b[0]!);
    expect(first.dropped).toMatch(/a was interrupted after 1 pieces/);
    expect(r.accept(b[1]!)).toEqual({ complete: "b".repeat(20) });
  });

  it("refuses pieces out of order, and skips the rest of that line without more reports", () => {
    const a = chunksOf(ascii("a".repeat(30)), "a", 10);
    const r = new ChunkReassembler();
    expect(r.accept(a[1]!).dropped).toMatch(/piece 1 arrived, expected 0/);
    expect(r.accept(a[2]!)).toEqual({});
    expect(r.accept(chunksOf(ascii("ok"), "b")[0]!)).toEqual({ complete: "ok" });
  });

  it("refuses a line over its size cap once, ignores its remaining pieces, and takes the next line", () => {
    const a = chunksOf(ascii("a".repeat(50)), "a", 10);
    const r = new ChunkReassembler(15);
    expect(r.accept(a[0]!)).toEqual({});
    expect(r.accept(a[1]!).dropped).toMatch(/chunked message a exceeds 15 bytes/);
    expect(r.pending).toBe(false);
    for (const c of a.slice(2)) expect(r.accept(c)).toEqual({});
    expect(r.accept(chunksOf(ascii("b".repeat(12)), "b", 10)[0]!)).toEqual({});
  });

  it("drops a line the host abandoned, and one that is not valid UTF-8", () => {
    const r = new ChunkReassembler();
    const [a0] = chunksOf(ascii("abc"), "a", 1);
    r.accept(a0!);
    expect(r.accept({ type: "chunk", id: "a", index: 1, last: true, data: "", abandoned: "too long" })).toEqual({
      dropped: "chunked message a was abandoned by the host: too long",
    });
    expect(r.pending).toBe(false);
    const bad = chunksOf(new Uint8Array([0x7b, 0xf0, 0x9f, 0x7d]), "u", 2);
    expect(r.accept(bad[0]!)).toEqual({});
    expect(r.accept(bad[1]!).dropped).toMatch(/^chunk u: .*(invalid|encoded)/i);
    // A character cut off by the end of the line is invalid too.
    const cut = chunksOf(new Uint8Array([0x7b, 0xf0, 0x9f]), "v", 2);
    expect(r.accept(cut[0]!)).toEqual({});
    expect(r.accept(cut[1]!).dropped).toMatch(/^chunk v: /);
    expect(r.pending).toBe(false);
  });

  it("refuses a malformed envelope (old protocol shape, bad index) and drops a line in progress", () => {
    const r = new ChunkReassembler();
    r.accept(chunksOf(ascii("abc"), "a", 1)[0]!);
    const old = { type: "chunk", id: "z", index: 0, count: 1, data: "YQ==" } as unknown as HostChunk;
    expect(r.accept(old).dropped).toBe("chunked message a was interrupted after 1 pieces; malformed chunk");
    expect(r.accept({ type: "chunk", id: "z", index: -1, last: true, data: "" }).dropped).toBe("malformed chunk");
    expect(r.pending).toBe(false);
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
    expect(r.accept({ type: "chunk", id: "z", index: 0, last: true, data: "@@@@" }).dropped).toMatch(/invalid base64/);
  });
});
