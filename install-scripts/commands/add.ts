/**
 * `goose-browser add <id> [--registry URL] [--refresh] [--json]`: installs an agent from the ACP
 * Registry for this OS and CPU (acp-registry/resolve.ts) and writes a host profile named after it
 * into host.json. A binary is verified against the registry's sha256 before anything is written; a
 * running host picks the new profile up by itself (it watches its config). The install receipt
 * records what it wrote, so `uninstall` removes it (acp-registry/add-receipt.ts).
 */
import path from "node:path";
import { configFile } from "../../native-host/setup/paths";
import { download } from "../acp-registry/download";
import { ChecksumMismatch, type InstalledBinary, installBinary, installedProgram } from "../acp-registry/install-binary";
import { findNodeTools } from "../acp-registry/node-tools";
import { checkProfile, type WrittenProfile, writeProfile } from "../acp-registry/profile-write";
import { recordAddInReceipt } from "../acp-registry/record-add";
import { type ProfileSpec, planInstall, registryPlatform } from "../acp-registry/resolve";
import { COMMANDS } from "../command-names";
import { defineCommand } from "./command";
import {
  type AgentCommandContext,
  fetchRegistry,
  REGISTRY_OPTIONS,
  REGISTRY_UNREADABLE_HINT,
  REGISTRY_USAGE,
  type RegistryOptions,
  registryOptions,
} from "./registry-options";

export const addCommand = defineCommand<{ command: "add" } & RegistryOptions>({
  name: "add",
  summary: "install an agent from the ACP Registry (a binary is checked against its sha256) and add a profile for it",
  usage: REGISTRY_USAGE,
  options: REGISTRY_OPTIONS,
  positionals: { min: 1, max: 1, name: `the agent's id (run \`${COMMANDS.agents}\` to list them)`, placeholder: "<id>" },
  parse: (values, positionals) => ({ command: "add", ...registryOptions(values, positionals) }),
  run: (args, ctx) => addAgent(args, { ...ctx, hostVersion: ctx.source.version }),
});

async function addAgent(o: RegistryOptions, ctx: AgentCommandContext & { hostVersion: string }): Promise<number> {
  const id = o.positionals[0]!;
  const fail = (message: string) => {
    if (o.json) ctx.out(`${JSON.stringify({ ok: false, id, error: message }, null, 2)}\n`);
    else ctx.err(`${message}\n`);
    return 1;
  };
  let registry: Awaited<ReturnType<typeof fetchRegistry>>;
  try {
    registry = await fetchRegistry(o, ctx);
  } catch (e) {
    return fail(`Could not read the ACP Registry: ${(e as Error).message}\n${REGISTRY_UNREADABLE_HINT}`);
  }
  const agent = registry.agents.find((a) => a.id === id);
  if (!agent) return fail(`No agent "${id}" in the ACP Registry (${registry.url}). Run \`${COMMANDS.agents}\` to list them.`);
  const platform = registryPlatform(ctx.p.platform, ctx.arch ?? process.arch);
  const plan = planInstall(agent, platform, findNodeTools(ctx.execPath, ctx.p.platform, ctx.p.env.PATH ?? ""));
  if (plan.kind === "unavailable") return fail(`Cannot add ${agent.name} here: ${plan.reason}.`);

  const file = configFile(ctx.p);
  const spec: ProfileSpec =
    plan.kind === "binary" ? { command: installedProgram(plan, ctx.p), args: plan.args, env: plan.env } : plan.profile;
  let written: WrittenProfile;
  let installed: InstalledBinary | undefined;
  try {
    // A host.json the profile cannot go into stops everything before a download.
    checkProfile(file, agent.id, spec, ctx.p);
  } catch (e) {
    return fail(`Could not add the profile: ${(e as Error).message}`);
  }
  if (plan.kind === "binary") {
    try {
      installed = await installBinary(plan, ctx.p, download);
    } catch (e) {
      return fail(
        e instanceof ChecksumMismatch
          ? `${agent.name} ${agent.version}: ${e.message}`
          : `Could not install ${agent.name}: ${(e as Error).message}`,
      );
    }
  }
  try {
    written = writeProfile(file, agent.id, spec, ctx.p);
  } catch (e) {
    return fail(`Could not write the profile: ${(e as Error).message}`);
  }
  const outcome = written.outcome;
  const receiptWarning = recordAddInReceipt(ctx.p, ctx.hostVersion, file, {
    id: agent.id,
    ...(installed ? { agentDir: installed.dir } : {}),
    // The cache folder is ours by its name; the folders above it only when this run made them.
    dirs: [
      ...(installed?.createdDirs ?? []),
      ...(registry.cache ? [...registry.cache.createdDirs, path.dirname(registry.cache.file)] : []),
    ],
    config: { ...(written.before === undefined ? {} : { before: written.before }), after: written.text, dirs: written.createdDirs },
    ...(registry.cache ? { cache: registry.cache.file } : {}),
  });
  if (o.json) {
    ctx.out(
      `${JSON.stringify({ ok: true, id, name: agent.name, version: agent.version, kind: plan.kind, ...(installed ? { dir: installed.dir } : {}), configFile: file, profile: { name: agent.id, ...spec, outcome }, ...(receiptWarning ? { warning: receiptWarning } : {}) }, null, 2)}\n`,
    );
    return 0;
  }
  ctx.out(
    [
      plan.kind === "binary"
        ? `${installed?.fresh ? "Installed" : "Already installed:"} ${agent.name} ${agent.version} (sha256 verified) in ${installed?.dir}`
        : `${agent.name} ${agent.version} runs through npx (${plan.agent.npx?.package}); npm fetches it on first start.`,
      `Profile "${agent.id}" ${outcome} in ${file}: ${[spec.command, ...spec.args].join(" ")}`,
      "Pick it in goose-browser's Options (Agent); a running browser sees it without a restart.",
      ...(receiptWarning ? [`Warning: ${receiptWarning}`] : []),
      "",
    ].join("\n"),
  );
  return 0;
}
