/** The built host bundle as node loads it (`npm run build:host` first). */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const BUNDLE = path.resolve(import.meta.dirname, "../../dist/native-host/host.cjs");

describe("host bundle", () => {
  it("is ASCII only, so V8 holds its source one byte a character (native-host/build.ts)", () => {
    const bytes = fs.readFileSync(BUNDLE);
    const first = bytes.findIndex((b) => b > 0x7f);
    expect(first === -1 ? "" : bytes.subarray(Math.max(0, first - 60), first + 20).toString("utf8")).toBe("");
  });
});
