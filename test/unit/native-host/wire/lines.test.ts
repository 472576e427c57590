import { describe, expect, it } from "vitest";
import { type LineEvent, LineSplitter } from "../../../../native-host/wire/lines";

const text = (events: LineEvent[]) =>
  events.map((e) =>
    e.kind === "line"
      ? e.bytes.toString("utf8")
      : e.kind === "part"
        ? `part${e.index}${e.last ? "!" : ""}:${e.bytes}`
        : `overflow:${e.bytes}`,
  );

/** A part's bytes are valid only until the splitter's next push or end: copied as they come, as the relay's chunk frames do. */
const own = (events: LineEvent[]): LineEvent[] => events.map((e) => (e.kind === "part" ? { ...e, bytes: Buffer.from(e.bytes) } : e));

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

  it("hands over a line of exactly streamAbove bytes whole, and one byte more in parts", () => {
    const s = new LineSplitter({ streamAbove: 10, pieceBytes: 4 });
    expect(text(s.push(Buffer.from("0123456789\n")))).toEqual(["0123456789"]);
    expect(text(s.push(Buffer.from("0123456789A\nnext\n")))).toEqual(["part0:0123", "part1:4567", "part2!:89A", "next"]);
  });

  it("streams a long line as it arrives, in parts that rebuild it exactly, wherever the reads fall", () => {
    const line = Buffer.from(`{"t":"${"é🪿x".repeat(30)}"}`);
    for (const read of [1, 3, 7, 64, 1000]) {
      const s = new LineSplitter({ streamAbove: 40, pieceBytes: 16 });
      const events: LineEvent[] = [];
      const input = Buffer.concat([line, Buffer.from("\nok\n")]);
      for (let i = 0; i < input.length; i += read) {
        events.push(...own(s.push(input.subarray(i, i + read))));
        // Bounded memory: of what was read of the line, all but streamAbove + one read has left as parts.
        const sent = events.reduce((n, e) => n + (e.kind === "part" ? e.bytes.length : 0), 0);
        const readOfLine = Math.min(i + read, line.length);
        expect(readOfLine - sent, `read ${read} at ${i}`).toBeLessThanOrEqual(40 + read);
      }
      const parts = events.filter((e) => e.kind === "part");
      expect(parts.map((p) => p.index)).toEqual(parts.map((_, i) => i));
      expect(parts.slice(0, -1).every((p) => p.bytes.length === 16 && !p.last)).toBe(true);
      expect(parts.at(-1)!.last && parts.at(-1)!.bytes.length > 0).toBe(true);
      expect(Buffer.concat(parts.map((p) => p.bytes)).equals(line), `read ${read}`).toBe(true);
      expect(text(events.filter((e) => e.kind === "line"))).toEqual(["ok"]);
    }
  });

  it("ends a streamed line that the output ended without a newline", () => {
    const s = new LineSplitter({ streamAbove: 4, pieceBytes: 2 });
    expect(text(s.push(Buffer.from("abcdefg")))).toEqual(["part0:ab", "part1:cd", "part2:ef"]);
    expect(text(s.end())).toEqual(["part3!:g"]);
    expect(text(s.end())).toEqual([]);
  });

  it("passes a 5 MiB line in 512 KiB parts", () => {
    const s = new LineSplitter();
    const big = Buffer.alloc(5 * 1024 * 1024, 0x61);
    const events: LineEvent[] = [];
    for (let i = 0; i < big.length; i += 65536) events.push(...own(s.push(big.subarray(i, i + 65536))));
    events.push(...own(s.push(Buffer.from("\n"))));
    expect(events.every((e) => e.kind === "part")).toBe(true);
    expect(events).toHaveLength(10);
    expect(Buffer.concat(events.map((e) => (e.kind === "part" ? e.bytes : Buffer.alloc(0)))).equals(big)).toBe(true);
  });

  it("reports a line over its cap once, after the parts already sent, drops its rest, and recovers at the next newline", () => {
    const s = new LineSplitter({ streamAbove: 4, pieceBytes: 2, maxBytes: 10 });
    const events = ["0123", "4567", "89AB", "CDEF", "more\nok\n"].flatMap((r) => own(s.push(Buffer.from(r))));
    expect(text(events)).toEqual(["part0:01", "part1:23", "part2:45", "overflow:12", "ok"]);
    const t = new LineSplitter({ streamAbove: 4, pieceBytes: 2, maxBytes: 10 });
    expect(text(t.push(Buffer.from("0123456789ABC")))).toEqual(["overflow:13"]);
    expect(text([...t.end(), ...t.push(Buffer.from("x\n"))])).toEqual(["x"]);
  });

  it("takes reads from one reused buffer: lines are their own, parts hold until the next push, whatever overwrites the read", () => {
    const lines = ['{"a":1}', `{"long":"${"x".repeat(100)}"}`, '{"b":"two"}', `{"c":"${"é".repeat(30)}"}`, "", "{}"];
    const input = Buffer.from(`${lines.join("\n")}\n`);
    for (const size of [1, 5, 17, 64, input.length]) {
      const s = new LineSplitter({ streamAbove: 40, pieceBytes: 16 });
      const read = Buffer.alloc(size);
      const whole: Buffer[] = [];
      const parts: Buffer[] = [];
      const got: string[] = [];
      const take = (events: LineEvent[]) => {
        for (const e of events) {
          if (e.kind === "line") whole.push(e.bytes);
          else if (e.kind === "part") {
            parts.push(Buffer.from(e.bytes));
            if (e.last) got.push(Buffer.concat(parts.splice(0)).toString());
          }
        }
        // The next read lands in the same memory, as with net.Socket's onread.
        read.fill(0x7e);
      };
      for (let i = 0; i < input.length; i += size) {
        const n = input.copy(read, 0, i, i + size);
        take(s.push(read.subarray(0, n)));
      }
      take(s.end());
      expect(got, `read ${size}`).toEqual([lines[1], lines[3]]);
      expect(
        whole.map((b) => b.toString()),
        `read ${size}`,
      ).toEqual([lines[0], lines[2], lines[4], lines[5]]);
    }
  });

  it("keeps a part valid after a later line in the same read starts", () => {
    const s = new LineSplitter({ streamAbove: 4, pieceBytes: 2 });
    const events = s.push(Buffer.from("abcdefg\nhijklmn"));
    expect(text(events)).toEqual(["part0:ab", "part1:cd", "part2:ef", "part3!:g", "part0:hi", "part1:jk", "part2:lm"]);
  });
});
