import { isUtf8 } from "node:buffer";
import { describe, expect, it } from "vitest";
import { FramePool, POOLED_FRAME_BYTES } from "../../../../native-host/wire/frame-pool";
import { FrameStream } from "../../../../native-host/wire/frame-stream";
import { type CheckedFrame, FrameDecoder, frameJson } from "../../../../native-host/wire/frames";
import { seededRandom } from "../../../helpers/seeded-random";

/** Feeds `bytes` to a decoder in 64 KiB reads of one reused buffer, as stdin arrives (browser-input.ts). */
function decode(d: FrameDecoder, bytes: Buffer) {
  const read = Buffer.alloc(64 * 1024);
  const events = [];
  for (let at = 0; at < bytes.length; at += read.length) {
    const n = bytes.copy(read, 0, at, at + read.length);
    events.push(...d.push(read.subarray(0, n)));
    read.fill(0x78);
  }
  return events;
}

const big = "ab".repeat(POOLED_FRAME_BYTES);

describe("FrameStream", () => {
  it("checks UTF-8 as isUtf8 does, however the bytes are cut (characters split between pieces)", () => {
    const random = seededRandom(39);
    const samples = ["a", "é", "🪿", "ܐ", "\u0080", "€"].map((s) => Buffer.from(s));
    const junk = [0xff, 0x80, 0xc3, 0xe2, 0xf0, 0xed, 0xa0, 0xc0, 0xf5].map((b) => Buffer.from([b]));
    let bad = 0;
    for (let i = 0; i < 3000; i++) {
      const parts = Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
        const pool = random() < 0.08 ? junk : samples;
        return pool[Math.floor(random() * pool.length)]!;
      });
      const bytes = Buffer.concat(parts);
      const s = new FrameStream(new FramePool());
      for (let at = 0; at < bytes.length; ) {
        const next = Math.min(bytes.length, at + 1 + Math.floor(random() * 4));
        s.push(bytes.subarray(at, next));
        at = next;
      }
      expect(s.finish().utf8, bytes.toString("hex")).toBe(isUtf8(bytes));
      if (!isUtf8(bytes)) bad++;
    }
    expect(bad).toBeGreaterThan(300);
  });
});

describe("a frame over the pool's size", () => {
  it("arrives as its parts, one line, with a head of the members the policy reads", () => {
    const payload = Buffer.from(`{"jsonrpc":"2.0",\n"id":"p\\u00e9","method":"session/prompt","params":{"text":"${big}"}}`);
    const [e] = decode(new FrameDecoder(new FramePool()), Buffer.concat([header(payload), payload]));
    const f = e as CheckedFrame;
    expect(f.kind).toBe("message");
    expect(f.bytes).toBe(payload.length);
    expect(Buffer.concat(f.parts ?? []).equals(Buffer.from(payload.toString().replace("\n", " ")))).toBe(true);
    expect(f.raw.toString()).toBe('{"jsonrpc":"2.0","id":"p\\u00e9","method":"session/prompt","params":0}');
  });

  it("is read whole when it is a host command or names a method whose params the host reads", () => {
    for (const value of [
      { host: { type: "start", protocolVersion: 1, padding: big } },
      { jsonrpc: "2.0", id: 1, method: "session/new", params: { cwd: "/", mcpServers: [], padding: big } },
    ]) {
      const [e] = decode(new FrameDecoder(new FramePool()), frameJson(value));
      expect((e as CheckedFrame).parts).toBeUndefined();
      expect((e as CheckedFrame).value).toEqual(value);
    }
  });

  it("gives its blocks back to the pool when refused at its end, with the refused request's id", () => {
    const pool = new FramePool();
    const payload = Buffer.from(`{"jsonrpc":"2.0","id":7,"method":"session/prompt","params":{"text":"${big}"},"params":{}}`);
    const [e] = decode(new FrameDecoder(pool), Buffer.concat([header(payload), payload]));
    expect(e).toMatchObject({ kind: "error", code: "duplicate_key", requestId: "7" });
    expect(pool.size).toBe(3);
  });
});

function header(payload: Buffer): Buffer {
  const h = Buffer.alloc(4);
  h.writeUInt32LE(payload.length, 0);
  return h;
}
