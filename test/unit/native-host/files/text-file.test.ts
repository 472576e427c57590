import { describe, expect, it } from "vitest";
import { bytesToWrite, decodeText, FileRefusal, linesOf, MAX_TEXT_FILE_BYTES } from "../../../../native-host/files/text-file";

describe("text files", () => {
  it("decodes UTF-8 and notes a byte-order mark and CRLF line ends", () => {
    expect(decodeText(Buffer.from("a\nb\n"), "f")).toEqual({ text: "a\nb\n", bom: false, crlf: false });
    expect(decodeText(Buffer.from("\uFEFFa\r\nb\r\n"), "f")).toEqual({ text: "a\r\nb\r\n", bom: true, crlf: true });
    // Mixed line ends are kept as they are.
    expect(decodeText(Buffer.from("a\r\nb\n"), "f").crlf).toBe(false);
  });

  it("refuses binary and non-UTF-8 bytes", () => {
    expect(() => decodeText(Buffer.from([0x61, 0x00, 0x62]), "f")).toThrow(/binary/);
    expect(() => decodeText(Buffer.from([0x63, 0xe9, 0x0a]), "f")).toThrow(/not UTF-8/);
    expect(() => decodeText(Buffer.from([0xed, 0xa0, 0x80]), "f")).toThrow(FileRefusal);
  });

  it("keeps the old file's line ends and mark when writing the agent's text", () => {
    const old = decodeText(Buffer.from("\uFEFFa\r\nb\r\n"), "f");
    expect(bytesToWrite("a\nc\n", old).toString()).toBe("\uFEFFa\r\nc\r\n");
    expect(bytesToWrite("a\r\nc\n", old).toString()).toBe("\uFEFFa\r\nc\n");
    expect(bytesToWrite("x\n", null).toString()).toBe("x\n");
    expect(MAX_TEXT_FILE_BYTES).toBeLessThan(1024 * 1024);
  });

  it("takes lines from a 1-based line, `limit` of them", () => {
    const text = "a\nb\nc\nd";
    expect(linesOf(text)).toBe(text);
    expect(linesOf(text, 2)).toBe("b\nc\nd");
    expect(linesOf(text, 2, 2)).toBe("b\nc\n");
    expect(linesOf(text, 4, 5)).toBe("d");
    expect(linesOf(text, 9)).toBe("");
    expect(linesOf(text, 1, 0)).toBe("");
  });
});
