import { describe, expect, it } from "vitest";
import { StderrTail } from "../../../../native-host/agent/stderr-tail";

describe("StderrTail", () => {
  it("keeps the last lines, joins lines split across reads, and includes an unterminated last line", () => {
    const t = new StderrTail(3);
    expect(t.push(Buffer.from("one\ntw"))).toEqual(["one"]);
    expect(t.push(Buffer.from("o\r\n\nthree\nfour\nfi"))).toEqual(["two", "three", "four"]);
    expect(t.tail()).toEqual(["three", "four", "fi"]);
  });

  it("clips very long lines and decodes multibyte characters split across reads", () => {
    const t = new StderrTail();
    const goose = Buffer.from("🪿\n");
    t.push(goose.subarray(0, 2));
    t.push(goose.subarray(2));
    t.push(Buffer.from(`${"x".repeat(2000)}\n`));
    const [first, second] = t.tail();
    expect(first).toBe("🪿");
    expect(second!.length).toBe(501);
    expect(second!.endsWith("…")).toBe(true);
  });
});
