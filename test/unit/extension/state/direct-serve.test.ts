import { describe, expect, it } from "vitest";
import { directServeCommand, directServeComplete } from "../../../../extension/state/connection/direct-serve";

const ok = { url: "ws://127.0.0.1:3284/acp", token: "f".repeat(64), cwd: "/home/me/project" };

describe("the setup screen's goose serve, without the host", () => {
  it("prints the command with the token, the URL's port and this extension's origin, in the shell of the OS", () => {
    expect(
      directServeCommand({ url: " ws://127.0.0.1:4000/acp ", token: "t" }, "chrome-extension://abc", "Mozilla/5.0 (X11; Linux x86_64)"),
    ).toBe("GOOSE_SERVER__SECRET_KEY=t goose serve --port 4000 --allowed-origin chrome-extension://abc");
    expect(directServeCommand({ url: ok.url, token: "t" }, "moz-extension://u-u-i-d", "Mozilla/5.0 (Windows NT 10.0)")).toBe(
      '$env:GOOSE_SERVER__SECRET_KEY="t"; goose serve --port 3284 --allowed-origin moz-extension://u-u-i-d',
    );
  });

  it("is complete with a WebSocket address, a token goose takes and an absolute folder", () => {
    expect(directServeComplete(ok)).toBe(true);
    expect(directServeComplete({ ...ok, cwd: "C:\\work" })).toBe(true);
    expect(directServeComplete({ ...ok, url: "http://127.0.0.1:3284" })).toBe(false);
    expect(directServeComplete({ ...ok, token: "a b" })).toBe(false);
    expect(directServeComplete({ ...ok, cwd: "project" })).toBe(false);
    expect(directServeComplete({ ...ok, cwd: "" })).toBe(false);
  });
});
