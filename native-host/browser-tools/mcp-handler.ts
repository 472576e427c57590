/**
 * One MCP request, served by the official SDK in stateless Streamable HTTP mode: a fresh McpServer
 * and transport per request (no MCP session state to leak or expire), JSON responses. Loaded (in
 * tools-part.ts) on the first authenticated request, so a host whose tools stay off never pays for
 * the SDK at start-up.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { BROWSER_TOOL_ANNOTATIONS, BROWSER_TOOL_DESCRIPTIONS, BROWSER_TOOL_INPUTS, BROWSER_TOOL_NAMES } from "../../shared/browser-tools";
import { HOST_VERSION } from "../setup/version";
import type { ToolOutcome } from "./forwarder";

export type CallTool = (tool: string, args: unknown) => Promise<ToolOutcome>;

/** Registers the browser tools (shared/browser-tools.ts) on `server`, each forwarded through `callTool`. */
function registerBrowserTools(server: McpServer, callTool: CallTool): void {
  for (const name of BROWSER_TOOL_NAMES) {
    server.registerTool(
      name,
      {
        title: BROWSER_TOOL_ANNOTATIONS[name].title,
        description: BROWSER_TOOL_DESCRIPTIONS[name],
        inputSchema: BROWSER_TOOL_INPUTS[name],
        annotations: BROWSER_TOOL_ANNOTATIONS[name],
      },
      // The SDK has already validated `args` against the same zod shape the extension checks.
      async (args: unknown) => {
        const outcome = await callTool(name, args);
        return { content: outcome.content, ...(outcome.isError ? { isError: true } : {}) };
      },
    );
  }
}

/** One for every request: the SDK builds an Ajv per server otherwise, most of a request's cost (BENCHMARKS.md). */
const validator = new AjvJsonSchemaValidator();

export async function handleMcpRequest(req: IncomingMessage, res: ServerResponse, callTool: CallTool): Promise<void> {
  const server = new McpServer(
    { name: "goose-browser", version: HOST_VERSION },
    { capabilities: { tools: {} }, jsonSchemaValidator: validator },
  );
  registerBrowserTools(server, callTool);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}
