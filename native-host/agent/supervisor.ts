/**
 * Owns the agent process for the host: discovery → version check → spawn → running → exited, one
 * status at a time, and restart on command. Output from a process that has been replaced is ignored,
 * so a restart never mixes two agents' lines.
 */
import { GOOSE_INSTALL_URL, GOOSE_UPDATE_COMMAND } from "../../shared/goose";
import type { AgentStatus } from "../../shared/host-protocol";
import { type HostConfig, profileNamed } from "../setup/config";
import { describeUnsafe, findUnsafePath } from "../setup/file-safety";
import { isDirectory, isExecutableFile } from "../setup/fs-checks";
import type { Logger } from "../setup/log";
import type { PlatformInfo } from "../setup/paths";
import { type LineEvent, LineSplitter } from "../wire/lines";
import { checkVersion } from "./check-version";
import { agentPath, discoverAgent } from "./discover";
import { agentEnvironment } from "./environment";
import { ExitReport } from "./exit-report";
import { describeLaunch, planLaunch } from "./launch";
import { AgentProcess, type ExitInfo } from "./process";
import { Reaper } from "./reaper";
import { StderrTail } from "./stderr-tail";

const NEWLINE = Buffer.from("\n");

interface SupervisorEvents {
  status(status: AgentStatus): void;
  /** What one read of the agent's stdout (or its end) completed, in order. */
  lines(events: LineEvent[]): void;
}

export interface SupervisorOptions {
  config: HostConfig;
  configFile: string;
  /** A problem with the config file, reported as a failed start. */
  configError?: string;
  platform: PlatformInfo;
  log: Logger;
  events: SupervisorEvents;
}

export class AgentSupervisor {
  private current: AgentProcess | undefined;
  private generation = 0;
  private profileName: string;
  /** A working folder the extension chose (already checked), else the config's. */
  private cwdChoice: string | undefined;
  private lastStatus: AgentStatus;
  /** Kills the agent's group if the host dies without stopping it (reaper.ts). */
  private readonly reaper = new Reaper();
  private outputPaused = false;
  /** Feeds the splitter what the current agent's output delivered while paused. */
  private feedWaiting: (() => void) | undefined;
  /** Told when the current agent's output pauses and resumes: its exit is reported once the output is through. */
  private exitReport: ExitReport | undefined;

  constructor(private o: SupervisorOptions) {
    this.profileName = o.config.defaultProfile;
    this.lastStatus = { state: "idle", profile: this.profileName };
  }

  /** The config file changed: the next start or restart uses it; a running agent keeps running. */
  useConfig(config: HostConfig, configError: string | undefined): void {
    const { configError: _old, ...rest } = this.o;
    this.o = { ...rest, config, ...(configError ? { configError } : {}) };
  }

  get status(): AgentStatus {
    return this.lastStatus;
  }

  get process(): AgentProcess | undefined {
    return this.current && !this.current.hasExited ? this.current : undefined;
  }

  /** Starts the agent unless it is already running with this profile and folder. */
  async start(profile?: string, cwd?: string): Promise<void> {
    const name = profile ?? this.profileName;
    if (this.process && name === this.profileName && (cwd === undefined || cwd === this.cwd)) return;
    await this.restart(name, cwd);
  }

  async restart(profile?: string, cwd?: string): Promise<void> {
    const generation = ++this.generation;
    await this.stopCurrent();
    if (generation !== this.generation) return;
    this.profileName = profile ?? this.profileName;
    if (cwd !== undefined) this.cwdChoice = cwd;
    await this.launch(generation);
  }

  get cwd(): string {
    return this.cwdChoice ?? this.o.config.cwd;
  }

  /** Stops the agent without a status (the host switches to a goose serve profile). */
  async stop(): Promise<void> {
    this.generation++;
    await this.stopCurrent();
  }

  async shutdown(): Promise<void> {
    this.generation++;
    await this.stopCurrent();
    this.reaper.close();
  }

  /** The host is dying of an error: kill the agent's group synchronously, no grace. */
  killNow(): void {
    this.current?.killNow();
  }

  /** Writes to the agent's stdin; false means wait for `drain` (or the agent is gone). */
  write(data: Buffer | string): boolean {
    const p = this.process;
    if (!p?.child.stdin.writable) return false;
    return p.child.stdin.write(data);
  }

  /**
   * Writes `line` and a newline to the agent's stdin as one write (writev), without copying the line
   * to append the newline. False means wait for `drain` (or the agent is gone). `done` runs once
   * nothing will read `line` any more: the write finished or failed, or there was none.
   */
  writeLine(line: Buffer | readonly Buffer[], done?: () => void): boolean {
    const stdin = this.process?.child.stdin;
    if (!stdin?.writable) {
      done?.();
      return false;
    }
    stdin.cork();
    // A streamed frame's parts (wire/frame-stream.ts) go in one corked write, never joined.
    for (const part of line instanceof Buffer ? [line] : line) stdin.write(part);
    const ok = done ? stdin.write(NEWLINE, () => done()) : stdin.write(NEWLINE);
    stdin.uncork();
    return ok;
  }

  onceDrain(cb: () => void): void {
    const p = this.process;
    if (p) p.child.stdin.once("drain", cb);
    else cb();
  }

  /**
   * Stops reading the agent's output. Until `resumeOutput`, no read reaches the line splitter: the
   * relay may still hold parts of the last read, which are views of the splitter's buffer (lines.ts).
   */
  pauseOutput(): void {
    this.outputPaused = true;
    this.current?.stdout.pause();
    this.exitReport?.outputPaused(true);
  }

  resumeOutput(): void {
    this.outputPaused = false;
    this.current?.stdout.resume();
    this.feedWaiting?.();
    // What was fed may have paused it again.
    this.exitReport?.outputPaused(this.outputPaused);
  }

  private emit(status: AgentStatus): void {
    this.lastStatus = status;
    this.o.events.status(status);
  }

  private async stopCurrent(): Promise<void> {
    const p = this.current;
    this.current = undefined;
    if (!p) return;
    await p.stop();
    if (!p.hasExited) this.o.log.warn(`agent (pid ${p.pid}) still runs after its kill; the reaper tries again when the host exits`);
  }

  private async launch(generation: number): Promise<void> {
    const { config, platform, log } = this.o;
    const profileName = this.profileName;
    const profile = profileNamed(config, profileName);
    if (this.o.configError) {
      return this.emit({ state: "failed", profile: profileName, message: this.o.configError, fix: `Fix or delete ${this.o.configFile}.` });
    }
    const unsafeConfig = findUnsafePath(this.o.configFile);
    if (unsafeConfig) {
      log.error(`unsafe config: ${unsafeConfig.path} is ${unsafeConfig.problem}`);
      return this.emit({ state: "failed", profile: profileName, ...describeUnsafe(unsafeConfig, this.o.configFile) });
    }
    if (!profile) {
      return this.emit({
        state: "failed",
        profile: profileName,
        message: `No agent profile named "${profileName}"`,
        fix: `Pick one of: ${Object.keys(config.profiles).join(", ")}, or add it to ${this.o.configFile}.`,
      });
    }
    this.emit({ state: "discovering", profile: profileName });
    const found = discoverAgent(profile.command, platform, config.path, isExecutableFile);
    if (!found.found) {
      log.warn(`agent ${profileName}: ${profile.command} not found (searched ${found.searched.join(", ")})`);
      return this.emit({
        state: "not_found",
        profile: profileName,
        command: profile.command,
        searched: found.searched,
        fix: notFoundFix(profileName, profile.command, this.o.configFile, found.refused),
      });
    }
    const file = found.found;
    const unsafeCommand = findUnsafePath(file);
    if (unsafeCommand) {
      log.error(`unsafe agent command: ${unsafeCommand.path} is ${unsafeCommand.problem}`);
      return this.emit({ state: "failed", profile: profileName, command: file, ...describeUnsafe(unsafeCommand, file) });
    }
    const cwd = this.cwd;
    if (!isDirectory(cwd)) {
      return this.emit({
        state: "failed",
        profile: profileName,
        command: file,
        message: `The working directory ${cwd} does not exist`,
        fix: `Create it, or set "cwd" in ${this.o.configFile} to an existing folder.`,
      });
    }
    const env = { ...agentEnvironment(process.env), PATH: agentPath(platform, config.path), ...profile.env };
    const version = await checkVersion(file, profile.versionArgs, profile.minVersion, env, platform);
    if (generation !== this.generation) return;
    if (!version.ok) {
      if (version.kind === "outdated") {
        return this.emit({
          state: "outdated",
          profile: profileName,
          command: file,
          version: version.version,
          required: version.required,
          fix:
            profileName === "goose"
              ? `goose ${version.version} is older than ${version.required}, the first version this extension works with. Update it with \`${GOOSE_UPDATE_COMMAND}\` (or reinstall: ${GOOSE_INSTALL_URL}).`
              : `Update ${file} to ${version.required} or newer.`,
        });
      }
      return this.emit({
        state: "failed",
        profile: profileName,
        command: file,
        message: version.message,
        fix: `Check that ${file} is the ${profileName} agent's CLI (run it with ${profile.versionArgs.join(" ")} in a terminal).`,
      });
    }
    const launch = planLaunch(file, profile.args, platform, env);
    if (!launch.ok) {
      log.error(`agent ${profileName}: ${launch.message}`);
      return this.emit({ state: "failed", profile: profileName, command: file, message: launch.message, fix: launch.fix });
    }
    this.emit({ state: "starting", profile: profileName, command: file, ...(version.version ? { version: version.version } : {}) });
    log.info(`starting agent ${profileName}: ${describeLaunch(file, launch.command)} in ${cwd}`);
    let agent: AgentProcess;
    try {
      agent = await AgentProcess.start({ ...launch.command, cwd, env }, this.reaper);
    } catch (e) {
      // Some spawn failures throw rather than emit 'error' (Windows' EINVAL, a NUL byte in an argument):
      // the same failed status as those that emit, never a dead host.
      const err = e as NodeJS.ErrnoException;
      log.error(`agent ${profileName} could not start: ${err.message}`);
      if (generation !== this.generation) return;
      return this.emit({ state: "failed", profile: profileName, command: file, ...spawnFailure(file, err) });
    }
    if (generation !== this.generation) {
      // Replaced or shut down while its stdout was being set up: stopped, and its output read to the end and dropped.
      agent.stdout.resume();
      void agent.stop();
      return;
    }
    this.current = agent;
    this.wire(agent, generation, file);
    if (agent.pid !== undefined) {
      this.emit({
        state: "running",
        profile: profileName,
        command: file,
        pid: agent.pid,
        cwd,
        ...(version.version ? { version: version.version } : {}),
      });
    }
  }

  private wire(agent: AgentProcess, generation: number, file: string): void {
    const { log, events } = this.o;
    const profile = this.profileName;
    const splitter = new LineSplitter();
    const tail = new StderrTail();
    const live = () => generation === this.generation && this.current === agent;
    // A read or the end that comes while output is paused (a stream may still deliver what it had)
    // waits, copied: the read buffer is reused (stdout-socket.ts). `null` is the end.
    const waiting: Array<Buffer | null> = [];
    let exit: ExitInfo = { code: null, signal: null };
    const report = new ExitReport(() => {
      if (live()) this.reportExit(agent, exit, profile, file, tail);
    });
    report.outputPaused(this.outputPaused);
    this.exitReport = report;
    const feed = (chunk: Buffer | null) => {
      events.lines(chunk ? splitter.push(chunk) : splitter.end());
      if (!chunk) report.outputEnded();
    };
    this.feedWaiting = () => {
      while (!this.outputPaused && live() && waiting.length > 0) feed(waiting.shift()!);
    };
    agent.stdout.onData((chunk) => {
      if (!live()) return;
      if (this.outputPaused || waiting.length > 0) waiting.push(Buffer.from(chunk));
      else feed(chunk);
    });
    if (this.outputPaused) agent.stdout.pause();
    agent.stdout.onEnd(() => {
      if (!live()) return;
      if (this.outputPaused || waiting.length > 0) waiting.push(null);
      else feed(null);
    });
    agent.child.stderr.on("data", (chunk: Buffer) => {
      for (const line of tail.push(chunk)) log.info(`agent stderr: ${line}`);
    });
    void agent.exited.then((info) => {
      const { code, signal } = info;
      exit = info;
      if (agent.spawnError) log.error(`agent ${profile} could not start: ${agent.spawnError.message}`);
      else log.info(`agent ${profile} (pid ${agent.pid}) exited: code ${code} signal ${signal}`);
      if (!live()) return;
      // Mop up whatever the agent left in its process group.
      void agent.stop();
      // 'exit' can come before the last lines are read, and they may wait for the browser: the status
      // goes out behind them (exit-report.ts).
      report.agentExited();
    });
  }

  private reportExit(agent: AgentProcess, { code, signal }: ExitInfo, profile: string, file: string, tail: StderrTail): void {
    if (agent.spawnError) {
      this.emit({ state: "failed", profile, command: file, ...spawnFailure(file, agent.spawnError as NodeJS.ErrnoException) });
      return;
    }
    this.emit({ state: "exited", profile, command: file, code, signal, stderrTail: tail.tail() });
  }
}

function spawnFailure(file: string, e: NodeJS.ErrnoException): { message: string; fix: string } {
  return {
    message: `${file} could not be started: ${e.code ?? e.message}`,
    fix: e.code === "EACCES" ? `Make ${file} executable (chmod +x).` : `Check ${file} in a terminal.`,
  };
}

function notFoundFix(profile: string, command: string, configFile: string, refused?: string): string {
  const prefix = refused ? `${refused}. ` : "";
  if (profile === "goose") {
    return `${prefix}Install the goose CLI (${GOOSE_INSTALL_URL}), then press Restart. If it is installed somewhere unusual, set profiles.goose.command in ${configFile} to its absolute path.`;
  }
  return `${prefix}Install ${command}, or set profiles.${profile}.command in ${configFile} to its absolute path.`;
}
