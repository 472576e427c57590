/**
 * The scripted agent's MCP log (SCRIPTED_AGENT_MCP_LOG): one JSON line per event of its MCP clients,
 * what each call of a client server got back included. Read by the browser-tools e2e files.
 */
import fs from "node:fs";

export interface McpLogLine {
  event: "connected" | "connect_failed" | "removed" | "own_extensions_replaced" | "call";
  name?: string;
  tool?: string;
  result?: { content: Array<{ type: string; text?: string }>; isError?: boolean };
}

/** Every line logged so far (none before the agent's first write). */
function readMcpLog(file: string): McpLogLine[] {
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
