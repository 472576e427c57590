/**
 * The scripted agent's MCP log (SCRIPTED_AGENT_MCP_LOG): one JSON line per event of its MCP clients,
 * what each call of a client server got back included. Read by the browser-tools e2e files.
 */
import fs from "node:fs";
import { expect } from "vitest";

export interface McpLogLine {
  event: "connected" | "connect_failed" | "removed" | "own_extensions_replaced" | "call";
  name?: string;
  tool?: string;
  result?: { content: Array<{ type: string; text?: string }>; isError?: boolean };
}

/** Every line logged so far (none before the agent's first write). */
export function readMcpLog(file: string): McpLogLine[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as McpLogLine);
}

/** The calls of one tool, oldest first. */
export const callsOf = (file: string, tool: string): McpLogLine[] => readMcpLog(file).filter((l) => l.event === "call" && l.tool === tool);

/** The text of a call's result, an image as `[image]`. */
export const resultText = (line: McpLogLine | undefined): string =>
  (line?.result?.content ?? []).map((c) => c.text ?? `[${c.type}]`).join("\n");

/** True once the agent logged a connection to the MCP server `name`. */
export const connectedTo = (file: string, name: string): boolean =>
  readMcpLog(file).some((l) => l.event === "connected" && l.name === name);

/** The text the agent got back from its latest call of `tool`, which must not have failed. */
export function lastResult(file: string, tool: string): string {
  const line = callsOf(file, tool).at(-1);
  expect(line?.result?.isError, `${tool} failed: ${resultText(line)}`).toBeFalsy();
  return resultText(line);
}
