/**
 * The installer's decisions, as a list of actions. Pure: everything it needs to know about the
 * machine arrives in InstallFacts (gathered by facts.ts), so every OS's layout is planned and
 * tested on any machine; apply.ts carries the actions out.
 */

import type { VersionCheck } from "../native-host/agent/check-version";
import type { Discovery } from "../native-host/agent/discover";
import { type AgentProfile, parseConfig } from "../native-host/config";
import type { PlatformInfo } from "../native-host/paths";
import { CHROMIUM_EXTENSION_IDS } from "../shared/extension-ids";
import { GOOSE_INSTALL_URL, GOOSE_UPDATE_COMMAND } from "../shared/goose";
import type { AgentSpec } from "./args";
import { type BrowserTarget, type SandboxedBrowser, selectTargets } from "./browsers";
import { configText, mergeHostConfig, type RawConfig } from "./host-config";
import { launcherScript } from "./launcher";
import type { InstallLayout } from "./layout";
import type { LoginPath } from "./login-shell";
import { chromiumManifest, firefoxManifest, manifestText } from "./manifest";
import type { NodeChoice } from "./node-path";
import { type Finding, info, ok, problem, warn } from "./report";

export const INSTALL_COMMAND = "npm run install-host";
export const FIX_COMMAND = "npm run doctor -- --fix";

export type FileRole = "bundle" | "launcher" | "manifest" | "config";

export interface FileAction {
  kind: "file";
  role: FileRole;
  path: string;
  what: string;
  mode: number;
  content: { text: string } | { copyFrom: string };
  /** The browser target this manifest serves, if any. */
  target?: string;
}

export interface RegistryAction {
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
}

export interface InstallFacts {
  p: PlatformInfo;
  hostVersion: string;
  sourceBundle: string;
  sourceBundleExists: boolean;
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
  config: { file: string; exists: boolean; mode?: number; raw?: RawConfig; error?: string; envOverride?: string };
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
  const findings: Finding[] = [];
  if (!f.sourceBundleExists) {
    findings.push(problem("host bundle", `${f.sourceBundle} is missing`, "run `npm run build:host` first, then re-run the installer"));
    return { ok: false, actions: [], findings, configChanges: [] };
  }
  const known = new Set(f.targets.flatMap((t) => [t.brand, t.id]));
  const unknown = o.browsers.filter((b) => !known.has(b));
  if (unknown.length > 0) {
    findings.push(problem("--browser", `unknown browser ${unknown.join(", ")}`, `use one of ${[...known].join(", ")}`));
    return { ok: false, actions: [], findings, configChanges: [] };
  }
  let launcher: string;
  try {
    launcher = launcherScript(f.p.platform, f.node.path, f.layout.bundle);
  } catch (e) {
    findings.push(problem("launcher", (e as Error).message, "install node and the data dir under paths without & % ^ | < > or quotes"));
    return { ok: false, actions: [], findings, configChanges: [] };
  }
  const actions: Action[] = [
    { kind: "file", role: "bundle", path: f.layout.bundle, what: "host bundle", mode: 0o644, content: { copyFrom: f.sourceBundle } },
    { kind: "file", role: "launcher", path: f.layout.launcher, what: "launcher", mode: 0o755, content: { text: launcher } },
  ];
  if (f.staleSource) {
    findings.push(
      warn(
        "host bundle",
        `${f.sourceBundle} is older than ${f.staleSource}`,
        "run `npm run build:host`, then re-run the installer to install the current host",
      ),
    );
  }
  if (f.node.warning) findings.push(warn("node", f.node.warning, `re-run \`${INSTALL_COMMAND}\` after changing node versions`));

  // Host config.
  let configChanges: string[] = [];
  let configIds: string[] = [];
  if (f.config.error) {
    findings.push(
      problem(
        "host config",
        `${f.config.file} is not usable: ${f.config.error}`,
        `fix or delete ${f.config.file}, then re-run \`${INSTALL_COMMAND}\``,
      ),
    );
  } else {
    const merged = mergeHostConfig(f.config.raw, {
      platform: f.p.platform,
      home: f.p.home,
      ...(f.goose.chosen && !o.agents.some((a) => a.name === "goose") ? { goose: f.goose.chosen } : {}),
      ...(f.loginPath.path ? { loginPath: f.loginPath.path } : {}),
      agents: f.agents.map((a) => ({ name: a.name, command: a.resolved ?? a.command, args: a.args })),
      extensionIds: o.extensionIds,
    });
    try {
      configIds = parseConfig(merged.config, f.p).allowedExtensionIds;
      configChanges = merged.changes;
      if (!f.config.exists || merged.changes.length > 0) {
        actions.push({
          kind: "file",
          role: "config",
          path: f.config.file,
          what: "host config",
          mode: f.config.mode ?? 0o600,
          content: { text: configText(merged.config) },
        });
      }
    } catch (e) {
      findings.push(
        problem(
          "host config",
          `the merged config would be invalid: ${(e as Error).message}`,
          `fix ${f.config.file}, then re-run \`${INSTALL_COMMAND}\``,
        ),
      );
    }
  }
  if (f.config.envOverride) {
    findings.push(
      warn(
        "host config",
        `GOOSE_BROWSER_HOST_CONFIG is set, so the config goes to ${f.config.file}, but a browser started from your desktop does not have that variable`,
        "unset GOOSE_BROWSER_HOST_CONFIG and re-run, or start the browser from this shell",
      ),
    );
  }

  // Browsers.
  const ids = [...new Set([...CHROMIUM_EXTENSION_IDS, ...configIds, ...o.extensionIds])];
  const selected = selectTargets(f.targets, o.browsers);
  const m = planManifests(f.p, f.layout, selected, f.presentVia, ids);
  actions.push(...m.actions);
  findings.push(...m.findings);
  for (const s of f.sandboxed) {
    if (o.browsers.length === 0 || o.browsers.includes(s.brand)) findings.push(warn(s.label, `found ${s.dir}, but ${s.why}`, s.fix));
  }
  if (f.p.platform !== "win32" && !m.actions.some((a) => a.kind === "file" && a.role === "manifest")) {
    findings.push(
      warn(
        "browsers",
        o.browsers.length > 0
          ? `none of ${o.browsers.join(", ")} is installed for this user`
          : "no supported browser is installed for this user",
        "start your browser once so it creates its profile folder, then re-run the installer",
      ),
    );
  }

  // Agents.
  findings.push(...agentFindings(f, o));
  if (f.loginPath.source === "login-shell") {
    findings.push(
      ok(
        "PATH",
        `recorded ${f.loginPath.shell}'s login PATH for the agent (${f.loginPath.path.split(f.p.platform === "win32" ? ";" : ":").length} dirs)`,
      ),
    );
  } else if (f.p.platform === "win32") {
    findings.push(ok("PATH", "recorded the current PATH for the agent"));
  } else {
    findings.push(
      warn(
        "PATH",
        `recorded the current PATH instead of the login shell's (${f.loginPath.why})`,
        "check that your shell starts with `$SHELL -l -i -c true`, then re-run",
      ),
    );
  }
  return { ok: true, actions, findings, configChanges };
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
  if (p.platform === "win32") {
    const families = new Set(targets.map((t) => t.family));
    if (families.has("chromium")) {
      actions.push({
        kind: "file",
        role: "manifest",
        path: layout.chromiumManifest,
        what: "manifest for the Chromium family",
        mode: 0o644,
        content: { text: chromiumText },
      });
    }
    if (families.has("firefox")) {
      actions.push({
        kind: "file",
        role: "manifest",
        path: layout.firefoxManifest,
        what: "manifest for Firefox",
        mode: 0o644,
        content: { text: firefoxText },
      });
    }
  }
  for (const t of targets) {
    if (t.where === "registry") {
      const value = t.family === "firefox" ? layout.firefoxManifest : layout.chromiumManifest;
      actions.push({ kind: "registry", key: t.key, value, what: `registry key for ${t.label}`, target: t.id });
      continue;
    }
    const via = presentVia[t.id];
    if (!via) {
      findings.push(info(t.label, `not installed for this user (no ${t.presence[0]}), skipped`));
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

function agentFindings(f: InstallFacts, o: InstallOptions): Finding[] {
  const out: Finding[] = [];
  if (!o.agents.some((a) => a.name === "goose")) {
    if (f.goose.chosen) out.push(versionFinding("goose", f.goose.chosen, f.goose.version, true));
    else {
      const searched = f.goose.discovery?.searched ?? [];
      out.push(
        warn(
          "goose",
          f.goose.discovery?.refused ??
            `not found (searched ${searched.length} places: your login PATH and ${searched.slice(-3).join(", ")})`,
          `install goose (${GOOSE_INSTALL_URL}), then re-run \`${INSTALL_COMMAND}\`; the panel explains this too`,
        ),
      );
    }
  }
  for (const a of f.agents) {
    if (a.resolved) out.push(versionFinding(`agent ${a.name}`, a.resolved, a.version, a.name === "goose"));
    else {
      out.push(
        warn(
          `agent ${a.name}`,
          `${a.command} was not found; the profile records it as given and the host searches again when it starts`,
          `install ${a.command} (or pass its absolute path), then re-run with --agent ${a.name}=…`,
        ),
      );
    }
  }
  return out;
}

function versionFinding(subject: string, file: string, v: VersionCheck | undefined, isGoose: boolean): Finding {
  if (!v || v.ok) return ok(subject, `${file}${v?.ok && v.version ? ` (${v.version})` : ""}`);
  if (v.kind === "outdated") {
    return warn(
      subject,
      `${file} is version ${v.version}; ${v.required} or newer is needed`,
      isGoose ? `run \`${GOOSE_UPDATE_COMMAND}\`` : `update ${file}`,
    );
  }
  return warn(subject, `${file}: ${v.message}`, `check that ${file} runs in a terminal`);
}

/** The profile the installer checks the version of: the user's goose profile, else the built-in one. */
export function gooseProfile(raw: RawConfig | undefined, p: PlatformInfo): AgentProfile {
  try {
    return parseConfig(raw ?? {}, p).profiles.goose!;
  } catch {
    return parseConfig({}, p).profiles.goose!;
  }
}
