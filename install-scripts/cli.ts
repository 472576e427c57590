/**
 * Entry point: `node --import tsx install-scripts/cli.ts <command> [options]` in a checkout (npm run
 * install-host / uninstall-host / doctor), and the released package's bin (bundled by
 * release/build-package.ts). The commands are in commands/; runCli takes the machine as a parameter,
 * so tests run it against a temporary home and a fake registry.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "./args";
import type { CliContext } from "./cli-context";
import { defaultContext } from "./cli-context";
import { PACKAGE_NAME } from "./command-names";
import type { ParsedCommand } from "./commands/command";
import { commandUsage, type HelpRequest, parseArgs, usage } from "./commands/index";

export async function runCli(argv: readonly string[], ctx: CliContext): Promise<number> {
  let cmd: ParsedCommand | HelpRequest;
  try {
    cmd = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    // A mistake in one command's options: that command's usage, not all of it.
    ctx.err(`${e.message}\n\n${argv[0] ? commandUsage(argv[0]) : usage()}`);
    return 2;
  }
  if ("help" in cmd) {
    ctx.out(cmd.command ? commandUsage(cmd.command) : usage());
    return 0;
  }
  // Per-user install: under sudo, HOME and the files' owner would be root's, not the user's.
  const name = cmd.args.command;
  if ((name === "install" || name === "uninstall") && ctx.p.platform !== "win32" && ctx.p.env.SUDO_USER && ctx.uid === 0) {
    ctx.err(`goose-browser installs per user: run it without sudo, as ${ctx.p.env.SUDO_USER}.\n`);
    return 1;
  }
  return cmd.run(ctx);
}

/** Runs the CLI as a program: its exit code, or 70 with the stack for a bug. */
export function main(argv: readonly string[], ctx: CliContext): void {
  runCli(argv, ctx).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`goose-browser: ${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 70;
    },
  );
}

const self = fileURLToPath(import.meta.url);
// The released CLI is this module bundled, so it always runs; in a checkout, only when started directly.
if (PACKAGE_NAME || (process.argv[1] && path.resolve(process.argv[1]) === self)) {
  main(process.argv.slice(2), defaultContext(path.resolve(path.dirname(self), "..")));
}
