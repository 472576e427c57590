/**
 * Host builds that report another protocol version than this checkout's (native-host/build.ts
 * `protocol`, a build-time define), for the tests of a host one version behind or ahead.
 */
import path from "node:path";
import { buildHost } from "../../native-host/build";
import { HOST_CAPABILITIES, HOST_PROTOCOL_VERSION } from "../../shared/host-protocol";

export interface ProtocolHosts {
  /** Protocol N−1, from before browser tools (no capabilities), version 0.0.9. */
  behind: string;
  /** Protocol N+1 that no longer serves protocol N, version 9.0.0. */
  ahead: string;
}

/** Builds both into `dir`; returns their launchers. */
export async function buildProtocolHosts(dir: string): Promise<ProtocolHosts> {
  const n = HOST_PROTOCOL_VERSION;
  const behind = await buildHost({
    outDir: path.join(dir, "behind"),
    version: "0.0.9",
    protocol: { protocolVersion: n - 1, minExtensionProtocol: n - 1, capabilities: [] },
  });
  const ahead = await buildHost({
    outDir: path.join(dir, "ahead"),
    version: "9.0.0",
    protocol: { protocolVersion: n + 1, minExtensionProtocol: n + 1, capabilities: [...HOST_CAPABILITIES] },
  });
  return { behind: behind.launcher!, ahead: ahead.launcher! };
}
