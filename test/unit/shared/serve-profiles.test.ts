import { describe, expect, it } from "vitest";
import { freshToken, gooseServeCommand, PROFILE_NAME } from "../../../shared/serve-profiles";

describe("goose serve's start command", () => {
  it("names the token and the URL's port, in the shell of the platform", () => {
    expect(gooseServeCommand("t0k", "ws://127.0.0.1:4000/acp", "linux")).toBe("GOOSE_SERVER__SECRET_KEY=t0k goose serve --port 4000");
    expect(gooseServeCommand("t0k", "wss://[::1]:4443/acp", "darwin")).toBe("GOOSE_SERVER__SECRET_KEY=t0k goose serve --port 4443");
    expect(gooseServeCommand("t0k", "ws://localhost/acp", "win32")).toBe('$env:GOOSE_SERVER__SECRET_KEY="t0k"; goose serve --port 3284');
  });

  it("adds the origin goose must allow for the extension's own WebSocket", () => {
    expect(gooseServeCommand("t0k", "ws://127.0.0.1:3284/acp", "linux", "chrome-extension://abc")).toBe(
      "GOOSE_SERVER__SECRET_KEY=t0k goose serve --port 3284 --allowed-origin chrome-extension://abc",
    );
  });

  it("makes a token of 32 random bytes in hex", () => {
    expect(freshToken((b) => b.fill(0xab))).toBe("ab".repeat(32));
    expect(freshToken((b) => b.map((_, i) => i))).toMatch(/^000102.*1f$/);
  });

  it("takes the profile names the installer takes", () => {
    expect(["desktop", "dev-box.2", "a_b"].every((n) => PROFILE_NAME.test(n))).toBe(true);
    expect(["", "-x", "../x", "a b", "é"].some((n) => PROFILE_NAME.test(n))).toBe(false);
  });
});
