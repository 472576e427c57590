/**
 * doctor's live check (the whole handshake: hello → start → status running → initialize → the host
 * exits once its stdin closes) and the installer's hello check, over launcher-session.ts.
 */
import type { PlatformInfo } from "../../native-host/setup/paths";
import type { HostHello } from "../../shared/host-protocol";
import { type LiveResult, LiveSession, startLauncher } from "./launcher-session";

const LIVE_STEP_TIMEOUT_MS = 20_000;

export async function liveCheck(
  launcher: string,
  p: PlatformInfo,
  timeoutMs = LIVE_STEP_TIMEOUT_MS,
  profile?: string,
): Promise<LiveResult> {
  const session = new LiveSession(startLauncher(launcher, p));
  try {
    return await session.run(timeoutMs, profile);
  } finally {
    session.dispose();
  }
}

export type HelloResult = { ok: true; hello: HostHello } | { ok: false; message: string; fix: string; stderrTail: string[] };

/**
 * The installer's check: the installed launcher, started as a browser starts it, answers with its
 * hello; then its stdin closes and it must exit. The agent is not started (goose may come later).
 */
export async function helloCheck(launcher: string, p: PlatformInfo, timeoutMs = LIVE_STEP_TIMEOUT_MS): Promise<HelloResult> {
  const session = new LiveSession(startLauncher(launcher, p));
  try {
    const r = await session.runHello(timeoutMs);
    return r.ok ? r : { ok: false, message: r.message, fix: r.fix, stderrTail: r.stderrTail };
  } finally {
    session.dispose();
  }
}
