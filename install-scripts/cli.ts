/**
 * Entry point: `node --import tsx install-scripts/cli.ts <install|uninstall|doctor|agents|add> [options]`
 * (npm run install-host / uninstall-host / doctor / agents / add-agent). runCli takes the machine as a parameter, so
 * tests run it against a temporary home and a fake registry.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PlatformInfo } from "../native-host/setup/paths";
import { type CliCommand, parseArgs, USAGE, UsageError } from "./args";
import { addCommand } from "./commands/add";
import { agentsCommand } from "./commands/agents";
import { doctor } from "./doctor";
import { install } from "./install";
import { MemoryRegistry, RegExeRegistry, type RegistryOps } from "./registry";
import { uninstall } from "./uninstall";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface CliContext {
  p: PlatformInfo;
  execPath: string;
  nodeVersion: string;
  /** The checkout holding package.json and dist/native-host/host.cjs. */
  repoRoot: string;
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

export function defaultContext(): CliContext {
  return {
    p: { platform: process.platform, home: os.homedir(), env: process.env },
    execPath: process.execPath,
    nodeVersion: process.version,
    repoRoot: REPO_ROOT,
    // Off Windows nothing reads the registry; the in-memory one keeps the code paths uniform.
    registry: process.platform === "win32" ? new RegExeRegistry() : new MemoryRegistry(),
    policyRoot: "/",
    systemRoot: "/",
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    ...(process.getuid ? { uid: process.getuid() } : {}),
  };
}

export async function runCli(argv: readonly string[], ctx: CliContext): Promise<number> {
  let cmd: CliCommand;
  try {
    // Commands with their own module parse their own options.
    if (argv[0] === "agents" || argv[0] === "add") return await (argv[0] === "agents" ? agentsCommand : addCommand)(argv.slice(1), ctx);
    cmd = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    ctx.err(`${e.message}\n\n${USAGE}`);
    return 2;
  }
  // Per-user install: under sudo, HOME and the files' owner would be root's, not the user's.
  if ((cmd.command === "install" || cmd.command === "uninstall") && ctx.p.platform !== "win32" && ctx.p.env.SUDO_USER && ctx.uid === 0) {
    ctx.err(`goose-browser installs per user: run it without sudo, as ${ctx.p.env.SUDO_USER}.\n`);
    return 1;
  }
  const hostVersion = readVersion(ctx.repoRoot);
  switch (cmd.command) {
    case "help":
      ctx.out(USAGE);
      return 0;
    case "install":
      return install(
        {
          p: ctx.p,
          execPath: ctx.execPath,
          nodeVersion: ctx.nodeVersion,
          hostVersion,
          sourceBundle: path.join(ctx.repoRoot, "dist", "native-host", "host.cjs"),
          sourceDirs: [path.join(ctx.repoRoot, "native-host"), path.join(ctx.repoRoot, "shared")],
          registry: ctx.registry,
          systemRoot: ctx.systemRoot,
          out: ctx.out,
        },
        cmd,
      );
    case "uninstall":
      return uninstall({ p: ctx.p, registry: ctx.registry, out: ctx.out }, cmd);
    case "doctor":
      return doctor(
        {
          p: ctx.p,
          hostVersion,
          registry: ctx.registry,
          policyRoot: ctx.policyRoot,
          systemRoot: ctx.systemRoot,
          out: ctx.out,
          ...(ctx.liveTimeoutMs ? { liveTimeoutMs: ctx.liveTimeoutMs } : {}),
        },
        cmd,
      );
  }
}

function readVersion(root: string): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "0.0.0-dev";
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runCli(process.argv.slice(2), defaultContext());
}
