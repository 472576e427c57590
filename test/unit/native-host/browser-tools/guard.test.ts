/** Who may reach the host's MCP server: loopback Host, no Origin, the right bearer token, one path. */
import { describe, expect, it } from "vitest";
import { checkRequest, MCP_PATH, newToken } from "../../../../native-host/browser-tools/guard";

const port = 41234;
const token = newToken();
const good = { host: `127.0.0.1:${port}`, authorization: `Bearer ${token}` };

describe("browser tools request guard", () => {
  it("accepts the agent's request on 127.0.0.1 or localhost", () => {
    expect(checkRequest(good, MCP_PATH, { port, token })).toEqual({ ok: true });
    expect(checkRequest({ ...good, host: `LocalHost:${port}` }, MCP_PATH, { port, token })).toEqual({ ok: true });
    expect(checkRequest({ ...good, authorization: `bearer ${token}` }, MCP_PATH, { port, token })).toEqual({ ok: true });
  });

  it.each([
    ["no token", { host: good.host }, 401],
    ["a wrong token", { ...good, authorization: `Bearer ${newToken()}` }, 401],
    ["a token prefix", { ...good, authorization: `Bearer ${token.slice(0, -1)}` }, 401],
    ["another scheme", { ...good, authorization: `Basic ${token}` }, 401],
    ["a foreign Origin", { ...good, origin: "https://evil.example" }, 403],
    ["Origin null", { ...good, origin: "null" }, 403],
    ["an extension Origin", { ...good, origin: "chrome-extension://abc" }, 403],
    ["a rebinding Host", { ...good, host: `evil.example:${port}` }, 403],
    ["another port", { ...good, host: `127.0.0.1:${port + 1}` }, 403],
    ["no port", { ...good, host: "127.0.0.1" }, 403],
    ["no Host", { authorization: good.authorization }, 403],
  ])("refuses %s", (_what, headers, status) => {
    expect(checkRequest(headers, MCP_PATH, { port, token })).toMatchObject({ ok: false, status });
  });

  it("answers 404 for other paths only after the token checks", () => {
    expect(checkRequest(good, "/other", { port, token })).toMatchObject({ ok: false, status: 404 });
    expect(checkRequest({ host: good.host }, "/other", { port, token })).toMatchObject({ ok: false, status: 401 });
  });

  it("makes a fresh 256-bit token each time", () => {
    const a = newToken();
    expect(Buffer.from(a, "base64url")).toHaveLength(32);
    expect(a).not.toBe(newToken());
  });
});
