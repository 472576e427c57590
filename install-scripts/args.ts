/**
 * Command-line parsing for cli.ts. Pure: argv in, a typed command out, or a UsageError whose
 * message is shown above the usage text.
 */
import { parseArgs as parseArgv } from "node:util";

export class UsageError extends Error {}

export interface AgentSpec {
  name: string;
  command: string;
  args: string[];
}

export type CliCommand =
  | { command: "install"; agents: AgentSpec[]; browsers: string[]; extensionIds: string[]; dryRun: boolean }
  | { command: "uninstall"; purge: boolean; dryRun: boolean }
  | { command: "doctor"; fix: boolean; json: boolean; live: boolean }
  | { command: "help" };

export const USAGE = `Usage: npm run install-host -- [options]       (or: node --import tsx install-scripts/cli.ts install [options])
       npm run uninstall-host -- [--purge]
       npm run doctor -- [--fix] [--json] [--no-live]
       npm run agents -- [--registry URL] [--refresh] [--json]
       npm run add-agent -- <id> [--registry URL] [--refresh] [--json]

Commands:
  install     copy the host (dist/native-host/host.cjs; run \`npm run build:host\` first) into your
              per-user data dir, write its launcher and host config, and register it with every
              browser installed for you. Re-running upgrades in place.
  uninstall   remove exactly what install wrote (it keeps a receipt), nothing else.
  doctor      check every browser's registration, node, the agent, policies, and run the host once.
  agents      list the agents of the ACP Registry (cached for an hour) and how each runs here.
  add <id>    install an agent from the registry (a binary is checked against its sha256) into your
              per-user data dir and add a profile for it to the host config.

install options:
  --agent NAME=COMMAND [ARGS]  add or update an agent profile; quote to pass arguments:
                               --agent claude=claude-agent-acp  --agent gemini="gemini --experimental-acp"
  --browser NAME               only these browsers (repeat or comma-separate): chrome, chromium, edge,
                               brave, vivaldi, firefox, or one channel such as chrome-beta
  --extension-id ID            also allow this Chromium extension id (a store build); kept in the host config
  --dry-run                    print what would be done and change nothing
uninstall options:
  --purge                      also remove the host config and the host's logs
  --dry-run                    print what would be removed
doctor options:
  --fix                        rewrite missing or broken manifests (and registry keys on Windows)
  --json                       print the findings as JSON
  --no-live                    skip the live check (starting the host and the agent)
agents and add options:
  --registry URL               another registry.json (https://, http:// or file://)
  --refresh                    fetch the registry even when the cached copy is fresh
  --json                       print the result as JSON
`;

const EXTENSION_ID = /^[a-p]{32}$/;
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

type OptionSpec = Record<string, { type: "string"; multiple: true } | { type: "boolean" }>;

const OPTIONS = {
  install: {
    agent: { type: "string", multiple: true },
    browser: { type: "string", multiple: true },
    "extension-id": { type: "string", multiple: true },
    "dry-run": { type: "boolean" },
  },
  uninstall: { purge: { type: "boolean" }, "dry-run": { type: "boolean" } },
  doctor: { fix: { type: "boolean" }, json: { type: "boolean" }, "no-live": { type: "boolean" } },
} as const satisfies Record<string, OptionSpec>;

type Command = keyof typeof OPTIONS;

export function parseArgs(argv: readonly string[]): CliCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") return { command: "help" };
  if (!Object.hasOwn(OPTIONS, command)) throw new UsageError(`unknown command "${command}"`);
  const values = readOptions(command as Command, rest);
  const strings = (name: string) => (values[name] as string[] | undefined) ?? [];
  const flag = (name: string) => values[name] === true;
  switch (command as Command) {
    case "install":
      return {
        command: "install",
        agents: strings("agent").map(parseAgentSpec),
        browsers: strings("browser").flatMap(splitList),
        extensionIds: strings("extension-id").map(parseExtensionId),
        dryRun: flag("dry-run"),
      };
    case "uninstall":
      return { command: "uninstall", purge: flag("purge"), dryRun: flag("dry-run") };
    case "doctor":
      return { command: "doctor", fix: flag("fix"), json: flag("json"), live: !flag("no-live") };
  }
}

/**
 * node:util's parser in its lenient mode, so every mistake gets our own message: unknown options,
 * words outside --agent's quotes, a value on a flag or none on an option that needs one.
 */
function readOptions(command: Command, argv: string[]): Record<string, unknown> {
  const options: OptionSpec = OPTIONS[command];
  const { values, tokens } = parseArgv({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  for (const t of tokens) {
    if (t.kind === "positional") throw new UsageError(`unexpected argument "${t.value}" (arguments of --agent go inside its quotes)`);
    if (t.kind !== "option") continue;
    const spec = Object.hasOwn(options, t.name) ? options[t.name] : undefined;
    if (!spec) throw new UsageError(`unknown ${command} option ${t.rawName}`);
    if (spec.type === "boolean" && t.value !== undefined) throw new UsageError(`${t.rawName} takes no value`);
    if (spec.type === "string" && t.value === undefined) throw new UsageError(`${t.rawName} needs a value`);
  }
  return values;
}

function splitList(v: string): string[] {
  const items = v
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length > 0);
  if (items.length === 0) throw new UsageError("--browser needs a browser name");
  return items;
}

function parseExtensionId(v: string): string {
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
