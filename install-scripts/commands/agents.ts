/**
 * `goose-browser agents [--registry URL] [--refresh] [--json]`: the ACP Registry's agents, each with
 * its version and how it would run on this machine, and the command that adds one.
 */

import { findNodeTools } from "../acp-registry/node-tools";
import { describePlan, planInstall, registryPlatform } from "../acp-registry/resolve";
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

export const agentsCommand = defineCommand<{ command: "agents" } & RegistryOptions>({
  name: "agents",
  summary: "list the agents of the ACP Registry (cached for an hour) and how each runs here",
  usage: REGISTRY_USAGE,
  options: REGISTRY_OPTIONS,
  parse: (values, positionals) => ({ command: "agents", ...registryOptions(values, positionals) }),
  run: (args, ctx) => listAgents(args, ctx),
});

async function listAgents(o: RegistryOptions, ctx: AgentCommandContext): Promise<number> {
  let registry: Awaited<ReturnType<typeof fetchRegistry>>;
  try {
    registry = await fetchRegistry(o, ctx);
  } catch (e) {
    ctx.err(`Could not read the ACP Registry: ${(e as Error).message}\n${REGISTRY_UNREADABLE_HINT}\n`);
    return 1;
  }
  const platform = registryPlatform(ctx.p.platform, ctx.arch ?? process.arch);
  const tools = findNodeTools(ctx.execPath, ctx.p.platform, ctx.p.env.PATH ?? "");
  const rows = registry.agents.map((agent) => {
    const plan = planInstall(agent, platform, tools);
    return { agent, plan };
  });
  if (o.json) {
    const agents = rows.map(({ agent, plan }) => ({
      id: agent.id,
      name: agent.name,
      version: agent.version,
      description: agent.description,
      install: plan.kind,
      ...(plan.kind === "unavailable" ? { reason: plan.reason } : { how: describePlan(plan) }),
    }));
    ctx.out(
      `${JSON.stringify({ registry: registry.url, from: registry.from, fetchedAt: new Date(registry.fetchedAt).toISOString(), platform: platform ?? null, agents, skipped: registry.skipped }, null, 2)}\n`,
    );
    return 0;
  }
  if (registry.warning) ctx.err(`${registry.warning}\n`);
  const idWidth = Math.max(2, ...rows.map((r) => r.agent.id.length));
  const versionWidth = Math.max(7, ...rows.map((r) => r.agent.version.length));
  const howWidth = Math.max(12, ...rows.map((r) => describePlan(r.plan).length));
  const lines = rows.map(
    ({ agent, plan }) =>
      `  ${agent.id.padEnd(idWidth)}  ${agent.version.padEnd(versionWidth)}  ${describePlan(plan).padEnd(howWidth)}  ${agent.name}`,
  );
  ctx.out(
    [
      `${rows.length} agents in the ACP Registry (${registry.url}${registry.from === "cache" ? ", cached" : ""}):`,
      `  ${"id".padEnd(idWidth)}  ${"version".padEnd(versionWidth)}  ${"runs here as".padEnd(howWidth)}  name`,
      ...lines,
      ...rows.flatMap(({ agent, plan }) => (plan.kind === "unavailable" ? [`${agent.id} is not installable here: ${plan.reason}.`] : [])),
      ...(registry.skipped.length > 0 ? [`(${registry.skipped.length} malformed entries left out; --json lists them)`] : []),
      `Add one: ${COMMANDS.add} <id>`,
      "",
    ].join("\n"),
  );
  return 0;
}
