/**
 * What to spawn for an agent command the user configured (host.json or the installer's --agent; never a
 * command from a message). On Linux and macOS: the command itself. On Windows a `.cmd`/`.bat`, which
 * Node will not spawn without a shell: the program an npm shim names (node and its script), else
 * cmd.exe with every argument quoted (windows-command.ts). File reads are injected, so every OS's
 * answer is testable anywhere.
 */
import fs from "node:fs";
import path from "node:path";
import type { PlatformInfo } from "../setup/paths";
import { pathDirs } from "./discover";
import { cmdExeArguments, cmdUnsafeArgument, isBatchFile, parseCmdShim, startableExtensions } from "./windows-command";

export interface SpawnCommand {
  file: string;
  args: string[];
  /** Windows: the arguments are one command line already quoted (cmd.exe's). */
  windowsVerbatimArguments?: true;
  /** How a batch file is run, for the log: "npm shim" or "cmd.exe". */
  via?: string;
}

export type LaunchPlan = { ok: true; command: SpawnCommand } | { ok: false; message: string; fix: string };

export interface LaunchIO {
  /** The file's text, or undefined if it cannot be read. */
  readText(file: string): string | undefined;
  isFile(file: string): boolean;
}

/** A shim is a few hundred bytes; anything much larger is no npm shim. */
const MAX_SHIM_BYTES = 16 * 1024;

const fileLaunchIO: LaunchIO = {
  readText(file) {
    try {
      const fd = fs.openSync(file, "r");
      try {
        const buf = Buffer.alloc(MAX_SHIM_BYTES + 1);
        const n = fs.readSync(fd, buf, 0, buf.length, 0);
        return n > MAX_SHIM_BYTES ? "" : buf.subarray(0, n).toString("utf8");
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return undefined;
    }
  },
  isFile(file) {
    try {
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  },
};

/**
 * `file` (already discovered) with `args`, as the agent's environment `env` (its PATH finds node for
 * an npm shim). Refused, with a fix, only on Windows: an npm shim whose node is nowhere, or an
 * argument cmd.exe cannot carry.
 */
export function planLaunch(
  file: string,
  args: string[],
  p: Pick<PlatformInfo, "platform" | "env">,
  env: NodeJS.ProcessEnv,
  io: LaunchIO = fileLaunchIO,
): LaunchPlan {
  if (p.platform !== "win32" || !isBatchFile(file)) return { ok: true, command: { file, args } };
  const text = io.readText(file);
  const shim = text === undefined ? undefined : parseCmdShim(text, file);
  if (shim?.kind === "program") return { ok: true, command: { file: shim.file, args: [...shim.args, ...args], via: "npm shim" } };
  if (shim?.kind === "node") {
    const local = path.win32.join(path.win32.dirname(file), "node.exe");
    const node = shim.preferLocal && io.isFile(local) ? local : findNode(env, io);
    if (!node) {
      return {
        ok: false,
        message: `${file} runs its script with node, and node is not on the agent's PATH`,
        fix: "Install Node.js (https://nodejs.org), or add its folder to the PATH, then re-run the install command.",
      };
    }
    return { ok: true, command: { file: node, args: [...shim.args, ...args], via: "npm shim" } };
  }
  const unsafe = cmdUnsafeArgument(args);
  if (unsafe !== undefined) {
    return {
      ok: false,
      message: `${file} is a batch file, run through cmd.exe, and the argument ${JSON.stringify(unsafe)} has a line break cmd.exe cannot pass`,
      fix: "Remove the line break from the profile's args, or point the profile at the program the batch file runs.",
    };
  }
  const cmd = path.win32.join(p.env.SystemRoot ?? p.env.SYSTEMROOT ?? "C:\\Windows", "System32", "cmd.exe");
  return { ok: true, command: { file: cmd, args: cmdExeArguments(file, args), windowsVerbatimArguments: true, via: "cmd.exe" } };
}

/** node as the shim's `node` would find it: the first node.exe (or .com) on PATH. */
function findNode(env: NodeJS.ProcessEnv, io: LaunchIO): string | undefined {
  const names = startableExtensions(env)
    .filter((e) => e === ".exe" || e === ".com")
    .map((e) => `node${e}`);
  for (const dir of pathDirs(env.PATH ?? env.Path, "win32")) {
    for (const name of names) {
      const candidate = path.win32.join(dir, name);
      if (path.win32.isAbsolute(dir) && io.isFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/** For the log: what runs, when it is not the command itself. */
export function describeLaunch(file: string, c: SpawnCommand): string {
  return c.via ? `${file} (${c.via}: ${c.file} ${c.args.join(" ")})` : `${file} ${c.args.join(" ")}`;
}
