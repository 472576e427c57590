/** Runs `<agent> --version` (no shell, 5 s limit) and judges the result against the profile's minimum. */
import { execFile } from "node:child_process";
import { compareVersions, formatVersion, parseVersion } from "./version";

const VERSION_TIMEOUT_MS = 5000;

export type VersionCheck =
  | { ok: true; version?: string }
  | { ok: false; kind: "outdated"; version: string; required: string }
  | { ok: false; kind: "failed"; message: string };

export function checkVersion(
  file: string,
  versionArgs: string[],
  minVersion: string | undefined,
  env: NodeJS.ProcessEnv,
  timeoutMs = VERSION_TIMEOUT_MS,
): Promise<VersionCheck> {
  return new Promise((resolve) => {
    execFile(
      file,
      versionArgs,
      { env, timeout: timeoutMs, windowsHide: true, shell: false, maxBuffer: 64 * 1024 },
      (err, stdout, stderr) => {
        const printed = `${stdout}\n${stderr}`;
        const parsed = parseVersion(printed);
        if (err) {
          const why = (err as { killed?: boolean }).killed
            ? `did not answer within ${timeoutMs / 1000} s`
            : `failed: ${err.message.split("\n")[0]}`;
          // Without a minimum the version is only informative: a failing --version is not fatal.
          if (!minVersion) return resolve({ ok: true });
          return resolve({ ok: false, kind: "failed", message: `\`${[file, ...versionArgs].join(" ")}\` ${why}` });
        }
        if (!minVersion) return resolve(parsed ? { ok: true, version: formatVersion(parsed) } : { ok: true });
        const required = parseVersion(minVersion);
        if (!parsed || !required) {
          return resolve({
            ok: false,
            kind: "failed",
            message: `\`${[file, ...versionArgs].join(" ")}\` printed no version number (${JSON.stringify(printed.trim().slice(0, 80))})`,
          });
        }
        if (compareVersions(parsed, required) < 0) {
          return resolve({ ok: false, kind: "outdated", version: formatVersion(parsed), required: formatVersion(required) });
        }
        resolve({ ok: true, version: formatVersion(parsed) });
      },
    );
  });
}
