/**
 * What the CLI's commands run against: the machine (platform, home, environment, registry) and the
 * host they install. Tests build their own context against a temporary home and a fake registry.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PlatformInfo } from "../native-host/setup/paths";
import { HOST_VERSION } from "../native-host/setup/version";
import { MemoryRegistry, RegExeRegistry, type RegistryOps } from "./browsers/registry";
import { EXE_NAME, PACKAGE_NAME } from "./command-names";
import { nodeOnPath } from "./plan/node-path";

export interface CliContext {
  p: PlatformInfo;
  execPath: string;
  nodeVersion: string;
  /** The host bundle to install and its version. */
  source: HostSource;
  registry: RegistryOps;
  policyRoot: string;
  /** "/" normally; tests point it at a fake root where browsers' programs are "installed". */
  systemRoot: string;
  out(text: string): void;
  err(text: string): void;
  liveTimeoutMs?: number;
  /** The effective uid (POSIX), to refuse running under sudo. */
  uid?: number;
}

export interface HostSource {
  bundle: string;
  version: string;
  /** A checkout's host sources: one newer than the bundle means it needs rebuilding. */
  sourceDirs?: string[];
  /** `bundle` is the standalone executable itself (release/exe-main.ts), installed and started without node. */
  executable?: boolean;
}

/** A checkout: dist/native-host/host.cjs, built by `npm run build:host`, versioned by package.json. */
export function checkoutSource(root: string): HostSource {
  return {
    bundle: path.join(root, "dist", "native-host", "host.cjs"),
    version: readVersion(root),
    sourceDirs: [path.join(root, "native-host"), path.join(root, "shared")],
  };
}

/** The npm package: dist/host.cjs beside the CLI, versioned by the package's package.json. */
function packageSource(root: string): HostSource {
  return { bundle: path.join(root, "dist", "host.cjs"), version: readVersion(root) };
}

/** `root`: the checkout, or the installed package (the folder above the CLI's dist/). */
export function defaultContext(root: string): CliContext {
  return {
    p: { platform: process.platform, home: os.homedir(), env: process.env },
    // The executable is no node: npx agents (`add`) run with the node on PATH, if there is one.
    execPath: EXE_NAME ? (nodeOnPath(process.env.PATH ?? "", process.platform)[0] ?? process.execPath) : process.execPath,
    nodeVersion: process.version,
    source: EXE_NAME
      ? { bundle: process.execPath, version: HOST_VERSION, executable: true }
      : PACKAGE_NAME
        ? packageSource(root)
        : checkoutSource(root),
    // Off Windows nothing reads the registry; the in-memory one keeps the code paths uniform.
    registry: process.platform === "win32" ? new RegExeRegistry() : new MemoryRegistry(),
    policyRoot: "/",
    systemRoot: "/",
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    ...(process.getuid ? { uid: process.getuid() } : {}),
  };
}

function readVersion(root: string): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "0.0.0-dev";
  }
}
