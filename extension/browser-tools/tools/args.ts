/** A tool's arguments, parsed with its shared schema (shared/browser-tools.ts); a bad one names its field. */
import type { z } from "zod";
import { type BrowserToolName, browserToolInput } from "../../../shared/browser-tools";
import { ToolFailure } from "../results";

function argsSchema<K extends BrowserToolName>(tool: K) {
  return browserToolInput(tool);
}

/** What the schema of tool K outputs, typed through the same generic call that parses, so tsc needs no cast. */
export type ToolArgs<K extends BrowserToolName> = z.output<ReturnType<typeof argsSchema<K>>>;

export function parseToolArgs<K extends BrowserToolName>(tool: K, args: unknown): ToolArgs<K> {
  const result = argsSchema(tool).safeParse(args ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.length ? issue.path.join(".") : "arguments";
    throw new ToolFailure(`Invalid ${field} for ${tool}: ${issue?.message ?? "invalid input"}.`);
  }
  return result.data;
}
