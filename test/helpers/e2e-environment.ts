/**
 * What every browser's end-to-end harness sets up around the extension, whichever browser drives it:
 * the built files it needs, a host config that points the host at the scripted agent with its own
 * state dir and logs inside the harness's temp dir, and readers for what the agent logged.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const HOST_LAUNCHER = path.join(ROOT, "dist/native-host/goose-browser-host");
export const FAKE_GOOSE = path.join(ROOT, "dist/fixtures/bin/goose");

/** One inbound JSON-RPC message as the scripted agent logged it (SCRIPTED_AGENT_LOG). */
export interface LoggedMessage {
  jsonrpc: "2.0";
  id?: string | number | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

export interface AgentOptions {
  /** The goose profile's command in the host config (default: the scripted fake goose). */
  gooseCommand?: string;
  /** Extra environment for the agent: the profile's `env` in the host config. */
  agentEnv?: Record<string, string>;
  /**
   * Runs the agent behind a `tee` so everything it writes on stdout lands in `agentStdout`
   * (to see its own requests, e.g. a permission request's id). The agent's exit code is lost.
   */
  captureAgentStdout?: boolean;
  /** More agent profiles in the host config, beside goose (e.g. another ACP agent, or a goose serve's URL and token). */
  extraProfiles?: Record<string, { command: string; args?: string[]; env?: Record<string, string> } | { url: string; token: string }>;
  /** The profile the host starts when the extension names none (default: goose). */
  defaultProfile?: string;
}

/** Where a harness keeps the host's and the agent's files, all inside its temp dir. */
export interface AgentFiles {
  /** The agent's working directory (the host config's cwd). */
  workDir: string;
  hostLog: string;
  /** What GOOSE_BROWSER_HOST_CONFIG points the host at. */
  hostConfig: string;
  /** The scripted agent's SCRIPTED_AGENT_STATE_DIR (sessions persist here, per harness dir). */
  agentStateDir: string;
  /** The scripted agent's SCRIPTED_AGENT_LOG: every message it received, one JSON per line. */
  agentLog: string;
  /** What the agent wrote on stdout (only with captureAgentStdout). */
  agentStdout: string;
}

export function agentFiles(dir: string): AgentFiles {
  return {
    workDir: path.join(dir, "work"),
    hostLog: path.join(dir, "host.log"),
    hostConfig: path.join(dir, "host-config.json"),
    agentStateDir: path.join(dir, "agent-state"),
    agentLog: path.join(dir, "agent.log"),
    agentStdout: path.join(dir, "agent-stdout.ndjson"),
  };
}

/** Creates the working folder and writes the host config (and the tee wrapper, if asked for) into `dir`. */
export function writeHostConfig(dir: string, files: AgentFiles, options: AgentOptions): void {
  const gooseCommand = options.gooseCommand ?? FAKE_GOOSE;
  fs.mkdirSync(files.workDir, { recursive: true });
  let command = gooseCommand;
  if (options.captureAgentStdout) {
    command = path.join(dir, "goose-tee");
    const q = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
    // `exec` for --version and friends; the ACP server's stdout goes through tee.
    fs.writeFileSync(
      command,
      `#!/bin/sh\nif [ "$1" != acp ]; then exec ${q(gooseCommand)} "$@"; fi\n${q(gooseCommand)} "$@" | tee -a ${q(files.agentStdout)}\n`,
      { mode: 0o755 },
    );
  }
  writeJson(files.hostConfig, {
    defaultProfile: options.defaultProfile ?? "goose",
    profiles: {
      goose: {
        command,
        args: ["acp"],
        // Each harness dir gets its own sessions and log; a test's agentEnv can still override them.
        env: { SCRIPTED_AGENT_STATE_DIR: files.agentStateDir, SCRIPTED_AGENT_LOG: files.agentLog, ...options.agentEnv },
      },
      ...options.extraProfiles,
    },
    cwd: files.workDir,
    logFile: files.hostLog,
  });
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
}

export function requireFile(file: string, howToMake: string): void {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file) || file} is missing: run \`${howToMake}\``);
}

/** A stale build would test yesterday's code, so refuse one older than its sources. */
export function requireFreshBuild(extensionDir: string, howToBuild: string): void {
  const manifest = path.join(extensionDir, "manifest.json");
  requireFile(manifest, howToBuild);
  const built = fs.statSync(manifest).mtimeMs;
  const sources = ["extension", "shared", "wxt.config.ts"].map((p) => path.join(ROOT, p));
  const newer = sources.flatMap(filesUnder).find((f) => fs.statSync(f).mtimeMs > built);
  if (newer) throw new Error(`the extension build is older than ${path.relative(ROOT, newer)}: run \`${howToBuild}\``);
}

function filesUnder(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (!fs.statSync(p).isDirectory()) return [p];
  return fs.readdirSync(p).flatMap((name) => filesUnder(path.join(p, name)));
}

/** The JSON lines of `file` so far (a line still being written is left out). */
export function readNdjson(file: string): LoggedMessage[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim().startsWith("{"))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LoggedMessage];
      } catch {
        return []; // a line still being written
      }
    });
}

export function readHostLog(hostLog: string): string {
  return fs.existsSync(hostLog) ? fs.readFileSync(hostLog, "utf8") : "(no host log)";
}

/** Processes whose working folder is `workDir`: the agent (the host runs elsewhere). Linux only. */
export function processesIn(workDir: string): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/cwd`) === workDir;
      } catch {
        return false; // gone, or not ours to read
      }
    })
    .map(Number);
}
