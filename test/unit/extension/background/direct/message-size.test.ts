import { describe, expect, it } from "vitest";
import { oversize } from "../../../../../extension/background/direct/message-size";

describe("a message for goose serve over the direct path", () => {
  it("fits up to 16 MiB of UTF-8, counted in bytes, not characters", () => {
    expect(oversize("x".repeat(16 * 1024 * 1024))).toBeNull();
    expect(oversize("x".repeat(16 * 1024 * 1024 + 1))).toMatch(/^This message is 16\.0 MiB: goose serve takes at most 16\.0 MiB/);
    // 6 MiB of three-byte characters is 18 MiB on the wire.
    expect(oversize("€".repeat(6 * 1024 * 1024))).toMatch(/^This message is 18\.0 MiB/);
  });
});
