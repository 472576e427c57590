import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { base64Length, writeBase64 } from "../../../../native-host/wire/base64";

describe("writeBase64", () => {
  it("writes what Buffer's base64 encoder makes, padding included, for every remainder and every byte value", () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const inputs = [Buffer.alloc(0), all, ...Array.from({ length: 40 }, (_, n) => randomBytes(n)), randomBytes(512 * 1024 + 1)];
    for (const src of inputs) {
      const dst = Buffer.alloc(base64Length(src.length) + 6, 0x2e);
      const end = writeBase64(src, dst, 3);
      expect(end, `${src.length} bytes`).toBe(3 + base64Length(src.length));
      expect(dst.toString("latin1"), `${src.length} bytes`).toBe(`...${src.toString("base64")}...`);
    }
  });
});
