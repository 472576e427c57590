/**
 * The installer's decisions, as a list of actions. Pure: everything it needs to know about the
 * machine arrives in InstallFacts (gathered by facts.ts), so every OS's layout is planned and
 * tested on any machine; apply.ts carries the actions out.
 */

import type { VersionCheck } from "../../native-host/agent/check-version";
import type { Discovery } from "../../native-host/agent/discover";
import { type AgentProfile, parseConfig } from "../../native-host/setup/config";
import { launcherScript } from "../../native-host/setup/launcher";
import type { PlatformInfo } from "../../native-host/setup/paths";
import { CHROMIUM_EXTENSION_IDS } from "../../shared/extension-ids";
import type { AgentSpec } from "../args";
import { type BrowserTarget, type SandboxedBrowser, selectTargets } from "../browsers/browsers";
import type { InstallLayout } from "../browsers/layout";
import { chromiumManifest, firefoxManifest, manifestText } from "../browsers/manifest";
import { COMMANDS } from "../command-names";
import { type Finding, info, ok, problem, warn } from "../report";
import type { AcpProbe } from "./acp-probe";
import { agentFindings } from "./agent-findings";
import { configText, mergeHostConfig, type RawConfig } from "./host-config";
import type { LoginPath } from "./login-shell";
import type { NodeChoice } from "./node-path";

export const INSTALL_COMMAND = COMMANDS.install;
export const FIX_COMMAND = COMMANDS.fix;

/** How the receipt names a host bundle, so a later install can find the old ones to prune. */
export const HOST_BUNDLE = "host bundle";

type FileRole = "bundle" | "launcher" | "manifest" | "config";

interface FileAction {
  kind: "file";
  role: FileRole;
  path: string;
  what: string;
  mode: number;
  content: { text: string } | { copyFrom: string };
  /** The browser target this manifest serves, if any. */
  target?: string;
}

interface RegistryAction {
  kind: "registry";
  key: string;
  value: string;
  what: string;
  target: string;
}

export type Action = FileAction | RegistryAction;

export interface AgentFacts extends AgentSpec {
  /** The command's absolute path when found. */
  resolved?: string;
  version?: VersionCheck;
  /** A command not known to speak ACP as given: its answer to initialize (acp-probe.ts). */
  acp?: AcpProbe;
}

export interface InstallFacts {
  p: PlatformInfo;
  hostVersion: string;
  sourceBundle: string;
  sourceBundleExists: boolean;
  /** The source is the standalone executable: copied as it is and started by the launcher without node. */
  executable: boolean;
  /** Where the bundle is installed (layout.ts's bundlePath), or why it cannot be. */
  bundleFile?: string | { error: string };
  /** The bundle the launcher started before this run: kept for hosts still running it. */
  previousBundle?: string;
  /** A host source file newer than the bundle. */
  staleSource?: string;
  layout: InstallLayout;
  targets: BrowserTarget[];
  /** target id → the presence path that exists (POSIX targets only; absent: not installed). */
  presentVia: Record<string, string>;
  /** Sandboxed browsers that exist for this user. */
  sandboxed: SandboxedBrowser[];
  node: NodeChoice & { version: string };
  loginPath: LoginPath;
  config: { file: string; exists: boolean; mode?: number; raw?: RawConfig; error?: string; envOverride?: string; sha256?: string };
  goose: { configured?: string; discovery?: Discovery; chosen?: string; version?: VersionCheck };
  agents: AgentFacts[];
}

export interface InstallOptions {
  browsers: string[];
  extensionIds: string[];
  agents: AgentSpec[];
}

export interface InstallPlan {
  /** False when nothing can be installed (bundle missing, …): `findings` says why. */
  ok: boolean;
  actions: Action[];
  findings: Finding[];
  /** One line per host-config change, for the summary. */
  configChanges: string[];
}

export function planInstall(f: InstallFacts, o: InstallOptions): InstallPlan {
  const refused = refusal(f, o);
  if (refused) return { ok: false, actions: [], findings: [refused], configChanges: [] };
  const host = planHostFiles(f);
  if ("problem" in host) return { ok: false, actions: [], findings: [host.problem], configChanges: [] };
  const config = planConfig(f, o);
  const browsers = planBrowsers(f, o, config.extensionIds);
  return {
    ok: true,
    actions: [...host.actions, ...config.actions, ...browsers.actions],
    findings: [...host.findings, ...config.findings, ...browsers.findings, ...agentFindings(f, o), ...pathFinding(f)],
    configChanges: config.changes,
  };
}

/** What stops the install before anything is written. */
function refusal(f: InstallFacts, o: InstallOptions): Finding | undefined {
  if (!f.sourceBundleExists) {
    return problem("host bundle", `${f.sourceBundle} is missing`, "run `npm run build:host` first, then re-run the installer");
  }
  const known = new Set(f.targets.flatMap((t) => [t.brand, t.id]));
  const unknown = o.browsers.filter((b) => !known.has(b));
  if (unknown.length > 0) return problem("--browser", `unknown browser ${unknown.join(", ")}`, `use one of ${[...known].join(", ")}`);
  return undefined;
}

/** The bundle and its launcher, and what is worth knowing about them. */
function planHostFiles(f: InstallFacts): { actions: Action[]; findings: Finding[] } | { problem: Finding } {
  const bundle = f.bundleFile;
  if (bundle === undefined || typeof bundle !== "string") {
    return { problem: problem("host bundle", bundle?.error ?? `${f.sourceBundle} is missing`, "rebuild the host with a plain version") };
  }
  let launcher: string;
  try {
    launcher = launcherScript(f.p.platform, f.executable ? undefined : f.node.path, bundle);
  } catch (e) {
    return {
      problem: problem("launcher", (e as Error).message, "install node and the data dir under paths without & % ^ | < > or quotes"),
    };
  }
  const findings: Finding[] = [];
  if (f.staleSource) {
    findings.push(
      warn(
        "host bundle",
        `${f.sourceBundle} is older than ${f.staleSource}`,
        "run `npm run build:host`, then re-run the installer to install the current host",
      ),
    );
  }
  if (f.node.warning && !f.executable)
    findings.push(warn("node", f.node.warning, `re-run \`${INSTALL_COMMAND}\` after changing node versions`));
  return {
    actions: [
      {
        kind: "file",
        role: "bundle",
        path: bundle,
        what: HOST_BUNDLE,
        mode: f.executable ? 0o755 : 0o644,
        content: { copyFrom: f.sourceBundle },
      },
      { kind: "file", role: "launcher", path: f.layout.launcher, what: "launcher", mode: 0o755, content: { text: launcher } },
    ],
    findings,
  };
}

/** The host config, merged into the user's: only what is missing or asked for changes. */
function planConfig(
  f: InstallFacts,
  o: InstallOptions,
): { actions: Action[]; findings: Finding[]; changes: string[]; extensionIds: readonly string[] } {
  const findings: Finding[] = [];
  if (f.config.envOverride) {
    findings.push(
      warn(
        "host config",
        `GOOSE_BROWSER_HOST_CONFIG is set, so the config goes to ${f.config.file}, ` +
          "but a browser started from your desktop does not have that variable",
        "unset GOOSE_BROWSER_HOST_CONFIG and re-run, or start the browser from this shell",
      ),
    );
  }
  if (f.config.error) {
    const fix = `fix or delete ${f.config.file}, then re-run \`${INSTALL_COMMAND}\``;
    return {
      actions: [],
      findings: [problem("host config", `${f.config.file} is not usable: ${f.config.error}`, fix), ...findings],
      changes: [],
      extensionIds: [],
    };
  }
  const merged = mergeHostConfig(f.config.raw, {
    platform: f.p.platform,
    home: f.p.home,
    ...(f.goose.chosen && !o.agents.some((a) => a.name === "goose") ? { goose: f.goose.chosen } : {}),
    ...(f.loginPath.path
      ? { loginPath: f.loginPath.path, pathSource: f.loginPath.source === "login-shell" ? "login-shell" : "current" }
      : {}),
    // A command that did not answer initialize is not written: the panel would only fail to start it.
    agents: f.agents.filter((a) => a.acp?.ok !== false).map((a) => ({ name: a.name, command: a.resolved ?? a.command, args: a.args })),
    extensionIds: o.extensionIds,
  });
  let extensionIds: readonly string[];
  try {
    extensionIds = parseConfig(merged.config, f.p).allowedExtensionIds;
  } catch (e) {
    const fix = `fix ${f.config.file}, then re-run \`${INSTALL_COMMAND}\``;
    return {
      actions: [],
      findings: [problem("host config", `the merged config would be invalid: ${(e as Error).message}`, fix), ...findings],
      changes: [],
      extensionIds: [],
    };
  }
  const unchanged = f.config.exists && merged.changes.length === 0;
  const actions = unchanged ? [] : [configAction(f, configText(merged.config))];
  return { actions, findings, changes: merged.changes, extensionIds };
}

function configAction(f: InstallFacts, text: string): Action {
  return { kind: "file", role: "config", path: f.config.file, what: "host config", mode: f.config.mode ?? 0o600, content: { text } };
}

/** A manifest (or registry key) per installed browser; none at all is a problem, since nothing could start the host. */
function planBrowsers(f: InstallFacts, o: InstallOptions, configIds: readonly string[]): { actions: Action[]; findings: Finding[] } {
  const ids = [...new Set([...CHROMIUM_EXTENSION_IDS, ...configIds, ...o.extensionIds])];
  const { actions, findings } = planManifests(f.p, f.layout, selectTargets(f.targets, o.browsers), f.presentVia, ids);
  for (const s of f.sandboxed) {
    if (o.browsers.length === 0 || o.browsers.includes(s.brand)) findings.push(warn(s.label, `found ${s.dir}, but ${s.why}`, s.fix));
  }
  if (f.p.platform !== "win32" && !actions.some((a) => a.kind === "file" && a.role === "manifest")) {
    findings.push(
      problem(
        "browsers",
        o.browsers.length > 0
          ? `none of ${o.browsers.join(", ")} is installed for this user, so no browser can start the host`
          : "no supported browser is installed for this user, so no browser can start the host",
        `install ${SUPPORTED_BROWSERS} (not a Snap or Flatpak build), then re-run \`${INSTALL_COMMAND}\``,
      ),
    );
  }
  return { actions, findings };
}

/** The one line naming every browser not installed for this user. */
const NOT_INSTALLED = "not installed for this user (skipped; re-run install after adding one)";

export const SUPPORTED_BROWSERS = "Google Chrome, Chromium, Microsoft Edge, Brave or Vivaldi";

/**
 * Which PATH the agent gets: the login shell's when it answered. Windows has no login shell to ask, and
 * the host config's line already says the current PATH was recorded: no line of its own.
 */
function pathFinding(f: InstallFacts): Finding[] {
  if (f.loginPath.source === "login-shell") {
    const dirs = f.loginPath.path.split(f.p.platform === "win32" ? ";" : ":").length;
    return [ok("PATH", `recorded ${f.loginPath.shell}'s login PATH for the agent (${dirs} dirs)`)];
  }
  if (f.p.platform === "win32") return [];
  return [
    warn(
      "PATH",
      `recorded the current PATH instead of the login shell's (${f.loginPath.why})`,
      "check that your shell starts with `$SHELL -l -i -c true`, then re-run",
    ),
  ];
}

/** Manifest files (and, on Windows, registry keys) for these targets; doctor --fix uses this too. */
export function planManifests(
  p: PlatformInfo,
  layout: InstallLayout,
  targets: readonly BrowserTarget[],
  presentVia: Record<string, string>,
  ids: readonly string[],
): { actions: Action[]; findings: Finding[] } {
  const actions: Action[] = [];
  const findings: Finding[] = [];
  const chromiumText = manifestText(chromiumManifest(layout.launcher, ids));
  const firefoxText = manifestText(firefoxManifest(layout.launcher));
  if (p.platform === "win32") actions.push(...windowsManifestFiles(layout, targets, chromiumText, firefoxText));
  for (const t of targets) {
    if (t.where === "registry") {
      const value = t.family === "firefox" ? layout.firefoxManifest : layout.chromiumManifest;
      actions.push({ kind: "registry", key: t.key, value, what: `registry key for ${t.label}`, target: t.id });
      continue;
    }
    const via = presentVia[t.id];
    if (!via) {
      findings.push({
        ...info(t.label, `not installed for this user (no ${t.apps[0] ?? t.presence[0]} or ${t.presence[0]}), skipped`),
        group: { name: NOT_INSTALLED, item: t.label },
      });
      continue;
    }
    actions.push({
      kind: "file",
      role: "manifest",
      path: t.manifestFile,
      what: `manifest for ${t.label}`,
      mode: 0o644,
      content: { text: t.family === "firefox" ? firefoxText : chromiumText },
      target: t.id,
    });
    if (t.brand === "firefox" && /[\\/]snap[\\/]firefox$/.test(via)) {
      findings.push(
        info(
          t.label,
          "the Snap Firefox reaches this manifest through the WebExtensions portal (Ubuntu 22.04+), which asks you once to allow it",
        ),
      );
    }
  }
  return { actions, findings };
}

/** Windows keeps one manifest file per family in the data dir; the registry keys point at them. */
function windowsManifestFiles(
  layout: InstallLayout,
  targets: readonly BrowserTarget[],
  chromiumText: string,
  firefoxText: string,
): Action[] {
  const families = new Set(targets.map((t) => t.family));
  const file = (path: string, what: string, text: string): Action => ({
    kind: "file",
    role: "manifest",
    path,
    what,
    mode: 0o644,
    content: { text },
  });
  return [
    ...(families.has("chromium") ? [file(layout.chromiumManifest, "manifest for the Chromium family", chromiumText)] : []),
    ...(families.has("firefox") ? [file(layout.firefoxManifest, "manifest for Firefox", firefoxText)] : []),
  ];
}

/** The profile the installer checks the version of: the user's goose profile, else the built-in one. */
export function gooseProfile(raw: RawConfig | undefined, p: PlatformInfo): AgentProfile {
  try {
    return parseConfig(raw ?? {}, p).profiles.goose!;
  } catch {
    return parseConfig({}, p).profiles.goose!;
  }
}
