/**
 * Starts an agent command once and asks it ACP's `initialize` over stdio (one JSON-RPC request per
 * line, https://agentclientprotocol.com/protocol/initialization), the way the host will: a program
 * that does not answer it (a CLI started without its ACP subcommand, which prints usage and exits)
 * is said at install time instead of in the panel. The process is stopped once it has answered.
 */
import { spawn } from "node:child_process";
import type { SpawnCommand } from "../../native-host/agent/launch";

const ACP_PROBE_TIMEOUT_MS = 10_000;
/** ACP's protocol version this client asks for (the SDK's PROTOCOL_VERSION). */
const PROTOCOL_VERSION = 1;
const MAX_KEPT = 64 * 1024;

export type AcpProbe = { ok: true; agent?: string } | { ok: false; message: string; stderrTail: string[] };

export function probeAcp(command: SpawnCommand, env: NodeJS.ProcessEnv, cwd: string, timeoutMs = ACP_PROBE_TIMEOUT_MS): Promise<AcpProbe> {
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    let settled = false;
    const tail = () =>
      stderr
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l.length > 0)
        .slice(-3);
    const finish = (r: AcpProbe) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop();
      resolve(r);
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(command.file, command.args, {
        env,
        cwd,
        stdio: ["pipe", "pipe", "pipe"],
        windowsHide: true,
        // Its own process group off Windows, so whatever it started stops with it.
        detached: process.platform !== "win32",
        ...(command.windowsVerbatimArguments ? { windowsVerbatimArguments: true } : {}),
      });
    } catch (e) {
      resolve({ ok: false, message: `could not be started: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, stderrTail: [] });
      return;
    }
    function stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        if (process.platform !== "win32" && child.pid) process.kill(-child.pid, "SIGKILL");
        else child.kill("SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }
    const timer = setTimeout(
      () => finish({ ok: false, message: `did not answer initialize within ${Math.round(timeoutMs / 1000)} s`, stderrTail: tail() }),
      timeoutMs,
    );
    child.on("error", (e: NodeJS.ErrnoException) =>
      finish({ ok: false, message: `could not be started: ${e.code ?? e.message}`, stderrTail: [] }),
    );
    child.on("exit", (code, signal) =>
      // Let the last output arrive first: an answer written just before exiting still counts.
      setImmediate(() =>
        finish({
          ok: false,
          message: `exited ${signal ? `on ${signal}` : `with code ${code}`} without answering initialize`,
          stderrTail: tail(),
        }),
      ),
    );
    child.stderr!.setEncoding("utf8").on("data", (t: string) => {
      stderr = (stderr + t).slice(-MAX_KEPT);
    });
    child.stdout!.setEncoding("utf8").on("data", (t: string) => {
      stdout = (stdout + t).slice(-MAX_KEPT);
      const lines = stdout.split("\n");
      stdout = lines.pop()!;
      for (const line of lines) {
        const answer = parse(line);
        if (answer?.id !== 1) continue;
        if (answer.error)
          finish({ ok: false, message: `answered initialize with an error: ${JSON.stringify(answer.error)}`, stderrTail: tail() });
        else if (answer.result && typeof answer.result.protocolVersion === "number") {
          const info = answer.result.agentInfo;
          finish({ ok: true, ...(info?.name ? { agent: `${info.title ?? info.name}${info.version ? ` ${info.version}` : ""}` } : {}) });
        } else finish({ ok: false, message: "answered initialize without a protocolVersion", stderrTail: tail() });
      }
    });
    // A program that never reads stdin must not fail the write: its answer (or its exit) says what it is.
    child.stdin!.on("error", () => {});
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} },
    };
    child.stdin!.write(`${JSON.stringify(initialize)}\n`);
  });
}

interface Answer {
  id?: unknown;
  error?: unknown;
  result?: { protocolVersion?: unknown; agentInfo?: { name?: string; title?: string; version?: string } };
}

function parse(line: string): Answer | undefined {
  try {
    const v = JSON.parse(line) as unknown;
    return typeof v === "object" && v !== null ? (v as Answer) : undefined;
  } catch {
    return undefined;
  }
}
