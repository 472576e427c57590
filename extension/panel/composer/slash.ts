/** Slash commands in the composer: when to offer them, which match, and what choosing one writes. Pure. */
import type { AvailableCommand } from "../../acp/schema";

/** The command name being typed (without "/"), or null when the caret is not in a leading /word. */
export function slashQuery(text: string, caret: number): string | null {
  if (!text.startsWith("/")) return null;
  const head = text.slice(1, caret);
  return /^[^\s/]*$/.test(head) && !/\s/.test(text.slice(0, caret)) ? head : null;
}

/** Commands whose name starts with the query first, then those containing it; agent order within each. */
export function matchCommands(commands: readonly AvailableCommand[], query: string): AvailableCommand[] {
  const q = query.toLowerCase();
  const starts = commands.filter((c) => c.name.toLowerCase().startsWith(q));
  const contains = commands.filter((c) => !c.name.toLowerCase().startsWith(q) && c.name.toLowerCase().includes(q));
  return [...starts, ...contains];
}

/** The composer text after choosing `command`: `/name ` plus whatever followed the typed word. */
export function applyCommand(text: string, command: AvailableCommand): string {
  const rest = text.replace(/^\/\S*\s?/, "");
  return `/${command.name} ${rest}`;
}

/** The input hint of the command the text starts with, if it has one and no argument is typed yet. */
export function activeHint(text: string, commands: readonly AvailableCommand[]): string | null {
  const m = /^\/(\S+) $/.exec(text);
  if (!m) return null;
  return commands.find((c) => c.name === m[1])?.input?.hint ?? null;
}
