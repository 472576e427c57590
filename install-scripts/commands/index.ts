/**
 * The CLI's command table: one entry per command, each in its own module. A new command is a module
 * exporting defineCommand(...) and one line here; usage and parsing follow from the table.
 */
import { readOptions, UsageError } from "../args";
import { EXE_NAME, COMMANDS as NAMES, PACKAGE_NAME } from "../command-names";
import { addCommand } from "./add";
import { agentsCommand } from "./agents";
import type { Command, ParsedCommand } from "./command";
import { connectCommand } from "./connect";
import { doctorCommand } from "./doctor";
import { installCommand } from "./install";
import { uninstallCommand } from "./uninstall";

const TABLE: readonly Command[] = [installCommand, uninstallCommand, doctorCommand, agentsCommand, addCommand, connectCommand];

/** Whether these words name a CLI command (or ask for usage): the executable runs the host for any others. */
export function isCliCommand(argv: readonly string[]): boolean {
  const [name] = argv;
  return name === undefined || name === "help" || name === "--help" || name === "-h" || TABLE.some((c) => c.name === name);
}

const HELP_WORDS = new Set(["help", "--help", "-h"]);

/** A request for usage: all of it, or one command's (`install --help`, `help install`). */
export interface HelpRequest {
  help: true;
  command?: string;
}

export function parseArgs(argv: readonly string[]): ParsedCommand | HelpRequest {
  const [name, ...rest] = argv;
  if (name === undefined) return { help: true };
  if (HELP_WORDS.has(name)) {
    const about = rest[0] !== undefined ? TABLE.find((c) => c.name === rest[0]) : undefined;
    return about ? { help: true, command: about.name } : { help: true };
  }
  const command = TABLE.find((c) => c.name === name);
  if (!command) throw new UsageError(`unknown command "${name}"`);
  // Asking for help is never a mistake, whatever else is on the line (before a `--`, after which words are values).
  const end = rest.indexOf("--");
  if ((end < 0 ? rest : rest.slice(0, end)).some((w) => w === "--help" || w === "-h")) return { help: true, command: command.name };
  const { values, positionals } = readOptions(command.name, command.options, rest, command.positionals);
  return command.parse(values, positionals);
}

function invocation(): string {
  return EXE_NAME ? EXE_NAME : PACKAGE_NAME ? `npx -y ${PACKAGE_NAME}` : "node --import tsx install-scripts/cli.ts";
}

/** One command's usage: what it does, its words and its options; all of it for a name not in the table. */
export function commandUsage(name: string): string {
  const c = TABLE.find((t) => t.name === name);
  if (!c) return usage();
  const words = c.positionals ? ` ${c.positionals.placeholder}` : "";
  return [
    `Usage: ${invocation()} ${c.name}${words} [options]`,
    "",
    `${c.summary.charAt(0).toUpperCase()}${c.summary.slice(1)}.`,
    ...(c.positionals ? ["", `${c.positionals.placeholder}: ${c.positionals.name}`] : []),
    "",
    "Options:",
    c.usage,
    "  --help                       print this help",
    "",
  ].join("\n");
}

export function usage(): string {
  const invoke = `${invocation()} <command>`;
  const width = Math.max(...TABLE.map((c) => c.name.length)) + 2;
  return [
    `Usage: ${invoke} [options]`,
    ...(PACKAGE_NAME || EXE_NAME ? [] : [`       (npm run install-host / uninstall-host / doctor / agents / add-agent -- [options])`]),
    "",
    "Commands:",
    ...TABLE.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    ...TABLE.flatMap((c) => ["", `${c.name} options:`, c.usage]),
    "",
    `Every command takes --help: \`${invocation()} install --help\`.`,
    `Start here: \`${NAMES.install}\`, then \`${NAMES.doctor}\` if the panel cannot connect.`,
    "",
  ].join("\n");
}
