import { describe, expect, it } from "vitest";
import { failureOfError, failureOfStatus, isTransient } from "../../../../native-host/serve/serve-failure";
import { reconnectDelayMs } from "../../../../shared/reconnect-backoff";

const c = { profile: "desktop", url: "ws://127.0.0.1:3284/acp", configFile: "/home/me/.config/goose-browser/host.json" };
const error = (code: string) => Object.assign(new Error(code), { code });

describe("why a goose serve connection failed", () => {
  it("tells the token (401), the Origin (403) and a wrong path (404) apart", () => {
    expect(failureOfStatus(401, c)).toEqual({
      kind: "unauthorized",
      message: "the goose serve at ws://127.0.0.1:3284/acp refused the token (401)",
      fix: "Set profiles.desktop.token in /home/me/.config/goose-browser/host.json to the GOOSE_SERVER__SECRET_KEY that server was started with, then press Restart.",
    });
    expect(failureOfStatus(403, c).kind).toBe("refused");
    expect(failureOfStatus(404, c).kind).toBe("not_acp");
    expect(failureOfStatus(502, c)).toMatchObject({ kind: "failed", message: "the goose serve at ws://127.0.0.1:3284/acp answered 502" });
  });

  it("calls a refused or timed-out connection unreachable, and a certificate problem a TLS one", () => {
    expect(failureOfError(error("ECONNREFUSED"), c)).toMatchObject({
      kind: "unreachable",
      message: "nothing answers at ws://127.0.0.1:3284/acp (ECONNREFUSED)",
    });
    expect(failureOfError(error("ETIMEDOUT"), c).kind).toBe("unreachable");
    expect(failureOfError(error("DEPTH_ZERO_SELF_SIGNED_CERT"), c)).toMatchObject({
      kind: "tls",
      fix: expect.stringContaining("set profiles.desktop.certificate in /home/me/.config/goose-browser/host.json"),
    });
  });

  it("tries again by itself only while nothing answers", () => {
    expect(isTransient("unreachable")).toBe(true);
    for (const kind of ["unauthorized", "refused", "not_acp", "tls", "outdated", "failed"] as const) expect(isTransient(kind)).toBe(false);
  });

  it("waits half a second, then twice as long each time, at most 15 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(reconnectDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  });
});
