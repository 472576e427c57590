/**
 * What the host loads only once browser tools are used: the MCP request handler (the MCP SDK, zod)
 * and the tool schemas; also the schema of the file-edit commands (files/undo-command.ts), zod's other user. The built host holds this part as text and compiles it on first use
 * (native-host/build.ts); everywhere else it is an ordinary module, imported dynamically.
 */
export { TOOL_CALL_TIMEOUT_MS, toolResultSchema } from "../../shared/browser-tools";
export { undoEditSchema } from "../../shared/file-edits";
export { handleMcpRequest } from "./mcp-handler";
