/** The host's `hello`: its versions, what it serves, its profiles and folders (shared/host-protocol.ts). */
import type { HostHello } from "../../shared/host-protocol";
import type { LoadedConfig } from "../setup/config";
import { runtimeVersion } from "../setup/runtime";
import { HOST_PROTOCOL, HOST_VERSION } from "../setup/version";

export function hostHello(loaded: LoadedConfig, platform: NodeJS.Platform, hostPath: string): HostHello {
  const { config, file, error } = loaded;
  return {
    type: "hello",
    hostVersion: HOST_VERSION,
    protocolVersion: HOST_PROTOCOL.protocolVersion,
    minExtensionProtocol: HOST_PROTOCOL.minExtensionProtocol,
    capabilities: [...HOST_PROTOCOL.capabilities],
    profiles: config.profileNames,
    defaultProfile: config.defaultProfile,
    cwd: config.cwd,
    platform,
    logFile: config.logFile,
    configFile: file,
    ...(error ? { configError: error } : {}),
    nodeVersion: runtimeVersion(),
    hostPath,
    browserTools: HOST_PROTOCOL.capabilities.includes("browser_tools"),
  };
}
