/**
 * The relay's one agent, whichever kind the profile is: a command the host starts
 * (agent/supervisor.ts) or a goose serve it connects to (serve/serve-supervisor.ts). Both report
 * the same statuses and take the same writes; this picks the one a start or restart names, and stops
 * the other first, so only one agent is ever connected.
 */
import { AgentSupervisor, type SupervisorOptions } from "../agent/supervisor";
import { ServeSupervisor } from "../serve/serve-supervisor";
import { type HostConfig, serveProfileNamed } from "../setup/config";

export class AgentLink {
  private readonly command: AgentSupervisor;
  private readonly serve: ServeSupervisor;
  private active: AgentSupervisor | ServeSupervisor;
  private name: string;
  private config: HostConfig;

  constructor(o: SupervisorOptions) {
    this.command = new AgentSupervisor(o);
    this.serve = new ServeSupervisor(o);
    this.config = o.config;
    this.name = o.config.defaultProfile;
    this.active = this.kindOf(this.name);
  }

  useConfig(config: HostConfig, configError: string | undefined): void {
    this.config = config;
    this.command.useConfig(config, configError);
    this.serve.useConfig(config, configError);
  }

  get status() {
    return this.active.status;
  }

  /** The agent connected now (its process, or its socket), to tell it from one that replaces it; undefined when none. */
  get current(): object | undefined {
    return this.active === this.serve ? this.serve.current : this.command.process;
  }

  /** An agent runs and takes writes. */
  get connected(): boolean {
    return this.active === this.serve ? this.serve.connected : this.command.process !== undefined;
  }

  start(profile?: string, cwd?: string): Promise<void> {
    return this.to(profile ?? this.name).then((agent) => agent.start(this.name, cwd));
  }

  restart(profile?: string, cwd?: string): Promise<void> {
    return this.to(profile ?? this.name).then((agent) => agent.restart(this.name, cwd));
  }

  async shutdown(): Promise<void> {
    await Promise.all([this.command.shutdown(), this.serve.shutdown()]);
  }

  killNow(): void {
    this.command.killNow();
    this.serve.killNow();
  }

  write(data: Buffer | string): boolean {
    return this.active.write(data);
  }

  writeLine(line: Buffer | readonly Buffer[], done?: () => void): boolean {
    return this.active.writeLine(line, done);
  }

  onceDrain(cb: () => void): void {
    this.active.onceDrain(cb);
  }

  /** Both kinds hear it, so the one a switch makes active starts paused if the browser's pipe is full. */
  pauseOutput(): void {
    this.command.pauseOutput();
    this.serve.pauseOutput();
  }

  resumeOutput(): void {
    this.command.resumeOutput();
    this.serve.resumeOutput();
  }

  private kindOf(name: string): AgentSupervisor | ServeSupervisor {
    return serveProfileNamed(this.config, name) ? this.serve : this.command;
  }

  private async to(name: string): Promise<AgentSupervisor | ServeSupervisor> {
    const next = this.kindOf(name);
    if (next !== this.active) {
      const before = this.active;
      this.active = next;
      await before.stop();
    }
    this.name = name;
    return next;
  }
}
