/**
 * One CLI command: its options, how its words become typed arguments, and what it runs. The table
 * (commands/index.ts) lists them; each command lives in a module of its own.
 */
import type { OptionSpec, ParsedOptions, PositionalSpec } from "../args";
import type { CliContext } from "../cli-context";

interface CommandSpec<A extends { command: string }> {
  name: A["command"];
  /** One line for the usage's command list. */
  summary: string;
  /** The options' usage lines, indented by two spaces. */
  usage: string;
  options: OptionSpec;
  positionals?: PositionalSpec;
  parse(values: ParsedOptions, positionals: string[]): A;
  run(args: A, ctx: CliContext): Promise<number>;
}

/** A parsed command line: its typed arguments, and the run bound to them. */
export interface ParsedCommand {
  args: { command: string };
  run(ctx: CliContext): Promise<number>;
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  options: OptionSpec;
  positionals?: PositionalSpec;
  parse(values: ParsedOptions, positionals: string[]): ParsedCommand;
}

/** Binds a command's parse and run together, so the table can hold commands of different argument types. */
export function defineCommand<A extends { command: string }>(spec: CommandSpec<A>): Command {
  return {
    name: spec.name,
    summary: spec.summary,
    usage: spec.usage,
    options: spec.options,
    ...(spec.positionals ? { positionals: spec.positionals } : {}),
    parse(values, positionals) {
      const args = spec.parse(values, positionals);
      return { args, run: (ctx) => spec.run(args, ctx) };
    },
  };
}
