/** The hello the direct path's port says as a host would (shared/host-protocol.ts): no host, no browser tools. Pure. */
import { HOST_PROTOCOL_VERSION, type HostHello } from "../../../shared/host-protocol";

export function directHello(cwd: string, profile: string): HostHello {
  return {
    type: "hello",
    hostVersion: "none (goose serve, direct)",
    protocolVersion: HOST_PROTOCOL_VERSION,
    minExtensionProtocol: HOST_PROTOCOL_VERSION,
    // goose serve answers goose's own session methods itself.
    capabilities: ["goose_session_methods"],
    profiles: [profile],
    defaultProfile: profile,
    cwd,
    platform: "",
    logFile: "",
    configFile: "",
    nodeVersion: "",
    hostPath: "",
    direct: true,
  };
}
