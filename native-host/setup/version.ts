import { HOST_CAPABILITIES, HOST_PROTOCOL_VERSION, MIN_EXTENSION_PROTOCOL } from "../../shared/host-protocol";
import { SERVE_PROFILES_CAPABILITY } from "../../shared/serve-profiles";

/** The host's own version, replaced at bundle time by native-host/build.ts. */
declare const __HOST_VERSION__: string | undefined;
export const HOST_VERSION: string = typeof __HOST_VERSION__ === "string" ? __HOST_VERSION__ : "0.0.0-dev";

/** The protocol this host speaks and announces in its hello. */
export interface HostProtocol {
  protocolVersion: number;
  /** The oldest extension protocol it serves. */
  minExtensionProtocol: number;
  capabilities: readonly string[];
}

/** Set only by a test build of another protocol version (native-host/build.ts `protocol`); never at run time. */
declare const __HOST_PROTOCOL__: HostProtocol | undefined;
export const HOST_PROTOCOL: HostProtocol =
  typeof __HOST_PROTOCOL__ === "object"
    ? __HOST_PROTOCOL__
    : {
        protocolVersion: HOST_PROTOCOL_VERSION,
        minExtensionProtocol: MIN_EXTENSION_PROTOCOL,
        capabilities: [...HOST_CAPABILITIES, SERVE_PROFILES_CAPABILITY],
      };
