import { describe, expect, it } from "vitest";
import { unreachableReason } from "../../../../native-host/browser-tools/reach";

describe("whether the agent can reach the browser-tools server", () => {
  it("can when the host started it, or its goose serve is on this machine", () => {
    for (const command of [
      "/home/me/.local/bin/goose",
      "C:\\goose\\goose.exe",
      "ws://127.0.0.1:3284/acp",
      "wss://localhost:3284/acp",
      "ws://[::1]:9/acp",
    ]) {
      expect(unreachableReason(command), command).toBeUndefined();
    }
  });

  it("cannot when its goose serve is on another machine, and says so", () => {
    expect(unreachableReason("wss://devbox.example:3284/acp")).toBe(
      "goose runs on another machine (devbox.example), and the browser tools listen on this one's loopback address only, which it cannot reach",
    );
    expect(unreachableReason("wss://10.0.0.5/acp")).toContain("(10.0.0.5)");
  });
});
