/**
 * `doctor`: checks the installation the way a browser would meet it, and prints every problem with
 * its fix. `--fix` rewrites missing or broken manifests (and registry keys) with the installer's
 * own planManifests/applyActions. Exit code 1 when a problem remains.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { checkVersion } from "../../native-host/agent/check-version";
import { agentPath, discoverAgent, pathDirs } from "../../native-host/agent/discover";
import { type HostConfig, type LoadedConfig, loadConfig } from "../../native-host/setup/config";
import { describeUnsafe, findUnsafePath } from "../../native-host/setup/file-safety";
import { isDirectory as isDir, isExecutableFile } from "../../native-host/setup/fs-checks";
import { NODE_FLAGS, parseLauncher } from "../../native-host/setup/launcher";
import { configFile, type PlatformInfo } from "../../native-host/setup/paths";
import { CHROMIUM_EXTENSION_IDS } from "../../shared/extension-ids";
import { GOOSE_INSTALL_URL, GOOSE_UPDATE_COMMAND } from "../../shared/goose";
import { compareVersions, parseVersion } from "../../shared/version";
import { applyActions, readReceipt, recordReceipt } from "../apply/apply";
import { type BrowserTarget, browserTargets, sandboxedCandidates } from "../browsers/browsers";
import { type InstallLayout, installLayout } from "../browsers/layout";
import { inspectManifest, judgeManifest } from "../browsers/manifest-check";
import { policyFindings } from "../browsers/policies";
import type { RegistryOps } from "../browsers/registry";
import { browserPresence } from "../plan/facts";
import { FIX_COMMAND, INSTALL_COMMAND, planManifests, SUPPORTED_BROWSERS } from "../plan/plan";
import { type Finding, formatFinding, hasProblem, info, ok, problem, warn } from "../report";
import { type LiveResult, minimalEnv } from "./launcher-session";
import { liveCheck } from "./live-check";
import { agentSubject, aside, lastStartedProfile } from "./profile-in-use";
import { serveFindings } from "./serve-findings";

export interface DoctorContext {
  p: PlatformInfo;
  hostVersion: string;
  registry: RegistryOps;
  /** "/" normally; tests point it at a fake root holding /etc/…/policies. */
  policyRoot: string;
  /** "/" normally; tests point it at a fake root where browsers' programs are "installed". */
  systemRoot?: string;
  out(text: string): void;
  /** Per-step timeout of the live check. */
  liveTimeoutMs?: number;
}

type Section = "install" | "browsers" | "agents" | "policies" | "live";
type SectionFinding = Finding & { section: Section };

interface DoctorReport {
  ok: boolean;
  findings: SectionFinding[];
  live?: LiveResult;
}

const MIN_NODE: [number, number, number] = [20, 0, 0];

export interface DoctorArgs {
  command: "doctor";
  fix: boolean;
  json: boolean;
  live: boolean;
}

export async function doctor(ctx: DoctorContext, cmd: DoctorArgs): Promise<number> {
  const report = await runDoctor(ctx, cmd);
  if (cmd.json) ctx.out(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const titles: Record<Section, string> = {
      install: "Installation",
      browsers: "Browsers",
      agents: "Agents",
      policies: "Policies",
      live: "Live check",
    };
    ctx.out(`goose-browser doctor (${ctx.p.platform})\n`);
    for (const section of Object.keys(titles) as Section[]) {
      const lines = report.findings.filter((f) => f.section === section);
      if (lines.length === 0) continue;
      ctx.out(`\n${titles[section]}\n${lines.map((f) => `  ${formatFinding(f)}\n`).join("")}`);
    }
    const problems = report.findings.filter((f) => f.severity === "problem").length;
    ctx.out(
      problems === 0
        ? "\nNo problems found.\n"
        : `\n${problems} problem${problems === 1 ? "" : "s"} found; each ✗ line ends with its fix.\n`,
    );
  }
  return report.ok ? 0 : 1;
}

async function runDoctor(ctx: DoctorContext, cmd: { fix: boolean; live: boolean }): Promise<DoctorReport> {
  const { p } = ctx;
  const layout = installLayout(p);
  const findings: SectionFinding[] = [];
  const add = (section: Section, fs: Finding[]) => findings.push(...fs.map((f) => ({ ...f, section })));

  // Installation: receipt, launcher, node, bundle.
  const receipt = readReceipt(layout.receipt);
  add("install", receiptFindings(layout, receipt));
  const launcher = await checkLauncher(p, layout);
  add("install", launcher.findings);

  // Host config: it decides the extra extension ids and the agents.
  const loaded = loadConfig(configFile(p), p);
  add("agents", hostConfigFindings(loaded));
  const ids = [...new Set([...CHROMIUM_EXTENSION_IDS, ...loaded.config.allowedExtensionIds])];

  add("browsers", await browserFindings(ctx, cmd.fix, { layout, launcher, receipt, loaded, ids }));

  // Agents, resolved as the host would resolve them when a browser starts it. The one the browser runs
  // (picked in Options, else the default) is judged; the others are information until the user picks one.
  const inUse = lastStartedProfile(loaded.config.logFile, loaded.config.profileNames) ?? loaded.config.defaultProfile;
  if (!loaded.error) add("agents", [...(await checkAgents(p, loaded.config, loaded.file, inUse)), ...(await serveFindings(loaded, inUse))]);
  add("agents", checkFileSafety(p, loaded.config, loaded.file, inUse));

  add("policies", policyFindings(p, ctx.policyRoot));

  const live = cmd.live && launcher.usable ? await liveCheck(layout.launcher, p, ctx.liveTimeoutMs, inUse) : undefined;
  add("live", liveFindings(cmd.live, launcher.usable, live));
  return { ok: !hasProblem(findings), findings, ...(live ? { live } : {}) };
}

type ReceiptRead = ReturnType<typeof readReceipt>;

function receiptFindings(layout: InstallLayout, receipt: ReceiptRead): Finding[] {
  if (!receipt.found) return [problem("receipt", `not installed for this user (no ${layout.receipt})`, INSTALL_COMMAND)];
  if (receipt.error) return [problem("receipt", receipt.error, `delete it and re-run \`${INSTALL_COMMAND}\``)];
  // The files it lists are checked elsewhere, each where it matters (launcher, bundle, manifests).
  const r = receipt.receipt!;
  const keys = r.registryKeys.length ? `, ${r.registryKeys.length} registry keys` : "";
  return [ok("receipt", `${layout.receipt} (host ${r.hostVersion}; ${r.files.length} files${keys})`)];
}

function hostConfigFindings(loaded: LoadedConfig): Finding[] {
  if (!loaded.found) return [warn("host config", `no ${loaded.file}; the host uses its defaults (goose found on PATH)`, INSTALL_COMMAND)];
  if (loaded.error) return [problem("host config", loaded.error, `fix or delete ${loaded.file}, then re-run \`${INSTALL_COMMAND}\``)];
  return [ok("host config", loaded.file)];
}

interface BrowserCheckInputs {
  layout: InstallLayout;
  launcher: { usable: boolean };
  receipt: ReceiptRead;
  loaded: LoadedConfig;
  ids: string[];
}

/** Browsers, fixed first when asked. */
async function browserFindings(ctx: DoctorContext, fix: boolean, inputs: BrowserCheckInputs): Promise<Finding[]> {
  const { p } = ctx;
  const { layout, launcher, ids } = inputs;
  const findings: Finding[] = [];
  let browsers = await checkBrowsers(p, layout, ids, ctx.registry, ctx.systemRoot);
  if (fix && browsers.broken.length > 0) {
    if (!launcher.usable) {
      findings.push(problem("--fix", "manifests were not rewritten: the launcher they would point at does not work", INSTALL_COMMAND));
    } else {
      findings.push(...(await fixManifests(ctx, inputs, browsers.broken)));
      browsers = await checkBrowsers(p, layout, ids, ctx.registry, ctx.systemRoot);
    }
  }
  // Rewriting manifests can't help while the launcher they name is broken: install first.
  findings.push(
    ...(launcher.usable ? browsers.findings : browsers.findings.map((f) => (f.fix === FIX_COMMAND ? { ...f, fix: INSTALL_COMMAND } : f))),
    ...registrationCount(browsers),
    ...sandboxedCandidates(p)
      .filter((s) => isDir(s.dir))
      .map((s) => warn(s.label, `found ${s.dir}, but ${s.why}`, s.fix)),
  );
  return findings;
}

/** `--fix`: rewrites the broken browsers' manifests (and registry keys) with the installer's own plan. */
async function fixManifests(ctx: DoctorContext, inputs: BrowserCheckInputs, broken: BrowserTarget[]): Promise<Finding[]> {
  const { p } = ctx;
  const { layout, receipt, loaded, ids } = inputs;
  const presentVia = Object.fromEntries(broken.flatMap((t) => (t.where === "dir" ? [[t.id, t.manifestDir]] : [])));
  const { actions } = planManifests(p, layout, broken, presentVia, ids);
  const applied = await applyActions(actions, ctx.registry, false);
  await recordReceipt(
    layout,
    // Doctor never writes the config: whatever the receipt says about owning it stands.
    { hostVersion: receipt.receipt?.hostVersion ?? ctx.hostVersion, platform: p.platform, configFile: loaded.file, configOwned: true },
    applied,
    receipt.receipt,
    ctx.registry,
    false,
  );
  return applied.results.map((r) =>
    r.outcome === "failed"
      ? problem(
          "--fix",
          `could not write ${r.action.kind === "registry" ? r.action.key : r.action.path}: ${r.error}`,
          "fix the permissions and re-run",
        )
      : ok("--fix", `${r.action.kind === "registry" ? `${r.action.key} = ${r.action.value}` : r.action.path} (${r.outcome})`),
  );
}

function liveFindings(asked: boolean, launcherUsable: boolean, live: LiveResult | undefined): Finding[] {
  if (!asked) return [info("live check", "skipped (--no-live)")];
  if (!launcherUsable || !live) return [info("live check", "skipped: the launcher does not work (see above)")];
  if (live.ok) {
    const version = live.status.version ? ` ${live.status.version}` : "";
    const agent = live.agent ? ` as ${live.agent}` : "";
    return [
      ok(
        "live check",
        `host ${live.hello.hostVersion} (protocol ${live.hello.protocolVersion}) started ${live.status.profile} ${live.status.command}` +
          `${version}, which answered initialize${agent}; the host exited when its stdin closed`,
      ),
    ];
  }
  const findings = [problem("live check", `${live.step}: ${live.message}`, live.fix)];
  if (live.stderrTail.length > 0) findings.push(info("host stderr", live.stderrTail.join(" | ")));
  return findings;
}

async function checkLauncher(p: PlatformInfo, layout: InstallLayout): Promise<{ findings: Finding[]; usable: boolean }> {
  let text: string;
  try {
    text = fs.readFileSync(layout.launcher, "utf8");
  } catch {
    return {
      findings: [problem("launcher", `${layout.launcher} is missing (“Specified native messaging host not found.”)`, INSTALL_COMMAND)],
      usable: false,
    };
  }
  const findings: Finding[] = [];
  if (!isExecutableFile(layout.launcher)) {
    findings.push(
      problem(
        "launcher",
        `${layout.launcher} is not executable (“Failed to start native messaging host.”)`,
        `chmod 755 '${layout.launcher}' (or \`${INSTALL_COMMAND}\`)`,
      ),
    );
  }
  const parsed = parseLauncher(p.platform, text);
  if (!parsed)
    return {
      findings: [...findings, problem("launcher", `${layout.launcher} was not written by this installer`, INSTALL_COMMAND)],
      usable: false,
    };
  if (!fs.existsSync(parsed.bundle))
    findings.push(problem("host bundle", `${parsed.bundle} is missing (“Native host has exited.”)`, INSTALL_COMMAND));
  // The standalone executable needs no node (release/build-exe.ts).
  if (parsed.node === undefined) {
    if (findings.every((f) => f.severity !== "problem" && f.subject !== "launcher")) findings.unshift(ok("launcher", layout.launcher));
    findings.push(ok("host executable", `${parsed.bundle} (no node needed)`));
    return { findings, usable: findings.every((f) => f.severity !== "problem") };
  }
  // An older installer's launcher still works, without the node flags added since (launcher.ts).
  const missing = NODE_FLAGS.filter((f) => !parsed.flags.includes(f));
  if (missing.length > 0) {
    findings.push(
      warn("launcher", `${layout.launcher} runs node without ${missing.join(" ")} (an older installer wrote it)`, INSTALL_COMMAND),
    );
  }
  const node = await nodeVersion(parsed.node);
  if (!node.ok) {
    findings.push(
      problem(
        "node",
        `the launcher runs ${parsed.node}, which ${node.why} (“Native host has exited.”)`,
        `re-run \`${INSTALL_COMMAND}\` with the node you use now (it records that node's path)`,
      ),
    );
  } else if (compareVersions(node.version, MIN_NODE) < 0) {
    findings.push(
      problem(
        "node",
        `${parsed.node} is ${node.text}; the host needs node 20 or newer`,
        `install node 20+, then re-run \`${INSTALL_COMMAND}\` with it`,
      ),
    );
  } else findings.push(ok("node", `${parsed.node} (${node.text})`));
  if (findings.every((f) => f.severity !== "problem" && f.subject !== "launcher")) findings.unshift(ok("launcher", layout.launcher));
  return { findings, usable: findings.every((f) => f.severity !== "problem") };
}

function nodeVersion(node: string): Promise<{ ok: true; version: [number, number, number]; text: string } | { ok: false; why: string }> {
  if (!fs.existsSync(node)) return Promise.resolve({ ok: false, why: "does not exist" });
  return new Promise((resolve) => {
    execFile(node, ["--version"], { timeout: 5000, windowsHide: true, shell: false }, (err, stdout) => {
      const v = parseVersion(String(stdout));
      if (err || !v) resolve({ ok: false, why: err ? `does not run (${err.message.split("\n")[0]})` : "printed no version" });
      else resolve({ ok: true, version: v, text: String(stdout).trim() });
    });
  });
}

interface BrowserCheck {
  findings: Finding[];
  broken: BrowserTarget[];
  /** Targets whose manifest (or registry key) is valid: the browsers that can start the host. */
  registered: BrowserTarget[];
}

async function checkBrowsers(
  p: PlatformInfo,
  layout: InstallLayout,
  ids: string[],
  registry: RegistryOps,
  systemRoot?: string,
): Promise<BrowserCheck> {
  const findings: Finding[] = [];
  const broken: BrowserTarget[] = [];
  const registered: BrowserTarget[] = [];
  const expect = (t: BrowserTarget) => ({
    family: t.family,
    ids: t.family === "chromium" ? ids : [],
    launcher: layout.launcher,
    platform: p.platform,
  });
  for (const t of browserTargets(p, systemRoot)) {
    let result: Finding[];
    if (t.where === "registry") {
      const value = await registry.get(t.key);
      result =
        value === undefined
          ? [
              problem(
                t.label,
                `registry key ${t.key} is not set (“Native messaging host ${t.key.split("\\").pop()} is not registered”)`,
                FIX_COMMAND,
              ),
            ]
          : judgeManifest(t.label, inspectManifest(value), expect(t));
    } else {
      const m = inspectManifest(t.manifestFile);
      if (!browserPresence(t) && !m.found) {
        findings.push(info(t.label, `not installed for this user (no ${t.apps[0] ?? t.presence[0]} or ${t.presence[0]})`));
        continue;
      }
      result = judgeManifest(t.label, m, expect(t));
    }
    findings.push(...result);
    if (result.some((f) => f.severity !== "ok" && f.severity !== "info")) broken.push(t);
    else registered.push(t);
  }
  return { findings, broken, registered };
}

/**
 * No valid registration means no browser can start the host, whatever else is right. A broken
 * manifest already has its own line and fix; with none at all, this is the only line that says so.
 */
function registrationCount(browsers: BrowserCheck): Finding[] {
  const n = browsers.registered.length;
  if (n > 0)
    return [
      ok("registered", `${n} browser${n === 1 ? "" : "s"} can start the host: ${browsers.registered.map((t) => t.label).join(", ")}`),
    ];
  if (browsers.broken.length > 0) return [];
  const fix = `install ${SUPPORTED_BROWSERS} (not a Snap or Flatpak build), then run \`${INSTALL_COMMAND}\``;
  return [problem("registered", "no browser has the host registered, so none can start it", fix)];
}

async function checkAgents(p: PlatformInfo, config: HostConfig, file: string, inUse: string): Promise<Finding[]> {
  const env = minimalEnv(p);
  const browserLike: PlatformInfo = { ...p, env };
  const out: Finding[] = [];
  if (config.path)
    out.push(
      ok(
        "PATH",
        `the agent gets the recorded PATH (${config.path.split(p.platform === "win32" ? ";" : ":").length} dirs) before the browser's`,
      ),
    );
  else out.push(warn("PATH", "no PATH recorded: agents and their tools only get the browser's minimal PATH", INSTALL_COMMAND));
  for (const [name, profile] of Object.entries(config.profiles)) {
    const subject = agentSubject(name, config, inUse);
    // A broken profile in use breaks the panel; another only once the user picks it.
    const bad = (message: string, fix: string) => (name === inUse ? problem(subject, message, fix) : aside(subject, message, fix));
    const found = discoverAgent(profile.command, browserLike, config.path, isExecutableFile);
    if (!found.found) {
      const onLivePath = found.refused ? undefined : discoverAgent(profile.command, p, undefined, isExecutableFile).found;
      if (onLivePath) {
        out.push(bad(...onlyOnLivePath(name, profile.command, onLivePath, file)));
        continue;
      }
      const fix =
        name === "goose"
          ? `install goose (${GOOSE_INSTALL_URL}), then re-run \`${INSTALL_COMMAND}\` to record its path`
          : `install ${profile.command} or set profiles.${name}.command in ${file} to its absolute path`;
      out.push(bad(found.refused ?? `${profile.command} not found (searched ${found.searched.join(", ")})`, fix));
      continue;
    }
    const where = foundWhere(found.found, profile.command, browserLike, config.path);
    const v = await checkVersion(
      found.found,
      profile.versionArgs,
      profile.minVersion,
      {
        ...env,
        PATH: agentPath(browserLike, config.path),
        ...profile.env,
      },
      browserLike,
    );
    if (v.ok) out.push(ok(subject, `${found.found}${v.version ? ` (${v.version})` : ""}${where ? `, found ${where}` : ""}`));
    else if (v.kind === "outdated")
      out.push(
        bad(
          `${found.found} is ${v.version}; ${v.required} or newer is needed`,
          name === "goose" ? `run \`${GOOSE_UPDATE_COMMAND}\`` : `update ${found.found}`,
        ),
      );
    else out.push(bad(v.message, `run \`${found.found} ${profile.versionArgs.join(" ")}\` in a terminal to see why`));
  }
  return out;
}

/**
 * An agent installed after install-host ran, in a dir that only the user's current PATH has: the
 * host, started by a browser, searches the PATH recorded at install time, so it still cannot see it.
 */
function onlyOnLivePath(name: string, command: string, file: string, configFile: string): [message: string, fix: string] {
  return [
    `${file} is on your current PATH, but not where the host looks ` +
      "(the PATH recorded at install time, the browser's, the usual install dirs)",
    name === "goose"
      ? `re-run \`${INSTALL_COMMAND}\`: it records ${file} in the host config`
      : `set profiles.${name}.command in ${configFile} to ${file} (or re-run \`${INSTALL_COMMAND} -- --agent ${name}=${command}\`)`,
  ];
}

/** Which of the host's search places found a bare command: the user sees why it works. */
function foundWhere(file: string, command: string, browserLike: PlatformInfo, recordedPath: string | undefined): string | undefined {
  if (file === command) return undefined;
  const dir = file.slice(0, file.length - file.split(/[\\/]/).pop()!.length - 1);
  if (pathDirs(recordedPath, browserLike.platform).includes(dir)) return "on the PATH recorded at install time";
  if (pathDirs(browserLike.env.PATH ?? browserLike.env.Path, browserLike.platform).includes(dir)) return "on the browser's PATH";
  return "in a usual install location";
}

/** The host refuses a config or agent command that others could change (native-host/setup/file-safety.ts): say so here too. */
function checkFileSafety(p: PlatformInfo, config: HostConfig, file: string, inUse: string): Finding[] {
  if (p.platform === "win32") return [];
  const browserLike: PlatformInfo = { ...p, env: minimalEnv(p) };
  const files = [
    { subject: "host config", path: file },
    ...Object.entries(config.profiles).flatMap(([name, profile]) => {
      const found = discoverAgent(profile.command, browserLike, config.path, isExecutableFile).found;
      return found ? [{ subject: `agent ${name}`, path: found, judged: name === inUse }] : [];
    }),
  ];
  return files.flatMap((f) => {
    const unsafe = findUnsafePath(f.path, p.platform);
    if (!unsafe) return [];
    const { message } = describeUnsafe(unsafe, f.path);
    return [("judged" in f && !f.judged ? aside : problem)(f.subject, message, `run \`${unsafe.fix}\``)];
  });
}
