/** A host's hello as the unit tests need one: a current host on Linux, with what a test changes. */
import { HOST_PROTOCOL_VERSION, type HostHello } from "../../shared/host-protocol";

export function hostHello(changes: Partial<HostHello> = {}): HostHello {
  return {
    type: "hello",
    hostVersion: "0.1.0",
    protocolVersion: HOST_PROTOCOL_VERSION,
    profiles: ["goose"],
    defaultProfile: "goose",
    cwd: "/w",
    platform: "linux",
    logFile: "/w/host.log",
    configFile: "/c/host.json",
    nodeVersion: "v20.0.0",
    hostPath: "/h/host.cjs",
    ...changes,
  };
}
