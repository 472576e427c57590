/**
 * The diagnostics report the user can copy into a bug report: extension, browser, host, agent, the
 * last connection error with its cause, and the host's last log lines. Pure; nothing secret goes in
 * (the host never sends its environment).
 */
import { HOST_PROTOCOL_VERSION } from "../../shared/host-protocol";
import type { AppState } from "../state/app";

export interface ReportContext {
  extensionId: string;
  extensionVersion: string;
  userAgent: string;
}

export function diagnosticsReport(state: AppState, ctx: ReportContext): string {
  const { connection: c, client } = state;
  const hello = c.link.phase === "ready" || c.link.phase === "incompatible" ? c.link.hello : c.lastHello;
  const lines: string[] = ["# goose-browser diagnostics", ""];
  lines.push(`extension: ${ctx.extensionId} v${ctx.extensionVersion}`, `browser: ${ctx.userAgent}`, "");
  lines.push(`connection: ${c.link.phase}`);
  if (c.link.phase === "disconnected") {
    lines.push(`  cause: ${c.link.reason.cause}`, `  browser said: ${c.link.reason.message}`, `  fix: ${c.link.reason.fix}`);
  }
  if (c.link.phase === "incompatible") {
    const { fit, hello: h } = c.link;
    lines.push(
      `  host protocol ${h.protocolVersion}, extension ${HOST_PROTOCOL_VERSION}: the host is ${fit.verdict === "too_new" ? "too new" : "too old"}`,
    );
  }
  if (c.link.phase === "ready" && c.link.fit.missing.length > 0) lines.push(`  the host lacks: ${c.link.fit.missing.join(", ")}`);
  if (hello) {
    lines.push(
      `host: v${hello.hostVersion} (protocol ${hello.protocolVersion}) on ${hello.platform}, node ${hello.nodeVersion}`,
      `  bundle: ${hello.hostPath}`,
      `  config: ${hello.configFile}${hello.configError ? ` — ERROR: ${hello.configError}` : ""}`,
      `  log: ${hello.logFile}`,
      `  profiles: ${hello.profiles.join(", ")} (default ${hello.defaultProfile}); folder ${hello.cwd}`,
    );
  }
  const a = c.agent;
  if (a) {
    const detail =
      a.state === "running"
        ? `pid ${a.pid}, ${a.command}${a.version ? ` v${a.version}` : ""}, in ${a.cwd}`
        : a.state === "exited"
          ? `code ${a.code} signal ${a.signal}`
          : "fix" in a
            ? a.fix
            : "";
    lines.push(`agent (${a.profile}): ${a.state}${detail ? ` — ${detail}` : ""}`);
    if (a.state === "exited" && a.stderrTail.length) lines.push("  stderr:", ...a.stderrTail.map((l) => `    ${l}`));
  }
  if (client.agent.info) lines.push(`acp: ${client.agent.info.name} ${client.agent.info.version} (${client.agent.phase})`);
  if (client.agent.error) lines.push(`acp error: ${client.agent.error.title}: ${client.agent.error.message}`);
  if (c.hostError) lines.push(`last host error: ${c.hostError.code}: ${c.hostError.message}`);
  if (c.droppedChunks) lines.push(`dropped chunked messages: ${c.droppedChunks}`);
  const d = c.diagnostics;
  if (d) {
    lines.push("", "profiles:");
    for (const p of d.profiles) {
      lines.push(
        `  ${p.name}: ${[p.command, ...p.args].join(" ")} → ${p.resolved ?? "not found"}` +
          `${p.version ? ` v${p.version}` : ""}${p.problem ? ` — ${p.problem.state}: ${p.problem.fix}` : ""}`,
      );
    }
    if (d.agentLogDir) lines.push(`goose's own logs: ${d.agentLogDir}`);
    lines.push("", `host log (last ${d.logTail.length} lines):`, ...d.logTail.map((l) => `  ${l}`));
  }
  return `${lines.join("\n")}\n`;
}
