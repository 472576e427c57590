/** The built host bundle as node loads it (`npm run build:host` first). */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";

const BUNDLE = path.resolve(import.meta.dirname, "../../../dist/native-host/host.cjs");

describe("host bundle", () => {
  it("is ASCII only, so V8 holds its source one byte a character (native-host/build.ts)", () => {
    const bytes = fs.readFileSync(BUNDLE);
    const first = bytes.findIndex((b) => b > 0x7f);
    expect(first === -1 ? "" : bytes.subarray(Math.max(0, first - 60), first + 20).toString("utf8")).toBe("");
  });

  it("holds the browser-tools part (MCP SDK, zod) only as packed text, compiled on first use (native-host/build.ts)", () => {
    const text = fs.readFileSync(BUNDLE, "utf8");
    const start = text.indexOf("function browserToolsPartText()");
    const open = text.indexOf("[", start);
    const end = text.indexOf('].join("");', start);
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(open);
    // The pieces are JSON string literals: together, base64 of the brotli-packed part.
    const pieces = JSON.parse(`${text.slice(open, end)}]`) as string[];
    const part = zlib.brotliDecompressSync(Buffer.from(pieces.join(""), "base64")).toString("latin1");
    for (const marker of ["var McpServer", "StreamableHTTPServerTransport = class", "var require_ajv"]) {
      expect(part.includes(marker), marker).toBe(true);
      expect(text.includes(marker), marker).toBe(false);
    }
  });
});
