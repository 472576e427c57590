import { describe, expect, it } from "vitest";
import { isLoopback, parseServeUrl } from "../../../../native-host/serve/serve-url";

describe("a goose serve URL", () => {
  it("counts 127.0.0.0/8, ::1 and localhost as this machine, and nothing else", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "[::1]", "localhost", "LOCALHOST", "dev.localhost", "[::ffff:7f00:1]"]) {
      expect(isLoopback(host), host).toBe(true);
    }
    for (const host of ["0.0.0.0", "10.0.0.1", "[::]", "[::ffff:a00:1]", "localhost.example.com", "128.0.0.1", "host.docker.internal"]) {
      expect(isLoopback(host), host).toBe(false);
    }
  });

  it("maps http(s) to ws(s) and keeps a path it was given", () => {
    expect(parseServeUrl("http://[::1]:9000/custom")).toEqual({
      ok: true,
      url: { ws: "ws://[::1]:9000/custom", http: "http://[::1]:9000/custom", loopback: true },
    });
    expect(parseServeUrl("https://box.example")).toMatchObject({ ok: true, url: { ws: "wss://box.example/acp" } });
  });

  it("refuses what is not a URL, and a user or fragment in it", () => {
    expect(parseServeUrl("127.0.0.1:3284")).toMatchObject({ ok: false });
    expect(parseServeUrl("not a url")).toEqual({ ok: false, problem: "is not a URL (e.g. ws://127.0.0.1:3284/acp)" });
    expect(parseServeUrl("ws://me:pw@127.0.0.1/acp")).toMatchObject({ ok: false, problem: expect.stringContaining("user") });
    expect(parseServeUrl("ws://127.0.0.1/acp#x")).toMatchObject({ ok: false });
  });
});
