/**
 * `install`: gather facts → plan → apply → prune old bundles → receipt → start the installed host
 * once → summary. Re-running is an upgrade: only what differs is rewritten, and a run that finds
 * everything in place changes nothing.
 */

import type { AgentSpec } from "../args";
import type { RegistryOps } from "../browsers/registry";
import { COMMANDS } from "../command-names";
import { type HelloResult, helloCheck } from "../doctor/live-check";
import { gatherInstallFacts, type MachineContext } from "../plan/facts";
import { HOST_BUNDLE, INSTALL_COMMAND, type InstallPlan, planInstall } from "../plan/plan";
import { condenseFindings, type Finding, formatFindings, hasProblem, ok, problem, warn } from "../report";
import { type ActionResult, applyActions, readReceipt, recordReceipt } from "./apply";
import { bundlesToPrune, pruneBundles } from "./host-versions";

export interface InstallArgs {
  command: "install";
  agents: AgentSpec[];
  browsers: string[];
  extensionIds: string[];
  dryRun: boolean;
  json: boolean;
}

export interface InstallContext extends MachineContext {
  registry: RegistryOps;
  out(text: string): void;
  /** Start the installed host once and check its hello; only where the host can run (this machine's OS). */
  checkHello: boolean;
  helloTimeoutMs?: number;
}

export async function install(ctx: InstallContext, cmd: InstallArgs): Promise<number> {
  const facts = await gatherInstallFacts(ctx, cmd.agents);
  const plan = planInstall(facts, { browsers: cmd.browsers, extensionIds: cmd.extensionIds, agents: cmd.agents });
  const header =
    `goose-browser ${ctx.hostVersion}: installing the native-messaging host for ${facts.p.platform} into ${facts.layout.dataDir}` +
    `${cmd.dryRun ? " (dry run: nothing is changed)" : ""}`;
  const report = (findings: Finding[], extra: Record<string, unknown>, next?: string): number => {
    const code = hasProblem(findings) ? 1 : 0;
    if (cmd.json) {
      ctx.out(
        `${JSON.stringify({ ok: code === 0, hostVersion: ctx.hostVersion, dataDir: facts.layout.dataDir, ...extra, findings }, null, 2)}\n`,
      );
    } else ctx.out(`${header}\n${formatFindings(condenseFindings(findings))}${next ? `${next}\n` : ""}`);
    return code;
  };
  if (!plan.ok) return report(plan.findings, { dryRun: cmd.dryRun });

  const findings: Finding[] = [];
  const previous = readReceipt(facts.layout.receipt);
  if (previous.error)
    findings.push(warn("receipt", previous.error, "it will be replaced; uninstall then removes only what this run lists"));
  const applied = await applyActions(plan.actions, ctx.registry, cmd.dryRun);
  const bundleAction = plan.actions.find((a) => a.kind === "file" && a.role === "bundle");
  const bundle = bundleAction?.kind === "file" ? bundleAction.path : "";
  const launcherWritten = applied.results.some((r) => r.action.kind === "file" && r.action.role === "launcher" && r.outcome !== "failed");
  const stale = launcherWritten
    ? bundlesToPrune(
        (previous.receipt?.files ?? []).filter((f) => f.what === HOST_BUNDLE).map((f) => f.path),
        facts.previousBundle,
        bundle,
      )
    : [];
  for (const r of applied.results) {
    const runs = facts.executable ? "starts the host executable; no node needed" : `runs ${facts.node.path} ${facts.node.version}`;
    findings.push(resultFinding(r, plan, runs, cmd.dryRun, stale.length, facts.previousBundle));
    // An unchanged config has no action; say so where its line would be.
    if (
      r.action.kind === "file" &&
      r.action.role === "launcher" &&
      !facts.config.error &&
      !plan.actions.some((a) => a.kind === "file" && a.role === "config")
    ) {
      findings.push(ok("host config", `${facts.config.file} (unchanged)`));
    }
  }
  if (!cmd.dryRun && stale.length > 0) {
    const pruned = pruneBundles(stale, previous.receipt?.dirs ?? [], facts.p.platform);
    for (const f of pruned.failed)
      findings.push(warn("old host", `could not remove ${f.file}: ${f.error}`, "remove it by hand once no host runs it"));
  }
  findings.push(...plan.findings);
  const receipt = await recordReceipt(
    facts.layout,
    {
      hostVersion: ctx.hostVersion,
      platform: facts.p.platform,
      configFile: facts.config.file,
      configOwned: !facts.config.exists || (facts.config.sha256 !== undefined && facts.config.sha256 === previous.receipt?.config.sha256),
    },
    applied,
    previous.receipt,
    ctx.registry,
    cmd.dryRun,
  );
  findings.push(
    ok("receipt", `${facts.layout.receipt} (${verb(receipt.outcome, cmd.dryRun)}; \`${COMMANDS.uninstall}\` removes what it lists)`),
  );
  let hello: HelloResult | undefined;
  if (!cmd.dryRun && ctx.checkHello && !hasProblem(findings)) {
    hello = await helloCheck(facts.layout.launcher, facts.p, ctx.helloTimeoutMs);
    findings.push(helloFinding(hello, ctx.hostVersion));
  }
  const changed = applied.results.some((r) => r.outcome === "created" || r.outcome === "updated");
  const next = cmd.dryRun
    ? "Dry run: run again without --dry-run to do this."
    : hasProblem(findings)
      ? `Some steps failed (✗ above); fix them and re-run \`${INSTALL_COMMAND}\`.`
      : changed
        ? "Next: reload the extension (chrome://extensions → goose → ⟳), or close and reopen the goose side panel. " +
          `\`${COMMANDS.doctor}\` checks the whole setup.`
        : `Everything was already installed; nothing changed. \`${COMMANDS.doctor}\` checks the whole setup.`;
  return report(
    findings,
    {
      dryRun: cmd.dryRun,
      changed,
      bundle,
      launcher: facts.layout.launcher,
      ...(stale.length > 0 && !cmd.dryRun ? { removedBundles: stale } : {}),
      ...(hello?.ok ? { hello: hello.hello } : {}),
    },
    next,
  );
}

function helloFinding(h: HelloResult, version: string): Finding {
  if (!h.ok) {
    const tail = h.stderrTail.length > 0 ? ` (${h.stderrTail.join(" | ")})` : "";
    return problem("host check", `the installed host did not answer: ${h.message}${tail}`, h.fix);
  }
  if (h.hello.hostVersion !== version) {
    return problem(
      "host check",
      `the installed host says it is ${h.hello.hostVersion}, not ${version}`,
      `re-run \`${INSTALL_COMMAND}\`; \`${COMMANDS.doctor}\` shows which files it found`,
    );
  }
  return ok("host check", `started it once: goose-browser ${h.hello.hostVersion} answered (protocol ${h.hello.protocolVersion})`);
}

function resultFinding(
  r: ActionResult,
  plan: InstallPlan,
  runs: string,
  dryRun: boolean,
  pruned: number,
  previousBundle: string | undefined,
): Finding {
  const a = r.action;
  if (r.outcome === "failed") {
    return problem(
      a.what,
      `could not write ${a.kind === "registry" ? a.key : a.path}: ${r.error}`,
      `fix the permissions, then re-run \`${INSTALL_COMMAND}\``,
    );
  }
  const state = verb(r.outcome, dryRun);
  if (a.kind === "registry") {
    const label = a.what.replace(/^registry key for /, "");
    return { ...ok(label, `${a.key} = ${a.value} (${state})`), group: { name: "browsers", item: `${label} (${state})` } };
  }
  switch (a.role) {
    case "bundle": {
      const kept = previousBundle && previousBundle !== a.path ? `; kept ${previousBundle} for hosts still running it` : "";
      const removed = pruned > 0 ? `; ${dryRun ? "would remove" : "removed"} ${pruned} older` : "";
      return ok(a.what, `${a.path} (${state}${kept}${removed})`);
    }
    case "launcher":
      return ok("launcher", `${a.path} (${state}; ${runs})`);
    case "config":
      return ok("host config", `${a.path} (${state}${plan.configChanges.length > 0 ? `: ${plan.configChanges.join("; ")}` : ""})`);
    case "manifest": {
      const label = a.what.replace(/^manifest for /, "");
      return { ...ok(label, `${a.path} (${state})`), group: { name: "browsers", item: `${label} (${state})` } };
    }
  }
}

function verb(outcome: "created" | "updated" | "unchanged" | "failed", dryRun: boolean): string {
  if (!dryRun || outcome === "unchanged" || outcome === "failed") return outcome;
  return outcome === "created" ? "would create" : "would update";
}
