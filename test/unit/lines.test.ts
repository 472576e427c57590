import { describe, expect, it } from "vitest";
import { type LineEvent, LineSplitter } from "../../native-host/lines";

const text = (events: LineEvent[]) => events.map((e) => (e.kind === "line" ? e.bytes.toString("utf8") : `overflow:${e.bytes}`));

describe("LineSplitter", () => {
  it("splits on newline bytes across reads, keeping multibyte characters whole", () => {
    const all = Buffer.from('{"a":"🪿"}\n{"b":2}\n{"c":3}');
    for (let cut = 1; cut < all.length; cut++) {
      const s = new LineSplitter();
      const got = [...text(s.push(all.subarray(0, cut))), ...text(s.push(all.subarray(cut))), ...text(s.end())];
      expect(got, `cut ${cut}`).toEqual(['{"a":"🪿"}', '{"b":2}', '{"c":3}']);
    }
  });

  it("returns blank lines (the encoder drops them) and the final unterminated line", () => {
    const s = new LineSplitter();
    expect(text(s.push(Buffer.from("a\n\nb\r\n")))).toEqual(["a", "", "b\r"]);
    expect(text(s.push(Buffer.from("tail")))).toEqual([]);
    expect(text(s.end())).toEqual(["tail"]);
    expect(text(s.end())).toEqual([]);
  });

  it("passes a line far larger than readline's buffers in one piece", () => {
    const s = new LineSplitter();
    const big = Buffer.alloc(5 * 1024 * 1024, 0x61);
    const events: LineEvent[] = [];
    for (let i = 0; i < big.length; i += 65536) events.push(...s.push(big.subarray(i, i + 65536)));
    events.push(...s.push(Buffer.from("\n")));
    expect(events).toHaveLength(1);
    expect(events[0]!.kind === "line" && events[0]!.bytes.equals(big)).toBe(true);
  });

  it("drops a line over its cap, reports it once, and recovers at the next newline", () => {
    const s = new LineSplitter(10);
    const events = [...s.push(Buffer.from("0123456789ABCDEF")), ...s.push(Buffer.from("more\nok\n"))];
    expect(text(events)).toEqual(["overflow:16", "ok"]);
  });
});
