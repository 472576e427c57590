import { describe, expect, it } from "vitest";
import { LineBatch } from "../../../../native-host/wire/line-batch";
import { MAX_VERBATIM_BYTES } from "../../../../shared/host-protocol";

const payload = (frame: Buffer | undefined) => {
  if (!frame) throw new Error("no frame");
  expect(frame.readUInt32LE(0)).toBe(frame.length - 4);
  return frame.subarray(4).toString("utf8");
};
const msg = (n: number, pad = 0) =>
  Buffer.from(JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { n, t: "é".repeat(pad) } }));

describe("LineBatch", () => {
  it("sends nothing when empty, and one line alone unwrapped, byte for byte", () => {
    const batch = new LineBatch();
    expect(batch.take()).toBeUndefined();
    const line = Buffer.from('{"jsonrpc":"2.0", "id": 1 ,"result":{"x":"🪿"}}');
    expect(batch.add(line)).toBeUndefined();
    expect(payload(batch.take())).toBe(line.toString("utf8"));
    expect(batch.take()).toBeUndefined();
  });

  it("sends several lines as one JSON array of their own bytes, in order", () => {
    const batch = new LineBatch();
    const lines = [msg(1), Buffer.from('{ "jsonrpc" : "2.0" , "id" : "a" , "result" : null }'), msg(3)];
    for (const l of lines) expect(batch.add(l)).toBeUndefined();
    const text = payload(batch.take());
    expect(text).toBe(`[${lines.map((l) => l.toString("utf8")).join(",")}]`);
    expect(JSON.parse(text)).toEqual(lines.map((l) => JSON.parse(l.toString("utf8"))));
  });

  it("never lets an array pass the limit: a line that would starts the next one, and a full-size line goes alone", () => {
    const limit = 100;
    const batch = new LineBatch(limit);
    const a = Buffer.from(`{"a":"${"x".repeat(40)}"}`); // 48 bytes
    const b = Buffer.from(`{"b":"${"y".repeat(40)}"}`); // 48 bytes: [a,b] is 99
    const c = Buffer.from('{"c":1}');
    expect(batch.add(a)).toBeUndefined();
    expect(batch.add(b)).toBeUndefined();
    const first = batch.add(c);
    expect(payload(first)).toBe(`[${a},${b}]`);
    expect(payload(first).length).toBe(99);
    const whole = Buffer.from(`{"d":"${"z".repeat(limit - 8)}"}`); // exactly the limit
    expect(payload(batch.add(whole))).toBe(`${c}`);
    expect(payload(batch.take())).toBe(`${whole}`);
  });

  it("packs a replay's worth of lines into arrays of at most MAX_VERBATIM_BYTES that hold every line once, in order", () => {
    const batch = new LineBatch();
    const lines = Array.from({ length: 3000 }, (_, i) => msg(i, i % 7 === 0 ? 2000 : 20));
    const frames: Buffer[] = [];
    for (const l of lines) {
      const full = batch.add(l);
      if (full) frames.push(full);
    }
    frames.push(batch.take()!);
    expect(frames.length).toBeGreaterThan(1);
    const seen: unknown[] = [];
    for (const f of frames) {
      expect(f.length - 4).toBeLessThanOrEqual(MAX_VERBATIM_BYTES);
      seen.push(...(JSON.parse(payload(f)) as unknown[]));
    }
    expect(seen).toEqual(lines.map((l) => JSON.parse(l.toString("utf8"))));
  });
});
