/**
 * Which agent profile the browser runs: the user picks it in the extension's Options, which the
 * installer cannot read, so doctor takes the last one the host started, from the host's log (its
 * supervisor logs "starting agent <profile>: …" at every start, native-host/agent/supervisor.ts).
 * Only the log's tail is read, and the generation before it (log.ts rotates once) when the tail has none.
 */
import fs from "node:fs";
import type { HostConfig } from "../../native-host/setup/config";
import { type Finding, info } from "../report";

const TAIL_BYTES = 512 * 1024;
const START = /\binfo starting agent (\S+?): /g;

export function lastStartedProfile(logFile: string, profiles: readonly string[]): string | undefined {
  for (const file of [logFile, `${logFile}.1`]) {
    const text = tail(file);
    if (text === undefined) continue;
    const names = [...text.matchAll(START)].map((m) => m[1]!).filter((n) => profiles.includes(n));
    if (names.length > 0) return names.at(-1);
  }
  return undefined;
}

function tail(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, "r");
    const size = fs.fstatSync(fd).size;
    const length = Math.min(size, TAIL_BYTES);
    const buf = Buffer.alloc(length);
    fs.readSync(fd, buf, 0, length, size - length);
    return buf.toString("utf8");
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** A profile the browser does not run: what is wrong with it is information, with its fix for when the user picks it. */
export function aside(subject: string, message: string, fix: string): Finding {
  return info(subject, `${message} (not in use; before picking it in Options: ${fix})`);
}

/** "agent claude (in use)", "agent goose (default)": which one the browser runs, and which the host starts when none is picked. */
export function agentSubject(name: string, config: HostConfig, inUse: string): string {
  // The default in use needs no second mark: "in use" appears only once the user picked another.
  const marks = [
    ...(name === inUse && inUse !== config.defaultProfile ? ["in use"] : []),
    ...(name === config.defaultProfile ? ["default"] : []),
  ];
  return `agent ${name}${marks.length > 0 ? ` (${marks.join(", ")})` : ""}`;
}
