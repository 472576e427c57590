/**
 * How a Windows command is named and started, as pure functions (launch.ts does the I/O):
 *  - the names a bare command may have (PATHEXT, as cmd.exe searches);
 *  - what an npm `.cmd` shim runs, so the host can start that program itself: Node refuses to spawn a
 *    `.cmd`/`.bat` without a shell (`spawn EINVAL`, its fix for CVE-2024-27980);
 *  - the `cmd.exe /d /s /c` line for a batch file that is no npm shim, every argument quoted for the
 *    program's CommandLineToArgvW and escaped for cmd.exe, which parses it twice (the /c line, then the
 *    batch line that forwards `%*`).
 * Quoting follows Microsoft's "Parsing C++ command-line arguments" rules and cmd.exe's `^` escape (`cmd /?`).
 */
import path from "node:path";

const DEFAULT_PATHEXT = ".COM;.EXE;.BAT;.CMD";
/** What the host can start: programs, and batch files through launch.ts. `.VBS`, `.JS`, … would need a script host. */
const STARTABLE = new Set([".com", ".exe", ".bat", ".cmd"]);

/** PATHEXT's extensions the host can start, in PATHEXT's order, lower-cased (as npm names its shims). */
export function startableExtensions(env: Record<string, string | undefined>): string[] {
  const value = env.PATHEXT ?? env.PathExt ?? env.Pathext;
  const listed = (value && value.trim() !== "" ? value : DEFAULT_PATHEXT)
    .split(";")
    .map((e) => e.trim().toLowerCase())
    .filter((e) => STARTABLE.has(e));
  return [...new Set(listed)];
}

/** The file names a bare Windows command may have: itself if it ends in a startable extension, else itself plus each. */
export function windowsCommandNames(command: string, env: Record<string, string | undefined>): string[] {
  const extensions = startableExtensions(env);
  const own = path.win32.extname(command).toLowerCase();
  if (extensions.includes(own) || STARTABLE.has(own)) return [command];
  return extensions.map((e) => `${command}${e}`);
}

export function isBatchFile(file: string): boolean {
  return /\.(cmd|bat)$/i.test(file);
}

/** What an npm shim starts: node (its own node.exe first when the shim says so) or a program, with these arguments. */
export type ShimTarget = { kind: "node"; preferLocal: boolean; args: string[] } | { kind: "program"; file: string; args: string[] };

/** The variables npm's cmd-shim sets; any other SET would be lost if the host ran the target itself. */
const SHIM_VARIABLES = new Set(["dp0", "_prog", "pathext"]);

/**
 * Reads an npm cmd-shim (`npm install -g`, npx, yarn): the last line that forwards `%*`, whose program is
 * node (literally, or through `%_prog%`) or a file beside the shim, and whose other words are plain or
 * `%dp0%`-relative paths. Anything else (other variables, pipes, conditionals on the line) is not an
 * npm shim: undefined, and the caller falls back to cmd.exe.
 */
export function parseCmdShim(text: string, shimFile: string): ShimTarget | undefined {
  const lines = text.split(/\r?\n/).map((l) => l.trim().replace(/^@/, ""));
  for (const line of lines) {
    const set = /^set\s+"?([^=\s"]+)=/i.exec(line);
    if (set && !SHIM_VARIABLES.has(set[1]!.toLowerCase())) return undefined;
  }
  const call = lines.filter((l) => /\s%\*$/.test(l)).pop();
  if (!call) return undefined;
  // npm ≥ 7: `endLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & "%_prog%"  "%dp0%\…\cli.js" %*`
  const progAt = call.lastIndexOf('"%_prog%"');
  const words = tokenize(progAt >= 0 ? call.slice(progAt) : call);
  if (words === undefined || words.length < 2 || words.pop() !== "%*") return undefined;
  const dir = path.win32.dirname(shimFile);
  const resolved: string[] = [];
  for (const w of words.slice(1)) {
    const r = resolveDp0(w, dir);
    if (r === undefined) return undefined;
    resolved.push(r);
  }
  const program = words[0]!;
  const localNode = /\bif\s+exist\s+"%~?dp0%?\\node\.exe"/i.test(text);
  if (program === "%_prog%") {
    const progs = [...text.matchAll(/set\s+"_prog=([^"\r\n]*)"/gi)].map((m) => m[1]!);
    if (progs.length === 0 || !progs.every((p) => /(^|\\)node(\.exe)?$/i.test(p))) return undefined;
    return { kind: "node", preferLocal: localNode, args: resolved };
  }
  if (/^node(\.exe)?$/i.test(program)) return { kind: "node", preferLocal: localNode, args: resolved };
  const file = resolveDp0(program, dir);
  if (file === undefined || file === program) return undefined;
  // npm ≤ 6 wrote `"%~dp0\node.exe" "%~dp0\…\cli.js" %*` in its IF branch: that is node too.
  if (/\\node\.exe$/i.test(file) && path.win32.dirname(file) === path.win32.normalize(dir)) {
    return { kind: "node", preferLocal: true, args: resolved };
  }
  return /\.(exe|com)$/i.test(file) ? { kind: "program", file, args: resolved } : undefined;
}

/** Words of a simple line: plain or "double-quoted", nothing cmd.exe would treat specially. */
function tokenize(line: string): string[] | undefined {
  const words: string[] = [];
  const re = /\s*(?:"([^"]*)"|([^\s"]+))/y;
  let at = 0;
  for (;;) {
    const m = re.exec(line);
    if (!m) break;
    at = re.lastIndex;
    const word = m[1] ?? m[2]!;
    if (/[&|<>^()!]/.test(word)) return undefined;
    words.push(word);
  }
  return line.slice(at).trim() === "" ? words : undefined;
}

/** A word with `%dp0%` / `%~dp0` (the shim's folder) made absolute; any other variable: undefined. */
function resolveDp0(word: string, dir: string): string | undefined {
  const m = /^%(?:dp0%|~dp0)\\?(.*)$/i.exec(word);
  if (m) return m[1]!.includes("%") ? undefined : path.win32.join(dir, m[1]!);
  return word.includes("%") ? undefined : word;
}

/** Why an argument cannot pass through cmd.exe, if it cannot: a line break ends the command there. */
export function cmdUnsafeArgument(args: string[]): string | undefined {
  return args.find((a) => /[\r\n\0]/.test(a));
}

/** One argument as CommandLineToArgvW reads it back: always quoted, backslashes doubled only before a quote. */
export function quoteArgument(arg: string): string {
  let out = '"';
  let backslashes = 0;
  for (const ch of arg) {
    if (ch === "\\") {
      backslashes++;
      continue;
    }
    out += ch === '"' ? `${"\\".repeat(backslashes * 2 + 1)}"` : `${"\\".repeat(backslashes)}${ch}`;
    backslashes = 0;
  }
  // Before the closing quote every backslash is doubled, so none escapes it.
  return `${out}${"\\".repeat(backslashes * 2)}"`;
}

/**
 * cmd.exe's special characters, each made literal with `^`. The quotes too: escaped, they never switch
 * cmd.exe's quote mode, so every `^` is consumed, and `%` before a name never matches a variable.
 */
const CMD_SPECIAL = /[()%!^"<>&|;,= \t]/g;

export function escapeForCmd(text: string): string {
  return text.replace(CMD_SPECIAL, "^$&");
}

/**
 * The arguments for `cmd.exe` (with windowsVerbatimArguments) that run `file args`: /d skips AutoRun,
 * /s makes cmd.exe strip only the outer quotes. The batch file's own line is parsed again, so each
 * argument is escaped twice; the file name once.
 */
export function cmdExeArguments(file: string, args: string[]): string[] {
  const line = [escapeForCmd(path.win32.normalize(file)), ...args.map((a) => escapeForCmd(escapeForCmd(quoteArgument(a))))].join(" ");
  return ["/d", "/s", "/c", `"${line}"`];
}
