/**
 * Runs `<agent> <versionArgs>` (no shell, no stdin, 5 s limit) and judges the result against the
 * profile's minimum, started as the agent would be (launch.ts). The child gets no stdin: a command that reads it then sees end of input at
 * once instead of waiting for the time limit. A profile without version arguments is not checked.
 */
import { spawn } from "node:child_process";
import { compareVersions, formatVersion, parseVersion } from "../../shared/version";
import type { PlatformInfo } from "../setup/paths";
import { planLaunch, type SpawnCommand } from "./launch";

const VERSION_TIMEOUT_MS = 5000;
const MAX_OUTPUT_BYTES = 64 * 1024;

export type VersionCheck =
  | { ok: true; version?: string }
  | { ok: false; kind: "outdated"; version: string; required: string }
  | { ok: false; kind: "failed"; message: string };

export async function checkVersion(
  file: string,
  versionArgs: string[],
  minVersion: string | undefined,
  env: NodeJS.ProcessEnv,
  p: Pick<PlatformInfo, "platform" | "env">,
  timeoutMs = VERSION_TIMEOUT_MS,
): Promise<VersionCheck> {
  if (versionArgs.length === 0) return { ok: true };
  const command = `\`${[file, ...versionArgs].join(" ")}\``;
  const plan = planLaunch(file, versionArgs, p, env);
  const run = plan.ok ? await runVersionCommand(plan.command, env, timeoutMs) : { printed: "", problem: `cannot be run: ${plan.message}` };
  const parsed = parseVersion(run.printed);
  if (run.problem) {
    // Without a minimum the version is only informative: a failing version command is not fatal.
    if (!minVersion) return { ok: true };
    return { ok: false, kind: "failed", message: `${command} ${run.problem}` };
  }
  if (!minVersion) return parsed ? { ok: true, version: formatVersion(parsed) } : { ok: true };
  const required = parseVersion(minVersion);
  if (!parsed || !required) {
    return {
      ok: false,
      kind: "failed",
      message: `${command} printed no version number (${JSON.stringify(run.printed.trim().slice(0, 80))})`,
    };
  }
  if (compareVersions(parsed, required) < 0) {
    return { ok: false, kind: "outdated", version: formatVersion(parsed), required: formatVersion(required) };
  }
  return { ok: true, version: formatVersion(parsed) };
}

/** stdout and stderr together, and what went wrong (if anything). */
function runVersionCommand(
  { file, args, windowsVerbatimArguments }: SpawnCommand,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ printed: string; problem?: string }> {
  return new Promise((resolve) => {
    const output: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (problem?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ printed: Buffer.concat(output).toString("utf8"), ...(problem ? { problem } : {}) });
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(file, args, { env, stdio: ["ignore", "pipe", "pipe"], shell: false, windowsHide: true, windowsVerbatimArguments });
    } catch (e) {
      // Some failures throw instead of emitting 'error' (EINVAL, an argument with a NUL byte).
      const err = e as NodeJS.ErrnoException;
      resolve({ printed: "", problem: `could not be run: ${err.code ?? err.message}` });
      return;
    }
    const collect = (chunk: Buffer) => {
      if (size >= MAX_OUTPUT_BYTES) return;
      output.push(chunk.subarray(0, MAX_OUTPUT_BYTES - size));
      size += chunk.length;
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    // Resolved here, not on "close": a grandchild holding the pipes must not stretch the limit.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(`did not answer within ${timeoutMs / 1000} s`);
    }, timeoutMs);
    child.once("error", (e: NodeJS.ErrnoException) => finish(`could not be run: ${e.code ?? e.message}`));
    child.once("close", (code, signal) =>
      finish(code === 0 ? undefined : `failed: exited with ${code !== null ? `code ${code}` : signal}`),
    );
  });
}
