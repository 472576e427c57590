/**
 * The small launcher browsers start: it runs node by absolute path (browsers start hosts with a
 * minimal PATH, so `#!/usr/bin/env node` fails) and prints nothing (stdout is the frame channel).
 */
export function launcherFileName(platform: NodeJS.Platform): string {
  return platform === "win32" ? "goose-browser-host.bat" : "goose-browser-host";
}

export function launcherScript(platform: NodeJS.Platform, nodePath: string, hostBundle: string): string {
  if (platform === "win32") {
    for (const p of [nodePath, hostBundle]) {
      if (/["%^&|<>]/.test(p)) throw new Error(`cannot use ${p} in a launcher: it contains a character cmd.exe would interpret`);
    }
    return `@echo off\r\n"${nodePath}" "${hostBundle}" %*\r\n`;
  }
  return `#!/bin/sh\n# goose-browser native-messaging host launcher (generated; do not edit)\nexec ${shQuote(nodePath)} ${shQuote(hostBundle)} "$@"\n`;
}

/** Single-quoted for sh: nothing inside is interpreted. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
