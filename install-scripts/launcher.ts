/**
 * The small launcher browsers start: it runs node by absolute path (browsers start hosts with a
 * minimal PATH, so `#!/usr/bin/env node` fails) and prints nothing (stdout is the frame channel).
 * `--expose-gc` lets the host pace collections while large messages stream (native-host/memory-pacer.ts).
 */
const NODE_FLAGS = "--expose-gc";

export function launcherFileName(platform: NodeJS.Platform): string {
  return platform === "win32" ? "goose-browser-host.bat" : "goose-browser-host";
}

export function launcherScript(platform: NodeJS.Platform, nodePath: string, hostBundle: string): string {
  if (platform === "win32") {
    for (const p of [nodePath, hostBundle]) {
      if (/["%^&|<>]/.test(p)) throw new Error(`cannot use ${p} in a launcher: it contains a character cmd.exe would interpret`);
    }
    return `@echo off\r\n"${nodePath}" ${NODE_FLAGS} "${hostBundle}" %*\r\n`;
  }
  return [
    "#!/bin/sh",
    "# goose-browser native-messaging host launcher (generated; do not edit)",
    `exec ${shQuote(nodePath)} ${NODE_FLAGS} ${shQuote(hostBundle)} "$@"`,
    "",
  ].join("\n");
}

/** Single-quoted for sh: nothing inside is interpreted. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Reads back the node and bundle paths a launcher written by launcherScript records (for doctor). */
export function parseLauncher(platform: NodeJS.Platform, text: string): { node: string; bundle: string } | undefined {
  if (platform === "win32") {
    const m = /^"([^"]+)" (?:--[\w-]+ )*"([^"]+)" %\*\r?$/m.exec(text);
    return m ? { node: m[1]!, bundle: m[2]! } : undefined;
  }
  const quoted = `'((?:[^']|'\\\\'')*)'`;
  // Flags between node and the bundle are optional: launchers written before they were added still read.
  const m = new RegExp(`^exec ${quoted} (?:--[\\w-]+ )*${quoted} "\\$@"$`, "m").exec(text);
  return m ? { node: shUnquote(m[1]!), bundle: shUnquote(m[2]!) } : undefined;
}

function shUnquote(inner: string): string {
  return inner.replace(/'\\''/g, "'");
}
