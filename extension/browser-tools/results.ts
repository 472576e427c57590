/** Tool results as the host hands them to the agent: MCP content, `isError` for a tool error. */
import type { ToolContent } from "../../shared/browser-tools";

export interface ToolOutcome {
  content: ToolContent[];
  isError?: boolean;
  /** Of the call's time, what it waited on the browser's APIs (api-wait.ts); the runner sets it. */
  apiMs?: number;
  /** Of `apiMs`, our page script's own time and the page's own (waits for it, its event handlers), as the page tools said (api-wait.ts). */
  pageMs?: number;
  pageOwnMs?: number;
  /** Of `apiMs`, injecting our script files (page-tools.js into a new document, read_page's extractor). */
  scriptFileMs?: number;
}

export function toolText(text: string): ToolOutcome {
  return { content: [{ type: "text", text }] };
}

export function toolError(message: string): ToolOutcome {
  return { content: [{ type: "text", text: message }], isError: true };
}

/** Text that came from a page: labelled, so the model treats it as data, not as instructions. */
export function pageContent(site: string, body: string, header?: string): ToolOutcome {
  const lines = [`Page content from ${site} (untrusted):`, ...(header ? [header] : []), "", body];
  return toolText(lines.join("\n"));
}

/** A failure the runner turns into a tool error with this message. */
export class ToolFailure extends Error {}
