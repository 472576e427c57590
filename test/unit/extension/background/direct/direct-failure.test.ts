import { describe, expect, it } from "vitest";
import { beforeOpen, httpUrls, whyNotOpen } from "../../../../../extension/background/direct/direct-failure";

const URL_ = "ws://127.0.0.1:3284/acp";
const ORIGIN = "chrome-extension://abc";

describe("why the direct WebSocket did not open", () => {
  it("asks goose over HTTP: 401 is the token, 200 the origin, a blocked request with /status answering the origin", async () => {
    const calls: string[] = [];
    const answering = (status: number) => async (url: string, init: { headers?: Record<string, string> }) => {
      calls.push(`${url} ${init.headers?.["x-secret-key"] ?? ""}`);
      return { status };
    };
    expect((await whyNotOpen(URL_, "tok", ORIGIN, answering(401))).kind).toBe("token");
    expect(calls).toEqual(["http://127.0.0.1:3284/acp tok"]);
    const origin = await whyNotOpen(URL_, "tok", ORIGIN, answering(200));
    expect(origin.kind).toBe("origin");
    expect(origin.fix).toContain(`\`--allowed-origin ${ORIGIN}\``);
    expect(origin.fix).toContain(`\`GOOSE_SERVER__SECRET_KEY=<your token> goose serve --port 3284 --allowed-origin ${ORIGIN}\``);
    expect(JSON.stringify(origin)).not.toContain('tok"');
    expect((await whyNotOpen(URL_, "tok", ORIGIN, answering(500))).message).toBe(`the goose serve at ${URL_} answered 500`);
    const blocked = async (_url: string, init: { mode?: string }) => {
      if (init.mode !== "no-cors") throw new TypeError("Failed to fetch");
      return { status: 0 };
    };
    expect((await whyNotOpen(URL_, "tok", ORIGIN, blocked)).kind).toBe("origin");
    const nothing = () => Promise.reject(new TypeError("Failed to fetch"));
    expect((await whyNotOpen(URL_, "tok", ORIGIN, nothing)).kind).toBe("unreachable");
  });

  it("before opening: nothing against a server that takes the token, whose HTTP connection it lets go; the token's refusal", async () => {
    const calls: string[] = [];
    const fetch = async (url: string, init: { method?: string; headers?: Record<string, string> }) => {
      calls.push(`${init.method} ${url} ${init.headers?.["acp-connection-id"] ?? ""}`);
      return {
        status: init.headers?.["x-secret-key"] === "tok" ? 200 : 401,
        headers: { get: (n: string) => (n === "acp-connection-id" ? "c1" : null) },
      };
    };
    expect(await beforeOpen(URL_, "tok", ORIGIN, fetch)).toBeNull();
    expect(calls).toEqual(["POST http://127.0.0.1:3284/acp ", "DELETE http://127.0.0.1:3284/acp c1"]);
    expect((await beforeOpen(URL_, "wrong", ORIGIN, fetch))?.kind).toBe("token");
    // Read without CORS (every site's access granted): goose names an origin it allows, and no other.
    const uncors = (allows: string | null) => async () => ({
      status: 200,
      type: "basic",
      headers: { get: (n: string) => (n === "access-control-allow-origin" ? allows : null) },
    });
    expect(await beforeOpen(URL_, "tok", ORIGIN, uncors(ORIGIN))).toBeNull();
    expect((await beforeOpen(URL_, "tok", ORIGIN, uncors(null)))?.kind).toBe("origin");
  });

  it("finds the HTTP addresses of the ACP endpoint and /status", () => {
    expect(httpUrls("wss://box:3284/acp")).toEqual({ acp: "https://box:3284/acp", status: "https://box:3284/status" });
    expect(httpUrls(URL_)).toEqual({ acp: "http://127.0.0.1:3284/acp", status: "http://127.0.0.1:3284/status" });
  });
});
