/**
 * The agent of a goose serve profile: a WebSocket to a server the host did not start, with the same
 * statuses the process supervisor reports (agent/supervisor.ts), so the extension needs nothing new.
 * `starting` while it checks the server (serve-check.ts) and connects, `running` once connected (its
 * `pid` is the connection's number, new on every reconnection, which is what makes the extension
 * initialize again), `exited` when the server goes away, `failed` / `outdated` with the fix. A server
 * that went away, or is not there yet, is tried again with a backoff (backoff.ts) until it answers;
 * a wrong token or a goose too old waits for Restart.
 */
import type { AgentStatus } from "../../shared/host-protocol";
import { reconnectDelayMs } from "../../shared/reconnect-backoff";
import { type HostConfig, serveProfileNamed } from "../setup/config";
import type { Logger } from "../setup/log";
import type { ServeProfile } from "../setup/serve-profile";
import type { LineEvent } from "../wire/lines";
import { messageLines } from "./message-lines";
import { pinnedTls } from "./pinned-certificate";
import { checkServe } from "./serve-check";
import { type FailureContext, failureOfError, failureOfStatus, isTransient, type ServeFailure } from "./serve-failure";
import { openServeSocket, type ServeSocket } from "./serve-socket";

export interface ServeSupervisorOptions {
  config: HostConfig;
  configFile: string;
  configError?: string;
  log: Logger;
  events: { status(status: AgentStatus): void; lines(events: LineEvent[]): void };
}

export class ServeSupervisor {
  private socket: ServeSocket | undefined;
  private generation = 0;
  private profileName: string;
  private cwdChoice: string | undefined;
  private lastStatus: AgentStatus;
  private connections = 0;
  private retry: NodeJS.Timeout | undefined;
  private outputPaused = false;
  /** Messages that came while output was paused, and the connection's end if it came then too. */
  private waiting: Buffer[] = [];
  private endWaiting: (() => void) | undefined;

  constructor(private o: ServeSupervisorOptions) {
    this.profileName = o.config.defaultProfile;
    this.lastStatus = { state: "idle", profile: this.profileName };
  }

  useConfig(config: HostConfig, configError: string | undefined): void {
    const { configError: _old, ...rest } = this.o;
    this.o = { ...rest, config, ...(configError ? { configError } : {}) };
  }

  get status(): AgentStatus {
    return this.lastStatus;
  }

  get connected(): boolean {
    return this.socket?.open === true;
  }

  /** The connection now, to tell it from the next one. */
  get current(): ServeSocket | undefined {
    return this.connected ? this.socket : undefined;
  }

  async start(profile: string, cwd?: string): Promise<void> {
    if (this.connected && profile === this.profileName && (cwd === undefined || cwd === this.cwdChoice)) return;
    await this.restart(profile, cwd);
  }

  async restart(profile: string, cwd?: string): Promise<void> {
    const generation = this.stop();
    this.profileName = profile;
    if (cwd !== undefined) this.cwdChoice = cwd;
    await this.connect(generation, 0);
  }

  /** Closes the connection without a status (a restart, another profile); returns the new generation. */
  stop(): number {
    clearTimeout(this.retry);
    this.retry = undefined;
    const socket = this.socket;
    this.socket = undefined;
    this.waiting = [];
    this.endWaiting = undefined;
    socket?.close();
    return ++this.generation;
  }

  async shutdown(): Promise<void> {
    this.stop();
  }

  killNow(): void {
    const socket = this.socket;
    this.stop();
    socket?.terminate();
  }

  /** A message of the host's own (browser tools): its newline is the line's end, not part of it. */
  write(data: Buffer | string): boolean {
    const text = typeof data === "string" ? data : data.toString("utf8");
    return this.socket?.send(Buffer.from(text.replace(/\n$/, ""))) ?? false;
  }

  writeLine(line: Buffer | readonly Buffer[], done?: () => void): boolean {
    if (!this.socket) {
      done?.();
      return false;
    }
    return this.socket.send(line, done);
  }

  onceDrain(cb: () => void): void {
    if (this.socket) this.socket.onceDrain(cb);
    else cb();
  }

  pauseOutput(): void {
    this.outputPaused = true;
    this.socket?.pause();
  }

  resumeOutput(): void {
    this.outputPaused = false;
    this.socket?.resume();
    while (!this.outputPaused && this.waiting.length > 0) this.o.events.lines(messageLines(this.waiting.shift()!));
    if (!this.outputPaused && this.waiting.length === 0 && this.endWaiting) {
      const end = this.endWaiting;
      this.endWaiting = undefined;
      end();
    }
  }

  private emit(status: AgentStatus): void {
    this.lastStatus = status;
    this.o.events.status(status);
  }

  /** One try; `attempt` 0 is a start (reported as it goes), later ones are quiet until they succeed. */
  private async connect(generation: number, attempt: number): Promise<void> {
    const name = this.profileName;
    const profile = serveProfileNamed(this.o.config, name);
    if (this.o.configError) {
      return this.emit({ state: "failed", profile: name, message: this.o.configError, fix: `Fix or delete ${this.o.configFile}.` });
    }
    if (!profile) {
      return this.emit({
        state: "failed",
        profile: name,
        message: `No goose serve profile named "${name}"`,
        fix: `Add it to ${this.o.configFile}.`,
      });
    }
    const command = profile.url.ws;
    const context: FailureContext = { profile: name, url: command, configFile: this.o.configFile };
    if (attempt === 0) {
      // The same words as a started agent's: doctor finds the profile in use by them (install-scripts/profile-in-use.ts).
      this.o.log.info(`starting agent ${name}: goose serve ${command}`);
      this.emit({ state: "starting", profile: name, command });
    }
    const check = await checkServe(profile, context);
    if (generation !== this.generation) return;
    if (!check.ok) return this.failed(generation, attempt, profile, check);
    const pin = pinnedTls(profile.certificate);
    const opened = await openServeSocket(command, profile.token, pin.ok ? pin.tls : undefined, {
      message: (data) => {
        if (generation !== this.generation) return;
        if (this.outputPaused || this.waiting.length > 0) this.waiting.push(data);
        else this.o.events.lines(messageLines(data));
      },
      closed: (_code, why) => {
        if (generation !== this.generation) return;
        this.socket = undefined;
        const report = () => this.lost(generation, profile, why);
        // The status goes behind every message read before the end (as an agent's exit does).
        if (this.outputPaused || this.waiting.length > 0) this.endWaiting = report;
        else report();
      },
    });
    if (generation !== this.generation) {
      if (opened.ok) opened.socket.close();
      return;
    }
    if (!opened.ok) {
      const failure = "status" in opened ? failureOfStatus(opened.status, context) : failureOfError(opened.error, context);
      return this.failed(generation, attempt, profile, failure);
    }
    this.socket = opened.socket;
    if (this.outputPaused) opened.socket.pause();
    const cwd = profile.cwd ?? this.cwdChoice ?? this.o.config.cwd;
    this.o.log.info(`connected to goose serve ${command} (profile ${name}, goose ${check.version ?? "of unknown version"})`);
    this.emit({
      state: "running",
      profile: name,
      command,
      pid: ++this.connections,
      cwd,
      ...(check.version ? { version: check.version } : {}),
    });
  }

  private failed(generation: number, attempt: number, profile: ServeProfile, f: ServeFailure): void {
    const name = this.profileName;
    const command = profile.url.ws;
    this.o.log.warn(`goose serve ${command}: ${f.message}`);
    const transient = isTransient(f.kind);
    // A server that went away stays "exited" while the host tries again; anything else is said at once.
    if (attempt === 0 || !transient) {
      if (f.kind === "outdated") {
        this.emit({ state: "outdated", profile: name, command, version: f.version ?? "", required: f.required ?? "", fix: f.fix });
      } else this.emit({ state: "failed", profile: name, command, message: f.message, fix: f.fix });
    }
    if (transient) this.scheduleRetry(generation, attempt);
  }

  private lost(generation: number, profile: ServeProfile, why: string): void {
    const command = profile.url.ws;
    this.o.log.warn(`goose serve ${command} closed the connection: ${why}`);
    this.emit({
      state: "exited",
      profile: this.profileName,
      command,
      code: null,
      signal: null,
      stderrTail: [`The connection to ${command} closed (${why}).`, "The host connects again as soon as the server answers."],
    });
    this.scheduleRetry(generation, 0);
  }

  private scheduleRetry(generation: number, attempt: number): void {
    if (generation !== this.generation) return;
    const delay = reconnectDelayMs(attempt);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (generation === this.generation) void this.connect(generation, attempt + 1);
    }, delay);
    this.retry.unref();
  }
}
