/**
 * Command-line parsing helpers for the command table (commands/). Pure: argv in, typed values out,
 * or a UsageError whose message is shown above the usage text.
 */
import { parseArgs as parseArgv } from "node:util";
import { PROFILE_NAME } from "../shared/serve-profiles";

export class UsageError extends Error {}

export interface AgentSpec {
  name: string;
  command: string;
  args: string[];
}

const EXTENSION_ID = /^[a-p]{32}$/;

export type OptionSpec = Record<string, { type: "string"; multiple: true } | { type: "boolean" }>;

export type ParsedOptions = Record<string, string[] | boolean | undefined>;

/** How many words may follow the command itself (`add <agent>`); none unless a command says so. */
export interface PositionalSpec {
  min: number;
  max: number;
  /** What they are, for messages: "agent". */
  name: string;
  /** How usage shows them: "<id>". */
  placeholder: string;
}

/**
 * node:util's parser in its lenient mode, so every mistake gets our own message: unknown options,
 * stray words, a value on a flag or none on an option that needs one.
 */
export function readOptions(
  command: string,
  options: OptionSpec,
  argv: readonly string[],
  positionals: PositionalSpec = { min: 0, max: 0, name: "argument", placeholder: "" },
): { values: ParsedOptions; positionals: string[] } {
  const { values, tokens } = parseArgv({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const words: string[] = [];
  for (const t of tokens) {
    if (t.kind === "positional") {
      if (words.length >= positionals.max)
        throw new UsageError(`unexpected argument "${t.value}" (quote an option's value that has spaces, e.g. --agent's)`);
      words.push(t.value);
      continue;
    }
    if (t.kind !== "option") continue;
    const spec = Object.hasOwn(options, t.name) ? options[t.name] : undefined;
    if (!spec) throw new UsageError(`unknown ${command} option ${t.rawName}`);
    if (spec.type === "boolean" && t.value !== undefined) throw new UsageError(`${t.rawName} takes no value`);
    if (spec.type === "string" && t.value === undefined) throw new UsageError(`${t.rawName} needs a value`);
  }
  if (words.length < positionals.min) throw new UsageError(`${command} needs ${positionals.name}`);
  return { values: values as ParsedOptions, positionals: words };
}

export const strings = (values: ParsedOptions, name: string): string[] => (values[name] as string[] | undefined) ?? [];
export const flag = (values: ParsedOptions, name: string): boolean => values[name] === true;

export function splitList(v: string): string[] {
  const items = v
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length > 0);
  if (items.length === 0) throw new UsageError("--browser needs a browser name");
  return items;
}

export function parseExtensionId(v: string): string {
  const id = v.trim();
  if (!EXTENSION_ID.test(id)) throw new UsageError(`--extension-id: "${v}" is not an extension id (32 letters a-p)`);
  return id;
}

/** `NAME=COMMAND [ARGS...]`: the part after `=` is split into words here, never by a shell. */
export function parseAgentSpec(v: string): AgentSpec {
  const eq = v.indexOf("=");
  if (eq <= 0) throw new UsageError(`--agent expects NAME=COMMAND [ARGS], got "${v}"`);
  const name = v.slice(0, eq).trim();
  if (!PROFILE_NAME.test(name)) throw new UsageError(`--agent: "${name}" is not a profile name (letters, digits, _ . -)`);
  const words = splitWords(v.slice(eq + 1));
  const [command, ...args] = words;
  if (command === undefined) throw new UsageError(`--agent ${name}= needs a command`);
  return { name, command, args };
}

/**
 * Splits on whitespace; '…' and "…" group words, and \ escapes only a quote or a space (so
 * Windows paths such as C:\Tools\agent.exe or \\server\share pass unchanged). No variables,
 * globs or substitutions: the text is data, not a script.
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === "\\" && quote !== "'" && next !== undefined && /["'\s]/.test(next)) {
      word += next;
      inWord = true;
      i++;
    } else if (quote) {
      if (c === quote) quote = undefined;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new UsageError(`unbalanced ${quote} in "${text}"`);
  if (inWord) words.push(word);
  return words;
}
