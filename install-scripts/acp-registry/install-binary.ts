/**
 * Installs a binary distribution: download, verify the sha256, read the archive, unpack into a
 * staging folder beside the final one, then rename it into place (…/agents/<id>/<version>/). Nothing
 * is written before the checksum matches and the archive has been read in full; a version folder
 * that exists was complete when it was renamed there, so it is used as it is (a running agent may
 * be using it).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PlatformInfo } from "../../native-host/setup/paths";
import { ensureDir, removeDirIfEmpty } from "../apply/files";
import { bunzip } from "../archive/bunzip";
import type { ArchiveEntry } from "../archive/entries";
import { readTar, readTarGz } from "../archive/tar-reader";
import { writeEntries } from "../archive/unpack";
import { readZip } from "../archive/zip-reader";
import { agentVersionDir } from "./agent-paths";
import type { InstallPlan } from "./resolve";

const MAX_ARCHIVE_BYTES = 512 * 1024 * 1024;

export class ChecksumMismatch extends Error {}

export interface InstalledBinary {
  dir: string;
  program: string;
  /** False when this version was already installed. */
  fresh: boolean;
  /** The folders made for it (agents/, agents/<id>/), outermost first. */
  createdDirs: string[];
}

/** Where the plan's program will be once installed. */
export function installedProgram(plan: Extract<InstallPlan, { kind: "binary" }>, p: PlatformInfo): string {
  return path.join(agentVersionDir(p, plan.agent.id, plan.agent.version), ...plan.cmd.split("/"));
}

export async function installBinary(
  plan: Extract<InstallPlan, { kind: "binary" }>,
  p: PlatformInfo,
  fetchBytes: (url: string, maxBytes: number) => Promise<Buffer>,
): Promise<InstalledBinary> {
  const dir = agentVersionDir(p, plan.agent.id, plan.agent.version);
  const program = installedProgram(plan, p);
  const bytes = await fetchBytes(plan.archive, MAX_ARCHIVE_BYTES);
  const actual = createHash("sha256").update(bytes).digest("hex");
  if (actual !== plan.sha256) {
    throw new ChecksumMismatch(
      `the download of ${plan.archive} has sha256 ${actual}, but the registry says ${plan.sha256}. ` +
        "Refused: nothing was installed or changed. The download may be damaged or tampered with; try again later, or tell the agent's maintainers.",
    );
  }
  const entries = await readArchive(plan, bytes);
  if (isFile(program)) return { dir, program, fresh: false, createdDirs: [] };
  // The folders made here, outermost first: a failed install removes them again.
  const created = ensureDir(path.dirname(dir));
  const staging = path.join(path.dirname(dir), `.${plan.agent.version}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.partial`);
  try {
    writeEntries(entries, staging);
    const staged = path.join(staging, ...plan.cmd.split("/"));
    if (!isFile(staged)) throw new Error(`the archive has no ${plan.cmd}, the program the registry names`);
    // Zip archives made on Windows carry no modes: the program must still be executable.
    if (p.platform !== "win32") fs.chmodSync(staged, fs.statSync(staged).mode | 0o500);
    fs.rmSync(dir, { recursive: true, force: true }); // an earlier, incomplete attempt
    fs.renameSync(staging, dir);
  } catch (e) {
    fs.rmSync(staging, { recursive: true, force: true });
    for (const d of [...created].reverse()) removeDirIfEmpty(d);
    throw e;
  }
  return { dir, program, fresh: true, createdDirs: created };
}

async function readArchive(plan: Extract<InstallPlan, { kind: "binary" }>, bytes: Buffer): Promise<ArchiveEntry[]> {
  try {
    if (plan.format === "tar.gz") return readTarGz(bytes);
    if (plan.format === "tar.bz2") return readTar(await bunzip(bytes));
    if (plan.format === "zip") return readZip(bytes);
    return [{ kind: "file", path: plan.cmd, mode: 0o755, data: bytes }];
  } catch (e) {
    throw new Error(`cannot read ${plan.archive}: ${(e as Error).message}`);
  }
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
