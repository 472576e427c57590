import { describe, expect, it } from "vitest";
import { FramePool, POOLED_FRAME_BYTES } from "../../../../native-host/wire/frame-pool";
import { FrameDecoder, frameBytes, frameJson, payloadBuffer } from "../../../../native-host/wire/frames";

describe("pooled frame decoding", () => {
  it("copies each frame out of a read buffer that is reused for the next read", () => {
    const pool = new FramePool();
    const d = new FrameDecoder(pool);
    const bytes = frameJson({ jsonrpc: "2.0", method: "m", params: { text: "héllo".repeat(50) } });
    const read = Buffer.alloc(7);
    const got = [];
    for (let at = 0; at < bytes.length; at += read.length) {
      const n = bytes.copy(read, 0, at, at + read.length);
      got.push(...d.push(read.subarray(0, n)));
      read.fill(0x78); // the next read overwrites the buffer
    }
    expect(got).toHaveLength(1);
    expect(got[0]!.kind === "message" && got[0]!.value).toEqual(JSON.parse(bytes.subarray(4).toString()));
  });

  it("copies a frame too large for the pool out of the reused read buffer as well", () => {
    const d = new FrameDecoder(new FramePool());
    const bytes = frameJson({ jsonrpc: "2.0", method: "m", params: { text: "ab".repeat(POOLED_FRAME_BYTES) } });
    const read = Buffer.alloc(64 * 1024);
    const got = [];
    for (let at = 0; at < bytes.length; at += read.length) {
      const n = bytes.copy(read, 0, at, at + read.length);
      got.push(...d.push(read.subarray(0, n)));
      read.fill(0x78);
    }
    expect(got).toHaveLength(1);
    // Streamed into the pool's blocks (wire/frame-stream.ts): its parts are its bytes.
    const frame = got[0]!;
    expect(frame.kind === "message" && Buffer.concat(frame.parts ?? []).equals(bytes.subarray(4))).toBe(true);
  });

  it("uses a released frame's buffer for the next frame, and takes back a refused frame's at once", () => {
    const pool = new FramePool();
    const d = new FrameDecoder(pool);
    const [first] = d.push(frameJson({ a: 1 }));
    expect(pool.size).toBe(0);
    if (first?.kind !== "message") throw new Error("expected a message");
    const buffer = first.raw.buffer;
    first.release();
    first.release();
    expect(pool.size).toBe(1);
    const [second] = d.push(frameJson({ b: 2 }));
    if (second?.kind !== "message") throw new Error("expected a message");
    expect(second.raw.buffer).toBe(buffer);
    expect(second.value).toEqual({ b: 2 });
    second.release();
    const bad = Buffer.from("{nope");
    const [refused] = d.push(Buffer.concat([Buffer.from([bad.length, 0, 0, 0]), bad]));
    expect(refused).toMatchObject({ kind: "error", code: "invalid_json" });
    expect(pool.size).toBe(1);
  });

  it("never takes more than the pooled size from a frame's claimed length", () => {
    expect(new FramePool().take(64 * 1024 * 1024)).toBeUndefined();
  });
});

describe("payloadBuffer", () => {
  it("is framed in place, without a copy", () => {
    const payload = payloadBuffer(5);
    payload.write("[1,2]");
    const frame = frameBytes(payload);
    expect(frame.buffer).toBe(payload.buffer);
    expect(frame.readUInt32LE(0)).toBe(5);
    expect(frame.subarray(4).toString()).toBe("[1,2]");
    expect(frameBytes(Buffer.from("[1,2]")).equals(frame)).toBe(true);
  });
});
