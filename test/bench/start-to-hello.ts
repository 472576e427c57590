/** A host start as a browser makes one, timed to its first frame (the hello), with its RSS then. */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { FramePool } from "../../native-host/wire/frame-pool";
import { FrameDecoder } from "../../native-host/wire/frames";
import { chromeOrigin, DEV_EXTENSION_ID } from "../../shared/extension-ids";

/**
 * Starts the launcher and resolves at the first frame (the hello) with the elapsed ms and the RSS
 * (VmRSS; the launcher execs the host), and `laterMs` after the hello the RSS again.
 */
export function startToHello(
  launcher: string,
  env: Record<string, string>,
  laterMs?: number,
): Promise<{ ms: number; rssKiB: number; laterRssKiB?: number }> {
  const t = process.hrtime.bigint();
  const child: ChildProcess = spawn(launcher, [chromeOrigin(DEV_EXTENSION_ID)], { env, stdio: ["pipe", "pipe", "ignore"] });
  const decoder = new FrameDecoder(new FramePool(), 1024 * 1024);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    let helloSeen = false;
    child.stdout!.on("data", (chunk: Buffer) => {
      if (helloSeen || decoder.push(chunk).length === 0) return;
      helloSeen = true;
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      const rssKiB = rssOf(child.pid!);
      const finish = (laterRssKiB?: number) => {
        child.stdin!.end();
        child.once("exit", () => resolve({ ms, rssKiB, ...(laterRssKiB === undefined ? {} : { laterRssKiB }) }));
      };
      if (laterMs === undefined) finish();
      else setTimeout(() => finish(rssOf(child.pid!)), laterMs);
    });
  });
}

function rssOf(pid: number): number {
  return Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
}
