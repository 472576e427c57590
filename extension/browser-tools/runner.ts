/**
 * Carries out one browser tool call from the host: checks the tool's name, parses its arguments with the
 * shared schema, and hands them to that tool's handler (tools/handlers.ts). Never throws: every failure
 * is a tool error the agent can read and act on.
 */
import { BROWSER_TOOL_NAMES, type BrowserToolName } from "../../shared/browser-tools";
import type { HostToolCall } from "../../shared/host-protocol";
import { timedApi } from "./api-wait";
import { ToolFailure, type ToolOutcome, toolError } from "./results";
import { parseToolArgs } from "./tools/args";
import { type RunnerDeps, type ToolHandler, toolContext } from "./tools/context";
import { TOOL_HANDLERS } from "./tools/handlers";

export type { RunnerDeps } from "./tools/context";

export async function runToolCall(call: Pick<HostToolCall, "tool" | "args">, deps: RunnerDeps): Promise<ToolOutcome> {
  const api = timedApi(deps.api);
  let outcome: ToolOutcome;
  try {
    outcome = await runTool(toolName(call.tool), call.args, { ...deps, api: api.api });
  } catch (e) {
    if (e instanceof ToolFailure) outcome = toolError(e.message);
    else outcome = toolError(`${String(call.tool).slice(0, 50)} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const ms = (x: number) => Math.round(x * 100) / 100;
  const { pageMs, pageOwnMs } = api.page();
  const times = { apiMs: ms(api.waitedMs()), pageMs: ms(pageMs), pageOwnMs: ms(pageOwnMs), scriptFileMs: ms(api.scriptFileMs()) };
  return { ...outcome, ...times };
}

function runTool<N extends BrowserToolName>(tool: N, args: unknown, deps: RunnerDeps): Promise<ToolOutcome> {
  const handler: ToolHandler<N> = TOOL_HANDLERS[tool];
  return handler(parseToolArgs(tool, args), toolContext(tool, deps));
}

function toolName(name: string): BrowserToolName {
  if ((BROWSER_TOOL_NAMES as string[]).includes(name)) return name as BrowserToolName;
  throw new ToolFailure(`There is no browser tool "${String(name).slice(0, 50)}". The tools are: ${BROWSER_TOOL_NAMES.join(", ")}.`);
}
