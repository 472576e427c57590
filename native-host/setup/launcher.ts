/**
 * The small launcher browsers start: it runs node by absolute path (browsers start hosts with a
 * minimal PATH, so `#!/usr/bin/env node` fails) and prints nothing (stdout is the frame channel).
 * Its node flags keep the host's memory low (BENCHMARKS.md): `--expose-gc` lets the host pace
 * collections (wire/memory-pacer.ts), and a young generation kept small from the start has V8 free
 * the host's dead buffers, which live outside its heap, sooner.
 */
import { HOST_GLIBC_TUNABLES, SAVED_GLIBC_TUNABLES } from "../agent/environment";

export const NODE_FLAGS = ["--expose-gc", "--max-semi-space-size=2", "--min-semi-space-size=2"] as const;

export function launcherFileName(platform: NodeJS.Platform): string {
  return platform === "win32" ? "goose-browser-host.bat" : "goose-browser-host";
}

/**
 * `nodePath` undefined: `hostFile` is the standalone executable (install-scripts/release/build-exe.ts),
 * which the launcher starts as it is; no node is needed.
 */
export function launcherScript(platform: NodeJS.Platform, nodePath: string | undefined, hostFile: string): string {
  const run = nodePath === undefined ? [hostFile] : [nodePath, hostFile];
  if (platform === "win32") {
    for (const p of run) {
      if (/["%^&|<>]/.test(p)) throw new Error(`cannot use ${p} in a launcher: it contains a character cmd.exe would interpret`);
    }
    return nodePath === undefined
      ? `@echo off\r\n"${hostFile}" %*\r\n`
      : `@echo off\r\n"${nodePath}" ${NODE_FLAGS.join(" ")} "${hostFile}" %*\r\n`;
  }
  const command = nodePath === undefined ? shQuote(hostFile) : `${shQuote(nodePath)} ${NODE_FLAGS.join(" ")} ${shQuote(hostFile)}`;
  return [
    "#!/bin/sh",
    "# goose-browser native-messaging host launcher (generated; do not edit)",
    ...(platform === "linux" ? glibcTunables() : []),
    `exec ${command} "$@"`,
    "",
  ].join("\n");
}

/**
 * One malloc arena for the host's threads (glibc; other C libraries ignore the variable), the user's
 * own tunables after it so theirs win. The user's value is kept for the agent, which the host starts
 * with it (native-host/agent/environment.ts).
 */
function glibcTunables(): string[] {
  return [
    `export ${SAVED_GLIBC_TUNABLES}="\${GLIBC_TUNABLES-}"`,
    `export GLIBC_TUNABLES="${HOST_GLIBC_TUNABLES}\${GLIBC_TUNABLES:+:$GLIBC_TUNABLES}"`,
  ];
}

/** Single-quoted for sh: nothing inside is interpreted. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The node flags between node and the bundle, any number of them (none in launchers written before
 * flags were added, one in those written before the young generation's limit): `--name` or `--name=value`.
 */
const FLAGS = String.raw`((?:--[\w-]+(?:=[\w.-]+)? )*)`;

/** What a launcher starts: node with its flags and the bundle, or (no `node`) the executable `bundle`. */
export interface LauncherTarget {
  node?: string;
  flags: string[];
  bundle: string;
}

/** Reads back what a launcher written by launcherScript records (for doctor and the next install). */
export function parseLauncher(platform: NodeJS.Platform, text: string): LauncherTarget | undefined {
  if (platform === "win32") {
    const m = new RegExp(`^"([^"]+)" ${FLAGS}"([^"]+)" %\\*\\r?$`, "m").exec(text);
    if (m) return { node: m[1]!, flags: words(m[2]!), bundle: m[3]! };
    const exe = /^"([^"]+)" %\*\r?$/m.exec(text);
    return exe ? { flags: [], bundle: exe[1]! } : undefined;
  }
  const quoted = `'((?:[^']|'\\\\'')*)'`;
  const m = new RegExp(`^exec ${quoted} ${FLAGS}${quoted} "\\$@"$`, "m").exec(text);
  if (m) return { node: shUnquote(m[1]!), flags: words(m[2]!), bundle: shUnquote(m[3]!) };
  const exe = new RegExp(`^exec ${quoted} "\\$@"$`, "m").exec(text);
  return exe ? { flags: [], bundle: shUnquote(exe[1]!) } : undefined;
}

function words(s: string): string[] {
  return s.split(" ").filter((w) => w !== "");
}

function shUnquote(inner: string): string {
  return inner.replace(/'\\''/g, "'");
}
