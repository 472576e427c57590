/** `doctor`: checks every browser's registration, node, the agents, policies, and runs the host once (doctor.ts). */
import { flag } from "../args";
import { type DoctorArgs, doctor } from "../doctor/doctor";
import { defineCommand } from "./command";

export const doctorCommand = defineCommand<DoctorArgs>({
  name: "doctor",
  summary: "check every browser's registration, node, the agent, policies, and run the host once",
  usage: `  --fix                        rewrite missing or broken manifests (and registry keys on Windows)
  --json                       print the findings as JSON
  --no-live                    skip the live check (starting the host and the agent)`,
  options: { fix: { type: "boolean" }, json: { type: "boolean" }, "no-live": { type: "boolean" } },
  parse: (v) => ({ command: "doctor", fix: flag(v, "fix"), json: flag(v, "json"), live: !flag(v, "no-live") }),
  run: (args, ctx) =>
    doctor(
      {
        p: ctx.p,
        hostVersion: ctx.source.version,
        registry: ctx.registry,
        policyRoot: ctx.policyRoot,
        systemRoot: ctx.systemRoot,
        out: ctx.out,
        ...(ctx.liveTimeoutMs ? { liveTimeoutMs: ctx.liveTimeoutMs } : {}),
      },
      args,
    ),
});
