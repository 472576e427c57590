import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../../../../native-host/jsonrpc/json-scan";
import { FramePool } from "../../../../native-host/wire/frame-pool";
import { FrameDecoder, frameJson } from "../../../../native-host/wire/frames";

function frame(value: unknown): Buffer {
  return frameJson(value);
}

function messages(events: ReturnType<FrameDecoder["push"]>): unknown[] {
  return events.filter((e) => e.kind === "message").map((e) => (e as { value: unknown }).value);
}

describe("FrameDecoder", () => {
  const sample = { jsonrpc: "2.0", id: 1, method: "session/prompt", params: { text: "héllo 🪿 wörld" } };

  it("decodes a frame split at every byte boundary", () => {
    const bytes = frame(sample);
    for (let cut = 1; cut < bytes.length; cut++) {
      const d = new FrameDecoder(new FramePool());
      const got = [...messages(d.push(bytes.subarray(0, cut))), ...messages(d.push(bytes.subarray(cut)))];
      expect(got, `cut at ${cut}`).toEqual([sample]);
    }
  });

  it("decodes a frame fed one byte at a time (multibyte characters across reads)", () => {
    const bytes = frame(sample);
    const d = new FrameDecoder(new FramePool());
    const got: unknown[] = [];
    for (const b of bytes) got.push(...messages(d.push(Buffer.from([b]))));
    expect(got).toEqual([sample]);
  });

  it("decodes many frames in one read", () => {
    const values = Array.from({ length: 50 }, (_, i) => ({ jsonrpc: "2.0", method: "n", params: { i } }));
    const d = new FrameDecoder(new FramePool());
    expect(messages(d.push(Buffer.concat(values.map(frame))))).toEqual(values);
  });

  it("refuses a frame over the cap without buffering it and resynchronises after it", () => {
    const d = new FrameDecoder(new FramePool(), 100);
    const big = frame({ data: "x".repeat(500) });
    const after = frame({ ok: true });
    const events = d.push(Buffer.concat([big, after]));
    expect(events[0]).toMatchObject({ kind: "error", code: "frame_too_large" });
    expect(messages(events)).toEqual([{ ok: true }]);
  });

  it("does not allocate the claimed length of a huge header", () => {
    const d = new FrameDecoder(new FramePool());
    const header = Buffer.alloc(4);
    header.writeUInt32LE(0xffffffff, 0);
    const before = process.memoryUsage().arrayBuffers;
    const events = d.push(Buffer.concat([header, Buffer.from("abc")]));
    expect(events).toEqual([expect.objectContaining({ kind: "error", code: "frame_too_large" })]);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
  });

  it("reports invalid UTF-8 and invalid JSON per frame and keeps going", () => {
    const bad = Buffer.from([0xc3, 0x28]);
    const badFrame = Buffer.concat([Buffer.from([bad.length, 0, 0, 0]), bad]);
    const notJson = Buffer.from("{nope");
    const notJsonFrame = Buffer.concat([Buffer.from([notJson.length, 0, 0, 0]), notJson]);
    const d = new FrameDecoder(new FramePool());
    const events = d.push(Buffer.concat([badFrame, notJsonFrame, frame({ fine: 1 })]));
    expect(events.map((e) => (e.kind === "error" ? e.code : "message"))).toEqual(["invalid_utf8", "invalid_json", "message"]);
  });

  it("refuses a frame JSON.parse would refuse, however far into a long string the fault is, naming the byte", () => {
    const text = `{"jsonrpc":"2.0","method":"session/prompt","params":{"text":"${"a".repeat(70_000)}\u0007${"b".repeat(100)}"}}`;
    const payload = Buffer.from(text);
    expect(() => JSON.parse(text)).toThrow();
    const d = new FrameDecoder(new FramePool());
    const [event] = d.push(
      Buffer.concat([Buffer.from([payload.length & 0xff, (payload.length >> 8) & 0xff, payload.length >> 16, 0]), payload]),
    );
    expect(event).toMatchObject({ kind: "error", code: "invalid_json" });
    expect((event as { message: string }).message).toContain(`invalid string at byte ${text.indexOf("\u0007")}`);
  });

  it("reports an empty frame as an error", () => {
    const d = new FrameDecoder(new FramePool());
    expect(d.push(Buffer.from([0, 0, 0, 0]))).toEqual([expect.objectContaining({ kind: "error", code: "invalid_json" })]);
  });

  it("reports a frame truncated by the end of input", () => {
    const bytes = frame(sample);
    const d = new FrameDecoder(new FramePool());
    expect(d.push(bytes.subarray(0, bytes.length - 3))).toEqual([]);
    expect(d.end()).toEqual([expect.objectContaining({ kind: "error", code: "frame_truncated" })]);
    const h = new FrameDecoder(new FramePool());
    h.push(bytes.subarray(0, 2));
    expect(h.end()[0]).toMatchObject({ code: "frame_truncated", message: expect.stringContaining("2 of 4 header bytes") });
    expect(new FrameDecoder(new FramePool()).end()).toEqual([]);
  });

  it("writes the length in bytes, little-endian", () => {
    const f = frameJson({ s: "🪿" });
    expect(f.readUInt32LE(0)).toBe(Buffer.byteLength(JSON.stringify({ s: "🪿" })));
    expect(f.readUInt32LE(0)).toBe(f.length - 4);
  });

  it("refuses nesting past the limit without parsing it, with the id of the refused request", () => {
    const d = new FrameDecoder(new FramePool());
    const nested = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    const ok = Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"x","params":${nested(MAX_JSON_DEPTH - 1)}}`);
    const deep = Buffer.from(`{"jsonrpc":"2.0","id":12345678901234567890123,"method":"x","params":${nested(MAX_JSON_DEPTH)}}`);
    const [a, b] = d.push(Buffer.concat([frameOf(ok), frameOf(deep)]));
    expect(a).toMatchObject({ kind: "message" });
    expect(b).toEqual({
      kind: "error",
      code: "too_deep",
      message: `frame of ${deep.length} bytes nests ${MAX_JSON_DEPTH + 1} deep (limit ${MAX_JSON_DEPTH})`,
      requestId: "12345678901234567890123",
    });
  });

  it("refuses a duplicate key at any depth; a notification gets no request id", () => {
    const d = new FrameDecoder(new FramePool());
    const [a, b] = d.push(
      Buffer.concat([
        frameOf(Buffer.from('{"jsonrpc":"2.0","id":"dup","method":"_goose/config/upsert","method":"session/list"}')),
        frameOf(Buffer.from('{"jsonrpc":"2.0","method":"session/cancel","params":{"x":{"y":1,"y":2}}}')),
      ]),
    );
    expect(a).toMatchObject({ kind: "error", code: "duplicate_key", requestId: '"dup"' });
    expect(b).toMatchObject({ kind: "error", code: "duplicate_key" });
    expect(b).not.toHaveProperty("requestId");
  });
});

function frameOf(body: Buffer): Buffer {
  const h = Buffer.alloc(4);
  h.writeUInt32LE(body.length, 0);
  return Buffer.concat([h, body]);
}
