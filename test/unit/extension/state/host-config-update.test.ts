/**
 * A host that re-read its config (`config` message, shared/host-protocol.ts): the background reads
 * it (host-inbound.ts) and the state's hello takes the new profiles, so Options and the panel offer
 * them without a reconnect.
 */
import { describe, expect, it } from "vitest";
import { HostInbound } from "../../../../extension/background/host/host-inbound";
import { type ConnectionEvent, initialConnectionState, reduceConnection } from "../../../../extension/state/connection/connection";
import type { HostConfigUpdate } from "../../../../shared/host-protocol";
import { hostHello } from "../../../helpers/host-hello";

const hello = hostHello({ configError: "an old error" });
const update: HostConfigUpdate = {
  type: "config",
  profiles: ["goose", "gemini"],
  defaultProfile: "gemini",
  cwd: "/p",
  configFile: "/c/host.json",
};

function run(...events: ConnectionEvent[]) {
  return events.reduce(reduceConnection, initialConnectionState);
}

describe("host config updates", () => {
  it("are read into one event, and a malformed one is ignored", () => {
    const inbound = new HostInbound();
    expect(inbound.receive({ host: update })).toEqual({ events: [{ type: "host_config", config: update }] });
    for (const bad of [
      { ...update, profiles: "goose" },
      { ...update, profiles: [1] },
      { ...update, cwd: 3 },
      { ...update, defaultProfile: undefined },
    ]) {
      expect(inbound.receive({ host: bad }).events).toEqual([]);
    }
  });

  it("replace the profiles, default, folder and error of the ready host's hello", () => {
    const s = run({ type: "connecting" }, { type: "hello", hello }, { type: "host_config", config: update });
    const before = run({ type: "connecting" }, { type: "hello", hello }).link;
    expect(s.link).toEqual({
      phase: "ready",
      hello: { ...hello, profiles: ["goose", "gemini"], defaultProfile: "gemini", cwd: "/p", configError: undefined },
      // How the host fits this extension is the hello's, unchanged by a config edit.
      fit: before.phase === "ready" ? before.fit : undefined,
    });
    expect(s.link.phase === "ready" && "configError" in s.link.hello).toBe(false);
    expect(s.lastHello?.profiles).toEqual(["goose", "gemini"]);
    const broken = reduceConnection(s, { type: "host_config", config: { ...update, configError: "not JSON" } });
    expect(broken.link.phase === "ready" && broken.link.hello.configError).toBe("not JSON");
  });

  it("change nothing before a hello or after a disconnect", () => {
    const connecting = run({ type: "connecting" });
    expect(reduceConnection(connecting, { type: "host_config", config: update })).toBe(connecting);
    const gone = run(
      { type: "connecting" },
      { type: "hello", hello },
      { type: "disconnected", reason: { cause: "host_exited", message: "x", fix: "y" } },
    );
    expect(reduceConnection(gone, { type: "host_config", config: update })).toBe(gone);
  });
});
