/**
 * Which of an agent's distributions this machine installs, and the host profile that runs it. Pure:
 * the registry entry, the OS and CPU, and where node and npx are come in; a plan or a refusal with
 * its reason comes out.
 *  - a binary archive for this platform (.tar.gz, .tgz, .tar.bz2, .zip, or a bare program) with its sha256 is
 *    preferred: it runs without the network once installed;
 *  - else an `npx` package, run by the node the installer found, through npm's own npx-cli.js
 *    (argv only: no shell, no `npx.cmd` on Windows);
 *  - `uvx` packages and other archive formats are not installable here yet; the refusal says so.
 */
import type { PackageDistribution, RegistryAgent, RegistryPlatform } from "./registry-format";

export type ArchiveFormat = "tar.gz" | "tar.bz2" | "zip" | "raw";

/** The profile written into host.json (native-host/setup/config.ts); `versionArgs: []` skips a version run. */
export interface ProfileSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export type InstallPlan =
  | { kind: "npx"; agent: RegistryAgent; profile: ProfileSpec }
  | {
      kind: "binary";
      agent: RegistryAgent;
      platform: RegistryPlatform;
      archive: string;
      sha256: string;
      format: ArchiveFormat;
      /** The program's path inside the unpacked folder, with "/" separators and no "./". */
      cmd: string;
      args: string[];
      env: Record<string, string>;
    }
  | { kind: "unavailable"; agent: RegistryAgent; reason: string };

export interface NodeTools {
  /** The node that runs npx-cli.js (the launcher's node). */
  node: string;
  /** npm's npx-cli.js next to that node, when found. */
  npxCli?: string;
}

export function registryPlatform(platform: NodeJS.Platform, arch: string): RegistryPlatform | undefined {
  const os = platform === "darwin" ? "darwin" : platform === "linux" ? "linux" : platform === "win32" ? "windows" : undefined;
  const cpu = arch === "x64" ? "x86_64" : arch === "arm64" ? "aarch64" : undefined;
  return os && cpu ? (`${os}-${cpu}` as RegistryPlatform) : undefined;
}

export function archiveFormat(url: string): ArchiveFormat | "unsupported" {
  const name = (urlPath(url).split("/").pop() ?? "").toLowerCase();
  if (name.endsWith(".tar.gz") || name.endsWith(".tgz")) return "tar.gz";
  if (name.endsWith(".tar.bz2") || name.endsWith(".tbz2")) return "tar.bz2";
  if (name.endsWith(".zip")) return "zip";
  if (/\.(tar\.xz|txz|tar|dmg|pkg|deb|rpm|msi|appimage)$/.test(name)) return "unsupported";
  return "raw";
}

export function planInstall(agent: RegistryAgent, platform: RegistryPlatform | undefined, tools: NodeTools): InstallPlan {
  const reasons: string[] = [];
  const target = platform ? agent.binary[platform] : undefined;
  if (target) {
    const format = archiveFormat(target.archive);
    const cmd = programPath(target.cmd);
    if (format === "unsupported") reasons.push(`its ${platform} archive (${target.archive}) is a format this installer cannot unpack yet`);
    else if (!target.sha256) reasons.push(`its ${platform} archive has no sha256 in the registry, so it cannot be verified`);
    else if (!cmd) reasons.push(`its ${platform} program "${target.cmd}" is not a path inside the archive`);
    else
      return {
        kind: "binary",
        agent,
        platform: platform!,
        archive: target.archive,
        sha256: target.sha256,
        format,
        cmd,
        args: target.args,
        env: target.env,
      };
  } else if (Object.keys(agent.binary).length > 0) {
    reasons.push(`it has no binary for ${platform ?? "this OS and CPU"} (only ${Object.keys(agent.binary).join(", ")})`);
  }
  if (agent.npx) {
    if (tools.npxCli) return { kind: "npx", agent, profile: npxProfile(agent.npx, tools.node, tools.npxCli) };
    reasons.push(`its npm package needs npx, and npm's npx-cli.js was not found next to ${tools.node}`);
  }
  if (agent.uvx) reasons.push(`its Python package (uvx ${agent.uvx.package}) is not installable by goose-browser yet`);
  if (reasons.length === 0) reasons.push("the registry lists no distribution for it");
  return { kind: "unavailable", agent, reason: reasons.join("; ") };
}

/** `node npx-cli.js --yes <package> [args]`, or `--package <package> <cmd>` when the package names its program. */
function npxProfile(dist: PackageDistribution, node: string, npxCli: string): ProfileSpec {
  const what = dist.cmd ? ["--package", dist.package, dist.cmd] : [dist.package];
  return { command: node, args: [npxCli, "--yes", ...what, ...dist.args], env: dist.env };
}

/**
 * The registry's `cmd` as a relative path inside the unpacked folder ("./goose-package\goose.exe" →
 * "goose-package/goose.exe"); undefined when it is absolute or climbs out with "..".
 */
export function programPath(cmd: string): string | undefined {
  const parts = cmd.split(/[\\/]+/).filter((p) => p !== "" && p !== ".");
  if (/^([\\/]|[A-Za-z]:)/.test(cmd) || parts.length === 0 || parts.includes("..")) return undefined;
  return parts.join("/");
}

/** One line for `agents`: how it would run here. */
export function describePlan(plan: InstallPlan): string {
  switch (plan.kind) {
    case "npx":
      return `npx ${plan.agent.npx?.package}`;
    case "binary":
      return `${plan.platform} ${plan.format === "raw" ? "program" : plan.format}`;
    case "unavailable":
      return "not installable here";
  }
}

function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
