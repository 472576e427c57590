/**
 * Command-line parsing for cli.ts. Pure: argv in, a typed command out, or a UsageError whose
 * message is shown above the usage text.
 */
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

Commands:
  install     copy the host (dist/native-host/host.cjs; run \`npm run build:host\` first) into your
              per-user data dir, write its launcher and host config, and register it with every
              browser installed for you. Re-running upgrades in place.
  uninstall   remove exactly what install wrote (it keeps a receipt), nothing else.
  doctor      check every browser's registration, node, the agent, policies, and run the host once.

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
`;

const EXTENSION_ID = /^[a-p]{32}$/;
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export function parseArgs(argv: readonly string[]): CliCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") return { command: "help" };
  const opts = new Options(rest);
  switch (command) {
    case "install": {
      const agents: AgentSpec[] = [];
      const browsers: string[] = [];
      const extensionIds: string[] = [];
      let dryRun = false;
      for (let o = opts.next(); o; o = opts.next()) {
        if (o.name === "--agent") agents.push(parseAgentSpec(opts.value(o)));
        else if (o.name === "--browser") browsers.push(...splitList(opts.value(o)));
        else if (o.name === "--extension-id") extensionIds.push(parseExtensionId(opts.value(o)));
        else if (o.name === "--dry-run") dryRun = opts.flag(o);
        else throw new UsageError(`unknown install option ${o.name}`);
      }
      return { command, agents, browsers, extensionIds, dryRun };
    }
    case "uninstall": {
      let purge = false;
      let dryRun = false;
      for (let o = opts.next(); o; o = opts.next()) {
        if (o.name === "--purge") purge = opts.flag(o);
        else if (o.name === "--dry-run") dryRun = opts.flag(o);
        else throw new UsageError(`unknown uninstall option ${o.name}`);
      }
      return { command, purge, dryRun };
    }
    case "doctor": {
      let fix = false;
      let json = false;
      let live = true;
      for (let o = opts.next(); o; o = opts.next()) {
        if (o.name === "--fix") fix = opts.flag(o);
        else if (o.name === "--json") json = opts.flag(o);
        else if (o.name === "--no-live") live = !opts.flag(o);
        else throw new UsageError(`unknown doctor option ${o.name}`);
      }
      return { command, fix, json, live };
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/** Walks `--name value` and `--name=value` forms; positional words are errors. */
class Options {
  private i = 0;
  constructor(private readonly argv: readonly string[]) {}

  next(): { name: string; inline?: string } | undefined {
    const arg = this.argv[this.i++];
    if (arg === undefined) return undefined;
    if (!arg.startsWith("--")) throw new UsageError(`unexpected argument "${arg}" (arguments of --agent go inside its quotes)`);
    const eq = arg.indexOf("=");
    return eq < 0 ? { name: arg } : { name: arg.slice(0, eq), inline: arg.slice(eq + 1) };
  }

  value(o: { name: string; inline?: string }): string {
    if (o.inline !== undefined) return o.inline;
    const v = this.argv[this.i++];
    if (v === undefined) throw new UsageError(`${o.name} needs a value`);
    return v;
  }

  flag(o: { name: string; inline?: string }): true {
    if (o.inline !== undefined) throw new UsageError(`${o.name} takes no value`);
    return true;
  }
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
