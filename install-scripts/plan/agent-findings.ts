/**
 * What the installer says about goose and the --agent commands (plan.ts gathers the findings): where each
 * is, its version, and for a command not known to speak ACP as given, whether it answered initialize.
 */

import type { VersionCheck } from "../../native-host/agent/check-version";
import { GOOSE_INSTALL_URL, GOOSE_UPDATE_COMMAND } from "../../shared/goose";
import { COMMANDS } from "../command-names";
import { type Finding, ok, problem, warn } from "../report";
import type { AcpProbe } from "./acp-probe";
import type { AgentFacts, InstallFacts, InstallOptions } from "./plan";

const INSTALL_COMMAND = COMMANDS.install;

export function agentFindings(f: InstallFacts, o: InstallOptions): Finding[] {
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
    if (a.acp && !a.acp.ok) out.push(acpFinding(a, a.acp));
    else if (a.resolved) out.push(versionFinding(`agent ${a.name}`, a.resolved, a.version, a.name === "goose", a.acp));
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

function acpFinding(a: AgentFacts, acp: Extract<AcpProbe, { ok: false }>): Finding {
  const tail = acp.stderrTail.length > 0 ? ` (${acp.stderrTail.join(" | ")})` : "";
  return problem(
    `agent ${a.name}`,
    `\`${[a.resolved ?? a.command, ...a.args].join(" ")}\` ${acp.message}${tail}, so it does not speak ACP as given; its profile was not written`,
    `pass the arguments that start its ACP mode (its documentation names them), e.g. --agent ${a.name}="${a.command} acp", and re-run`,
  );
}

function versionFinding(subject: string, file: string, v: VersionCheck | undefined, isGoose: boolean, acp?: AcpProbe): Finding {
  const answered = acp?.ok ? `; answered ACP's initialize${acp.agent ? ` as ${acp.agent}` : ""}` : "";
  if (!v || v.ok) return ok(subject, `${file}${v?.ok && v.version ? ` (${v.version})` : ""}${answered}`);
  if (v.kind === "outdated") {
    return warn(
      subject,
      `${file} is version ${v.version}; ${v.required} or newer is needed`,
      isGoose ? `run \`${GOOSE_UPDATE_COMMAND}\`` : `update ${file}`,
    );
  }
  return warn(subject, `${file}: ${v.message}`, `check that ${file} runs in a terminal`);
}
