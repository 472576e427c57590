/** `uninstall`: removes what the install receipt names, and nothing else (uninstall.ts). */

import { type UninstallArgs, uninstall } from "../apply/uninstall";
import { flag } from "../args";
import { defineCommand } from "./command";

export const uninstallCommand = defineCommand<UninstallArgs>({
  name: "uninstall",
  summary: "remove exactly what install wrote (it keeps a receipt), nothing else",
  usage: `  --purge                      also remove the host config and the host's logs
  --dry-run                    print what would be removed
  --json                       print the result as JSON`,
  options: { purge: { type: "boolean" }, "dry-run": { type: "boolean" }, json: { type: "boolean" } },
  parse: (v) => ({ command: "uninstall", purge: flag(v, "purge"), dryRun: flag(v, "dry-run"), json: flag(v, "json") }),
  run: (args, ctx) => uninstall({ p: ctx.p, registry: ctx.registry, out: ctx.out }, args),
});
