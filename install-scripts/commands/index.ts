/**
 * The CLI's command table: one entry per command, each in its own module. A new command is a module
 * exporting defineCommand(...) and one line here; usage and parsing follow from the table.
 */
import { readOptions, UsageError } from "../args";
import { EXE_NAME, COMMANDS as NAMES, PACKAGE_NAME } from "../command-names";
import { addCommand } from "./add";
import { agentsCommand } from "./agents";
import type { Command, ParsedCommand } from "./command";
import { doctorCommand } from "./doctor";
import { installCommand } from "./install";
import { uninstallCommand } from "./uninstall";

const TABLE: readonly Command[] = [installCommand, uninstallCommand, doctorCommand, agentsCommand, addCommand];

/** Whether these words name a CLI command (or ask for usage): the executable runs the host for any others. */
export function isCliCommand(argv: readonly string[]): boolean {
  const [name] = argv;
  return name === undefined || name === "help" || name === "--help" || name === "-h" || TABLE.some((c) => c.name === name);
}

export function parseArgs(argv: readonly string[]): ParsedCommand | { help: true } {
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") return { help: true };
  const command = TABLE.find((c) => c.name === name);
  if (!command) throw new UsageError(`unknown command "${name}"`);
  const { values, positionals } = readOptions(command.name, command.options, rest, command.positionals);
  return command.parse(values, positionals);
}

export function usage(): string {
  const invoke = EXE_NAME
    ? `${EXE_NAME} <command>`
    : PACKAGE_NAME
      ? `npx -y ${PACKAGE_NAME} <command>`
      : "node --import tsx install-scripts/cli.ts <command>";
  const width = Math.max(...TABLE.map((c) => c.name.length)) + 2;
  return [
    `Usage: ${invoke} [options]`,
    ...(PACKAGE_NAME || EXE_NAME ? [] : [`       (npm run install-host / uninstall-host / doctor / agents / add-agent -- [options])`]),
    "",
    "Commands:",
    ...TABLE.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    ...TABLE.flatMap((c) => ["", `${c.name} options:`, c.usage]),
    "",
    `Start here: \`${NAMES.install}\`, then \`${NAMES.doctor}\` if the panel cannot connect.`,
    "",
  ].join("\n");
}
