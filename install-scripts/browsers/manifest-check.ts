/**
 * Is a browser's manifest for our host usable? Reading is I/O (inspectManifest); judging is pure
 * (judgeManifest), with each problem named by the error the browser would show and how to fix it.
 */
import fs from "node:fs";
import { isExecutableFile } from "../../native-host/setup/fs-checks";
import { chromeOrigin, GECKO_ADDON_ID, HOST_NAME } from "../../shared/extension-ids";
import { isRecord } from "../plan/host-config";
import { FIX_COMMAND, INSTALL_COMMAND } from "../plan/plan";
import { type Finding, ok, problem, warn } from "../report";
import type { Family } from "./browsers";
import { pathLib } from "./layout";

export interface ManifestInspection {
  file: string;
  found: boolean;
  /** The parsed JSON, when the file is JSON. */
  json?: unknown;
  error?: string;
  /** The state of the file its `path` names. */
  target?: { exists: boolean; executable: boolean };
}

export function inspectManifest(file: string): ManifestInspection {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? { file, found: false } : { file, found: true, error: (e as Error).message };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { file, found: true, error: `not JSON: ${(e as Error).message}` };
  }
  const target = isRecord(json) && typeof json.path === "string" ? json.path : undefined;
  return {
    file,
    found: true,
    json,
    ...(target ? { target: { exists: fs.existsSync(target), executable: isExecutableFile(target) } } : {}),
  };
}

export interface ManifestExpectation {
  family: Family;
  /** Chromium extension ids that must be allowed. */
  ids: readonly string[];
  /** The installed launcher the manifest should name. */
  launcher: string;
  platform: NodeJS.Platform;
}

const NOT_FOUND = "“Specified native messaging host not found.”";

export function judgeManifest(subject: string, m: ManifestInspection, x: ManifestExpectation): Finding[] {
  if (!m.found) return [problem(subject, `no manifest at ${m.file} (${NOT_FOUND})`, FIX_COMMAND)];
  if (m.error || !isRecord(m.json))
    return [problem(subject, `${m.file} is unusable: ${m.error ?? "not a JSON object"} (${NOT_FOUND})`, FIX_COMMAND)];
  const j = m.json;
  const out: Finding[] = [];
  if (j.name !== HOST_NAME)
    out.push(problem(subject, `${m.file} names host ${JSON.stringify(j.name)}, not ${HOST_NAME} (${NOT_FOUND})`, FIX_COMMAND));
  if (j.type !== "stdio") out.push(problem(subject, `${m.file} has type ${JSON.stringify(j.type)}, not "stdio"`, FIX_COMMAND));
  const target = typeof j.path === "string" ? j.path : undefined;
  if (!target || (x.platform !== "win32" && !pathLib(x.platform).isAbsolute(target))) {
    out.push(problem(subject, `${m.file} has no absolute "path" (${NOT_FOUND})`, FIX_COMMAND));
  } else {
    // Our launcher broken: repair it. Someone else's path: point the manifest back at ours.
    const ours = target === x.launcher;
    if (!m.target?.exists) {
      out.push(
        problem(
          subject,
          `its path ${target} does not exist (${NOT_FOUND})`,
          ours ? `${INSTALL_COMMAND} (it reinstalls the launcher)` : FIX_COMMAND,
        ),
      );
    } else if (!m.target.executable) {
      out.push(
        problem(
          subject,
          `its path ${target} is not executable (“Failed to start native messaging host.”)`,
          ours ? `chmod 755 '${target}' (or ${INSTALL_COMMAND})` : FIX_COMMAND,
        ),
      );
    } else if (!ours) {
      out.push(warn(subject, `its path is ${target}, not the installed launcher ${x.launcher}`, FIX_COMMAND));
    }
  }
  if (x.family === "chromium") {
    const origins = Array.isArray(j.allowed_origins) ? j.allowed_origins : [];
    const missing = x.ids.map(chromeOrigin).filter((o) => !origins.includes(o));
    if (missing.length > 0) {
      out.push(
        problem(
          subject,
          `allowed_origins lacks ${missing.join(", ")} (“Access to the specified native messaging host is forbidden.”)`,
          FIX_COMMAND,
        ),
      );
    }
  } else {
    const ids = Array.isArray(j.allowed_extensions) ? j.allowed_extensions : [];
    if (!ids.includes(GECKO_ADDON_ID)) {
      out.push(
        problem(
          subject,
          `allowed_extensions lacks ${GECKO_ADDON_ID} ` +
            `(“This extension does not have permission to use native application ${HOST_NAME}”)`,
          FIX_COMMAND,
        ),
      );
    }
  }
  if (out.length === 0) out.push(ok(subject, `${m.file} is valid`));
  return out;
}
