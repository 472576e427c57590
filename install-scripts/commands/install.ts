/** `install`: the host into the per-user data folder, registered with every browser found (install.ts). */

import { type InstallArgs, install } from "../apply/install";
import { flag, parseAgentSpec, parseExtensionId, splitList, strings } from "../args";
import { defineCommand } from "./command";

export const installCommand = defineCommand<InstallArgs>({
  name: "install",
  summary:
    "copy the host into your per-user data folder, write its launcher and host config, and register it with every browser installed for you; re-running upgrades",
  usage: `  --agent NAME=COMMAND [ARGS]  add or update an agent profile; quote to pass arguments:
                               --agent claude=claude-agent-acp  --agent gemini="gemini --experimental-acp"
  --browser NAME               only these browsers (repeat or comma-separate): chrome, chromium, edge,
                               brave, vivaldi, firefox, or one channel such as chrome-beta
  --extension-id ID            also allow this Chromium extension id; kept in the host config
  --dry-run                    print what would be done and change nothing
  --json                       print the result as JSON`,
  options: {
    agent: { type: "string", multiple: true },
    browser: { type: "string", multiple: true },
    "extension-id": { type: "string", multiple: true },
    "dry-run": { type: "boolean" },
    json: { type: "boolean" },
  },
  parse: (v) => ({
    command: "install",
    agents: strings(v, "agent").map(parseAgentSpec),
    browsers: strings(v, "browser").flatMap(splitList),
    extensionIds: strings(v, "extension-id").map(parseExtensionId),
    dryRun: flag(v, "dry-run"),
    json: flag(v, "json"),
  }),
  run: (args, ctx) =>
    install(
      {
        p: ctx.p,
        execPath: ctx.execPath,
        nodeVersion: ctx.nodeVersion,
        hostVersion: ctx.source.version,
        sourceBundle: ctx.source.bundle,
        ...(ctx.source.sourceDirs ? { sourceDirs: ctx.source.sourceDirs } : {}),
        ...(ctx.source.executable ? { executable: true } : {}),
        registry: ctx.registry,
        systemRoot: ctx.systemRoot,
        out: ctx.out,
        // The host can only be started on the OS it is installed for (tests plan other OSes' layouts).
        checkHello: ctx.p.platform === process.platform,
        ...(ctx.liveTimeoutMs ? { helloTimeoutMs: ctx.liveTimeoutMs } : {}),
      },
      args,
    ),
});
