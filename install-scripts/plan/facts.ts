/**
 * Gathers what the installer needs to know about this machine: which browsers exist, which node
 * runs us, the login-shell PATH, the current host config, and where goose and the --agent commands
 * are (found the same way the host finds them: native-host/agent/discover.ts + check-version.ts).
 */
import fs from "node:fs";
import { checkVersion } from "../../native-host/agent/check-version";
import { agentPath, discoverAgent } from "../../native-host/agent/discover";
import { planLaunch } from "../../native-host/agent/launch";
import { GOOSE_MIN_VERSION, parseConfig } from "../../native-host/setup/config";
import { isDirectory as isDir, isExecutableFile } from "../../native-host/setup/fs-checks";
import { parseLauncher } from "../../native-host/setup/launcher";
import { CONFIG_ENV, configFile, type PlatformInfo } from "../../native-host/setup/paths";
import { sha256 } from "../apply/files";
import type { AgentSpec } from "../args";
import { type BrowserTarget, browserTargets, sandboxedCandidates } from "../browsers/browsers";
import { type BundleState, bundlePath, hostFileName, type InstallLayout, installLayout, nonEmpty, pathLib } from "../browsers/layout";
import { type AcpProbe, probeAcp } from "./acp-probe";
import { chooseGooseCommand, isRecord, type RawConfig } from "./host-config";
import { knownAgent } from "./known-agents";
import { captureLoginPath, type LoginPath } from "./login-shell";
import { chooseNodePath, nodeOnPath, realpathOrUndefined } from "./node-path";
import { type AgentFacts, gooseProfile, type InstallFacts } from "./plan";

export interface MachineContext {
  p: PlatformInfo;
  /** The node running the installer (process.execPath) and its version. */
  execPath: string;
  nodeVersion: string;
  sourceBundle: string;
  hostVersion: string;
  /** Dirs whose sources go into the bundle: a newer source file means the bundle is stale. */
  sourceDirs?: string[];
  /** "/" normally; tests point it at a fake root where browsers' programs are "installed". */
  systemRoot?: string;
  /** The source is the standalone executable (release/build-exe.ts): the launcher starts it without node. */
  executable?: boolean;
}

export async function gatherInstallFacts(m: MachineContext, agents: AgentSpec[]): Promise<InstallFacts> {
  const { p } = m;
  const targets = browserTargets(p, m.systemRoot);
  const presentVia: Record<string, string> = {};
  for (const t of targets) {
    const hit = browserPresence(t);
    if (hit) presentVia[t.id] = hit;
  }
  const loginPath: LoginPath = await captureLoginPath(p);
  const nodeChoice = chooseNodePath(
    m.execPath,
    [...nodeOnPath(loginPath.path, p.platform), ...nodeOnPath(p.env.PATH ?? p.env.Path ?? "", p.platform)],
    realpathOrUndefined,
  );
  const config = readRawConfig(p);
  const layout = installLayout(p);
  const source = readOrUndefined(m.sourceBundle);
  const previousBundle = launcherTarget(layout, p.platform);
  return {
    p,
    hostVersion: m.hostVersion,
    sourceBundle: m.sourceBundle,
    sourceBundleExists: source !== undefined,
    executable: m.executable === true,
    ...(source
      ? { bundleFile: bundleFileFor(layout, p.platform, m.hostVersion, source, hostFileName(p.platform, m.executable === true)) }
      : {}),
    ...(previousBundle ? { previousBundle } : {}),
    ...(m.sourceDirs ? { staleSource: newerSource(m.sourceBundle, m.sourceDirs) } : {}),
    layout,
    targets,
    presentVia,
    sandboxed: sandboxedCandidates(p).filter((s) => isDir(s.dir)),
    node: { ...nodeChoice, version: m.nodeVersion },
    loginPath,
    config,
    goose: await gooseFacts(p, config.raw, loginPath.path),
    agents: await agentFacts(p, agents, loginPath.path),
  };
}

/** Where this bundle goes (layout.ts's bundlePath), judged against the bytes already there, or why it cannot go anywhere. */
function bundleFileFor(
  layout: InstallLayout,
  platform: NodeJS.Platform,
  version: string,
  source: Buffer,
  fileName: string,
): string | { error: string } {
  const hash = sha256(source);
  const state = (file: string): BundleState => {
    const there = readOrUndefined(file);
    return there === undefined ? "absent" : there.equals(source) ? "same" : "different";
  };
  try {
    return bundlePath(layout, platform, version, hash, state, fileName);
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** The bundle the installed launcher starts today, if there is a launcher this installer wrote. */
function launcherTarget(layout: InstallLayout, platform: NodeJS.Platform): string | undefined {
  const text = readOrUndefined(layout.launcher);
  return text ? parseLauncher(platform, text.toString("utf8"))?.bundle : undefined;
}

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** goose: keep a configured absolute path that works, else discover it as the host would. */
async function gooseFacts(p: PlatformInfo, raw: RawConfig | undefined, loginPath: string): Promise<InstallFacts["goose"]> {
  const lib = pathLib(p.platform);
  const profile = gooseProfile(raw, p);
  const configured =
    isRecord(raw?.profiles) && isRecord(raw.profiles.goose) && typeof raw.profiles.goose.command === "string"
      ? raw.profiles.goose.command
      : undefined;
  const configuredWorks = configured !== undefined && lib.isAbsolute(configured) && isExecutableFile(configured);
  const discovery = configuredWorks
    ? undefined
    : discoverAgent(configured && !lib.isAbsolute(configured) ? configured : "goose", p, loginPath, isExecutableFile);
  const chosen = chooseGooseCommand(configured, configuredWorks, discovery?.found, (x) => lib.isAbsolute(x));
  const version = chosen
    ? await checkVersion(chosen, profile.versionArgs, profile.minVersion ?? GOOSE_MIN_VERSION, versionEnv(p, loginPath), p)
    : undefined;
  return {
    ...(configured ? { configured } : {}),
    ...(discovery ? { discovery } : {}),
    ...(chosen ? { chosen } : {}),
    ...(version ? { version } : {}),
  };
}

/**
 * The --agent commands: where each is and whether it runs. A known agent given without arguments gets
 * the ones that make it speak ACP (known-agents.ts: goose → `acp`); any other command found is started
 * once and must answer ACP's initialize (acp-probe.ts), where the host would run it (this OS).
 */
async function agentFacts(p: PlatformInfo, agents: AgentSpec[], loginPath: string): Promise<AgentFacts[]> {
  const out: AgentFacts[] = [];
  for (const given of agents) {
    const known = knownAgent(given.command);
    const a = given.args.length === 0 && known ? { ...given, args: [...known.args] } : given;
    const found = discoverAgent(a.command, p, loginPath, isExecutableFile).found;
    const env = versionEnv(p, loginPath);
    const version = found
      ? await checkVersion(found, ["--version"], a.name === "goose" ? GOOSE_MIN_VERSION : undefined, env, p)
      : undefined;
    let acp: AcpProbe | undefined;
    if (found && !known && p.platform === process.platform) {
      const plan = planLaunch(found, a.args, p, env);
      acp = plan.ok ? await probeAcp(plan.command, env, p.home) : { ok: false, message: plan.message, stderrTail: [] };
    }
    out.push({ ...a, ...(found ? { resolved: found } : {}), ...(version ? { version } : {}), ...(acp ? { acp } : {}) });
  }
  return out;
}

function versionEnv(p: PlatformInfo, loginPath: string): Record<string, string | undefined> {
  return { ...p.env, PATH: agentPath(p, loginPath) };
}

/** The config as raw JSON (so fields the installer doesn't know survive), validated like the host does. */
function readRawConfig(p: PlatformInfo): InstallFacts["config"] {
  const file = configFile(p);
  const envOverride = nonEmpty(p.env[CONFIG_ENV]);
  const base = { file, ...(envOverride ? { envOverride } : {}) };
  let text: string;
  let mode: number;
  try {
    text = fs.readFileSync(file, "utf8");
    mode = fs.statSync(file).mode & 0o777;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { ...base, exists: false };
    return { ...base, exists: true, error: (e as Error).message };
  }
  const found = { ...base, exists: true, mode, sha256: sha256(text) };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ...found, error: `not JSON: ${(e as Error).message}` };
  }
  if (!isRecord(raw)) return { ...found, error: "not a JSON object" };
  try {
    parseConfig(raw, p);
  } catch (e) {
    return { ...found, error: (e as Error).message };
  }
  return { ...found, raw: raw as RawConfig };
}

/** The browser's profile dir or program that exists, if any: it is installed for this user. */
export function browserPresence(t: BrowserTarget): string | undefined {
  if (t.where !== "dir") return undefined;
  return t.presence.find((d) => isDir(d)) ?? t.apps.find((a) => fs.existsSync(a));
}

/** A source file newer than the bundle, if any (the user edited or pulled without rebuilding). */
function newerSource(bundle: string, dirs: string[]): string | undefined {
  let built: number;
  try {
    built = fs.statSync(bundle).mtimeMs;
  } catch {
    return undefined;
  }
  for (const dir of dirs) {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (!e.isFile() || !e.name.endsWith(".ts")) continue;
      // parentPath is node ≥ 20.12; older 20.x called it path.
      const parent = (e as { parentPath?: string; path?: string }).parentPath ?? (e as { path?: string }).path ?? dir;
      const file = `${parent}/${e.name}`;
      if (fs.statSync(file).mtimeMs > built) return file;
    }
  }
  return undefined;
}
