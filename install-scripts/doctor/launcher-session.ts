/**
 * The installed launcher started the way Chrome starts it (caller origin as the argument, a desktop-like
 * minimal environment, framed stdio), and a session that reads its frames: shared by doctor's live check
 * and the installer's hello check (live-check.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import type { PlatformInfo } from "../../native-host/setup/paths";
import { FramePool } from "../../native-host/wire/frame-pool";
import { FrameDecoder, frameJson } from "../../native-host/wire/frames";
import { chromeOrigin, DEV_EXTENSION_ID } from "../../shared/extension-ids";
import {
  type AgentStatus,
  CHROME_MAX_HOST_MESSAGE_BYTES,
  HOST_PROTOCOL_VERSION,
  type HostEvent,
  type HostHello,
  isHostEnvelope,
  type JsonRpcMessage,
} from "../../shared/host-protocol";
import { COMMANDS } from "../command-names";

export type LiveResult =
  | { ok: true; hello: HostHello; status: Extract<AgentStatus, { state: "running" }>; agent?: string; exitCode: number | null }
  | { ok: false; step: string; message: string; fix: string; hello?: HostHello; stderrTail: string[] };

/**
 * The environment a browser started from the desktop might give the host: home, XDG dirs, a
 * system-only PATH. Nothing from this terminal's PATH, so "works in my shell" can't hide a problem.
 */
export function minimalEnv(p: PlatformInfo): Record<string, string> {
  const keep =
    p.platform === "win32"
      ? [
          "SystemRoot",
          "windir",
          "USERPROFILE",
          "APPDATA",
          "LOCALAPPDATA",
          "TEMP",
          "TMP",
          "ComSpec",
          "USERNAME",
          "GOOSE_BROWSER_HOST_CONFIG",
        ]
      : [
          "HOME",
          "USER",
          "LOGNAME",
          "LANG",
          "TMPDIR",
          "XDG_CONFIG_HOME",
          "XDG_DATA_HOME",
          "XDG_STATE_HOME",
          "XDG_RUNTIME_DIR",
          "GOOSE_BROWSER_HOST_CONFIG",
        ];
  const env: Record<string, string> = {};
  for (const k of keep) {
    const v = p.env[k];
    if (v) env[k] = v;
  }
  if (p.platform !== "win32") env.HOME = p.home;
  env.PATH =
    p.platform === "win32"
      ? path.win32.join(p.env.SystemRoot ?? "C:\\Windows", "System32")
      : p.platform === "darwin"
        ? "/usr/bin:/bin:/usr/sbin:/sbin"
        : "/usr/bin:/bin";
  return env;
}

/** Chrome on Windows runs every host as cmd.exe /d /s /c ""<host>" <args>" (a .bat needs cmd anyway); /s strips the outer quotes, leaving the quoted path. */
export function startLauncher(launcher: string, p: PlatformInfo): ChildProcess {
  const origin = chromeOrigin(DEV_EXTENSION_ID);
  const env = minimalEnv(p);
  return p.platform === "win32"
    ? spawn(p.env.ComSpec ?? "cmd.exe", ["/d", "/s", "/c", `""${launcher}" ${origin}"`], {
        env,
        cwd: path.win32.dirname(launcher),
        windowsVerbatimArguments: true,
        windowsHide: true,
        stdio: "pipe",
      })
    : spawn(launcher, [origin], { env, cwd: path.dirname(launcher), stdio: "pipe" });
}

export class LiveSession {
  private readonly decoder = new FrameDecoder(new FramePool(), CHROME_MAX_HOST_MESSAGE_BYTES);
  private readonly events: Array<{ host?: HostEvent; rpc?: JsonRpcMessage }> = [];
  private stderr = "";
  private stdoutError: string | undefined;
  private exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private spawnError: string | undefined;
  private wake: (() => void) | undefined;
  readonly exit: Promise<void>;

  constructor(private readonly child: ChildProcess) {
    child.stdout!.on("data", (chunk: Buffer) => {
      for (const e of this.decoder.push(chunk)) {
        if (e.kind === "error") this.stdoutError ??= e.message;
        else if (isHostEnvelope(e.value)) this.events.push({ host: e.value.host as HostEvent });
        else if (typeof e.value === "object" && e.value !== null && (e.value as { jsonrpc?: unknown }).jsonrpc === "2.0")
          this.events.push({ rpc: e.value as JsonRpcMessage });
        else this.stdoutError ??= `unexpected frame ${JSON.stringify(e.value).slice(0, 100)}`;
      }
      this.wake?.();
    });
    child.stderr!.on("data", (c: Buffer) => {
      this.stderr = (this.stderr + c.toString("utf8")).slice(-16_384);
    });
    child.stdin!.on("error", () => {});
    child.on("error", (e) => {
      this.spawnError = e.message;
      this.wake?.();
    });
    this.exit = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        this.exited = { code, signal };
        this.wake?.();
        resolve();
      }),
    );
  }

  /** `profile`: the one to start (the one the browser runs); the host's default without it. */
  async run(timeoutMs: number, profile?: string): Promise<LiveResult> {
    const hello = await this.waitFor((e) => (e.host?.type === "hello" ? e.host : undefined), timeoutMs);
    if (!hello.ok) return this.fail("hello", hello.why, undefined);
    if (hello.value.protocolVersion !== HOST_PROTOCOL_VERSION) {
      return this.fail(
        "hello",
        `the host speaks protocol ${hello.value.protocolVersion}, this checkout ${HOST_PROTOCOL_VERSION}`,
        hello.value,
        `update the host: \`${COMMANDS.rebuild}\``,
      );
    }
    this.send({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION, ...(profile ? { profile } : {}) } });
    const settled = await this.waitFor((e) => {
      const s = e.host?.type === "status" ? e.host.status : undefined;
      return s && s.state !== "idle" && s.state !== "discovering" && s.state !== "starting" ? s : undefined;
    }, timeoutMs);
    if (!settled.ok) return this.fail("agent start", settled.why, hello.value);
    const status = settled.value;
    if (status.state !== "running") {
      return this.fail(
        "agent start",
        `${status.profile}: ${statusMessage(status)}`,
        hello.value,
        "fix" in status ? status.fix : `read the host log ${hello.value.logFile}`,
      );
    }
    const id = "goose-browser-doctor";
    this.send({
      jsonrpc: "2.0",
      id,
      method: "initialize",
      params: {
        protocolVersion: 1,
        clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
        clientInfo: { name: "goose-browser-doctor", version: hello.value.hostVersion },
      },
    });
    const reply = await this.waitFor((e) => (e.rpc && e.rpc.id === id && e.rpc.method === undefined ? e.rpc : undefined), timeoutMs);
    if (!reply.ok)
      return this.fail("initialize", reply.why, hello.value, "run the agent's ACP command in a terminal to see what it prints");
    if (reply.value.error)
      return this.fail(
        "initialize",
        `the agent answered with an error: ${reply.value.error.message}`,
        hello.value,
        "read the agent's own log; check its authentication",
      );
    const agentInfo = (reply.value.result as { agentInfo?: { name?: string; version?: string } } | undefined)?.agentInfo;
    this.child.stdin!.end();
    const exited = await Promise.race([this.exit.then(() => true), delay(Math.min(timeoutMs, 15_000)).then(() => false)]);
    if (!exited)
      return this.fail(
        "shutdown",
        "the host did not exit after its stdin closed",
        hello.value,
        "report this with the host log: browsers would leave it running",
      );
    if (this.stdoutError)
      return this.fail(
        "framing",
        `the host wrote bytes that are not a frame: ${this.stdoutError}`,
        hello.value,
        "nothing but frames may reach stdout (“Error when communicating with the native messaging host.”)",
      );
    return {
      ok: true,
      hello: hello.value,
      status,
      ...(agentInfo?.name ? { agent: `${agentInfo.name}${agentInfo.version ? ` ${agentInfo.version}` : ""}` } : {}),
      exitCode: this.exited?.code ?? null,
    };
  }

  async runHello(timeoutMs: number): Promise<{ ok: true; hello: HostHello } | Extract<LiveResult, { ok: false }>> {
    const hello = await this.waitFor((e) => (e.host?.type === "hello" ? e.host : undefined), timeoutMs);
    if (!hello.ok) return this.fail("hello", hello.why, undefined);
    this.child.stdin!.end();
    const exited = await Promise.race([this.exit.then(() => true), delay(Math.min(timeoutMs, 15_000)).then(() => false)]);
    if (!exited) return this.fail("shutdown", "the host did not exit after its stdin closed", hello.value, "report this with the host log");
    if (this.stdoutError) return this.fail("framing", `the host wrote bytes that are not a frame: ${this.stdoutError}`, hello.value);
    return { ok: true, hello: hello.value };
  }

  dispose(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
  }

  private send(value: unknown): void {
    this.child.stdin!.write(frameJson(value));
  }

  private fail(step: string, message: string, hello: HostHello | undefined, fix?: string): Extract<LiveResult, { ok: false }> {
    const stderrTail = this.stderr
      .split("\n")
      .filter((l) => l.trim() !== "")
      .slice(-5);
    return { ok: false, step, message, fix: fix ?? this.defaultFix(), ...(hello ? { hello } : {}), stderrTail };
  }

  private defaultFix(): string {
    if (this.spawnError) return `check that the launcher exists and is executable (\`${COMMANDS.install}\`)`;
    if (this.exited?.code === 3) return `the host refused the caller: reinstall with \`${COMMANDS.install}\` so its allowed ids match`;
    return `run \`${COMMANDS.doctor}\` after \`${COMMANDS.install}\`; the host log has the details`;
  }

  /** Resolves with the first event `pick` accepts, or why none came (exit, spawn error, timeout). */
  private async waitFor<T>(
    pick: (e: { host?: HostEvent; rpc?: JsonRpcMessage }) => T | undefined,
    timeoutMs: number,
  ): Promise<{ ok: true; value: T } | { ok: false; why: string }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const e of this.events) {
        const v = pick(e);
        if (v !== undefined) return { ok: true, value: v };
      }
      if (this.spawnError) return { ok: false, why: `cannot start the launcher: ${this.spawnError}` };
      if (this.stdoutError)
        return {
          ok: false,
          why:
            `the host wrote bytes that are not a frame: ${this.stdoutError} ` +
            "(“Error when communicating with the native messaging host.”)",
        };
      if (this.exited) {
        const tail = this.stderr.trim().split("\n").slice(-2).join(" | ");
        return {
          ok: false,
          why:
            `the host exited (code ${this.exited.code}${this.exited.signal ? `, ${this.exited.signal}` : ""}) ` +
            `(“Native host has exited.”)${tail ? `: ${tail}` : ""}`,
        };
      }
      const left = deadline - Date.now();
      if (left <= 0) return { ok: false, why: `no answer within ${Math.round(timeoutMs / 1000)} s` };
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}

function statusMessage(s: AgentStatus): string {
  switch (s.state) {
    case "not_found":
      return `${s.command} not found (searched ${s.searched.length} places)`;
    case "outdated":
      return `${s.command} is ${s.version}; ${s.required} or newer is needed`;
    case "failed":
      return s.message;
    case "exited":
      return (
        `the agent exited at once (code ${s.code}${s.signal ? `, ${s.signal}` : ""})` +
        `${s.stderrTail.length ? `: ${s.stderrTail.slice(-2).join(" | ")}` : ""}`
      );
    default:
      return `the agent is ${s.state}`;
  }
}
