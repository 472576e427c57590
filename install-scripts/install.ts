/**
 * `install`: gather facts → plan → apply → receipt → summary. Re-running is an upgrade: only what
 * differs is rewritten, and a run that finds everything in place changes nothing.
 */

import { type ActionResult, applyActions, readReceipt, recordReceipt } from "./apply";
import type { CliCommand } from "./args";
import { gatherInstallFacts, type MachineContext } from "./facts";
import { INSTALL_COMMAND, type InstallPlan, planInstall } from "./plan";
import type { RegistryOps } from "./registry";
import { type Finding, formatFindings, hasProblem, ok, problem, warn } from "./report";

export interface InstallContext extends MachineContext {
  registry: RegistryOps;
  out(text: string): void;
}

export async function install(ctx: InstallContext, cmd: Extract<CliCommand, { command: "install" }>): Promise<number> {
  const facts = await gatherInstallFacts(ctx, cmd.agents);
  const plan = planInstall(facts, { browsers: cmd.browsers, extensionIds: cmd.extensionIds, agents: cmd.agents });
  ctx.out(
    `goose-browser ${ctx.hostVersion}: installing the native-messaging host for ${facts.p.platform} into ${facts.layout.dataDir}` +
      `${cmd.dryRun ? " (dry run: nothing is changed)" : ""}\n`,
  );
  if (!plan.ok) {
    ctx.out(formatFindings(plan.findings));
    return 1;
  }
  const findings: Finding[] = [];
  const previous = readReceipt(facts.layout.receipt);
  if (previous.error)
    findings.push(warn("receipt", previous.error, "it will be replaced; uninstall then removes only what this run lists"));
  const applied = await applyActions(plan.actions, ctx.registry, cmd.dryRun);
  for (const r of applied.results) {
    findings.push(resultFinding(r, plan, facts.node, cmd.dryRun));
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
  findings.push(...plan.findings);
  const receipt = await recordReceipt(
    facts.layout,
    { hostVersion: ctx.hostVersion, platform: facts.p.platform, configFile: facts.config.file },
    applied,
    previous.receipt,
    ctx.registry,
    cmd.dryRun,
  );
  findings.push(
    ok("receipt", `${facts.layout.receipt} (${verb(receipt.outcome, cmd.dryRun)}; \`npm run uninstall-host\` removes what it lists)`),
  );
  ctx.out(formatFindings(findings));
  const changed = applied.results.some((r) => r.outcome === "created" || r.outcome === "updated");
  if (cmd.dryRun) ctx.out(`Dry run: run again without --dry-run to do this.\n`);
  else if (hasProblem(findings)) ctx.out(`Some steps failed (✗ above); fix them and re-run \`${INSTALL_COMMAND}\`.\n`);
  else if (changed) {
    ctx.out(
      "Next: reload the extension (chrome://extensions → goose → ⟳), or close and reopen the goose side panel. " +
        "`npm run doctor` checks the whole setup.\n",
    );
  } else ctx.out("Everything was already installed; nothing changed. `npm run doctor` checks the whole setup.\n");
  return hasProblem(findings) ? 1 : 0;
}

function resultFinding(r: ActionResult, plan: InstallPlan, node: { path: string; version: string }, dryRun: boolean): Finding {
  const a = r.action;
  if (r.outcome === "failed") {
    return problem(
      a.what,
      `could not write ${a.kind === "registry" ? a.key : a.path}: ${r.error}`,
      `fix the permissions, then re-run \`${INSTALL_COMMAND}\``,
    );
  }
  const state = verb(r.outcome, dryRun);
  if (a.kind === "registry") return ok(a.what.replace(/^registry key for /, ""), `${a.key} = ${a.value} (${state})`);
  switch (a.role) {
    case "launcher":
      return ok("launcher", `${a.path} (${state}; runs ${node.path} ${node.version})`);
    case "config":
      return ok("host config", `${a.path} (${state}${plan.configChanges.length > 0 ? `: ${plan.configChanges.join("; ")}` : ""})`);
    case "manifest":
      return ok(a.what.replace(/^manifest for /, ""), `${a.path} (${state})`);
    default:
      return ok(a.what, `${a.path} (${state})`);
  }
}

function verb(outcome: "created" | "updated" | "unchanged" | "failed", dryRun: boolean): string {
  if (!dryRun || outcome === "unchanged" || outcome === "failed") return outcome;
  return outcome === "created" ? "would create" : "would update";
}
