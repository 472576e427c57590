/**
 * One MCP request, served by the official SDK in stateless Streamable HTTP mode: each request gets a
 * transport of its own (no MCP session state to leak or expire) and JSON responses. Loaded (in
 * tools-part.ts) on the first authenticated request, so a host whose tools stay off never pays for
 * the SDK at start-up.
 *
 * The servers are kept: building one registers every tool, and a POST takes the SDK's web-standard
 * transport directly (web-request.ts), which skips the SDK's Node adapter; both were most of the host's
 * own time per tool call (BENCHMARKS.md, "per-tool round trip"). A server serves one request at a time.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { BROWSER_TOOL_ANNOTATIONS, BROWSER_TOOL_DESCRIPTIONS, BROWSER_TOOL_NAMES, browserToolInput } from "../../shared/browser-tools";
import { HOST_VERSION } from "../setup/version";
import type { ToolOutcome } from "./forwarder";
import { readBody, webPost, writeResponse } from "./web-request";

export type CallTool = (tool: string, args: unknown) => Promise<ToolOutcome>;

/** A server and the request it serves now, whose `callTool` its tools forward to. */
interface Slot {
  server: McpServer;
  callTool: CallTool | undefined;
}

/** Servers kept between requests; more at once are made and dropped. */
const KEPT = 4;
const idle: Slot[] = [];

/** One for every server: the SDK builds an Ajv per server otherwise (BENCHMARKS.md). */
const validator = new AjvJsonSchemaValidator();

function newSlot(): Slot {
  const server = new McpServer(
    { name: "goose-browser", version: HOST_VERSION },
    { capabilities: { tools: {} }, jsonSchemaValidator: validator },
  );
  const slot: Slot = { server, callTool: undefined };
  for (const name of BROWSER_TOOL_NAMES) {
    server.registerTool(
      name,
      {
        title: BROWSER_TOOL_ANNOTATIONS[name].title,
        description: BROWSER_TOOL_DESCRIPTIONS[name],
        inputSchema: browserToolInput(name),
        annotations: BROWSER_TOOL_ANNOTATIONS[name],
      },
      // The SDK has already validated `args` against the same zod schema the extension checks.
      async (args: unknown) => {
        const callTool = slot.callTool;
        if (!callTool) throw new Error("no request is being served");
        const outcome = await callTool(name, args);
        return { content: outcome.content, ...(outcome.isError ? { isError: true } : {}) };
      },
    );
  }
  return slot;
}

export async function handleMcpRequest(req: IncomingMessage, res: ServerResponse, callTool: CallTool): Promise<void> {
  const slot = idle.pop() ?? newSlot();
  slot.callTool = callTool;
  try {
    if (req.method === "POST") {
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await slot.server.connect(transport);
      const { request, parsedBody } = webPost(req, await readBody(req));
      await writeResponse(res, await transport.handleRequest(request, parsedBody === undefined ? {} : { parsedBody }));
    } else {
      // GET (the client's event stream, held open) and DELETE: the SDK's Node adapter streams them.
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await slot.server.connect(transport);
      const done = new Promise<void>((resolve) => res.once("close", resolve));
      await transport.handleRequest(req, res);
      await done;
    }
  } finally {
    // Closing the transport ends what it still holds; a handler still running answers into the closed one.
    await slot.server.close();
    slot.callTool = undefined;
    if (idle.length < KEPT) idle.push(slot);
  }
}
