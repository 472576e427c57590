/**
 * Runs a PageRequest in a tab's isolated world: calls the installed page tools, and on a document that
 * has none yet injects page-tools.js (extension/entrypoints/page-tools.ts) and calls again.
 */
import type { BrowserApi } from "./browser-api";
import { callPageTools } from "./page/dispatch";
import type { NotInstalled, PageReply, PageRequest } from "./page/protocol";
import { ToolFailure } from "./results";

const PAGE_TOOLS_FILE = "/page-tools.js";

function notInstalled(reply: unknown): reply is NotInstalled {
  return typeof reply === "object" && reply !== null && (reply as NotInstalled).notInstalled === true;
}

export async function callPage(api: BrowserApi, tabId: number, request: PageRequest): Promise<PageReply> {
  let reply: PageReply | NotInstalled | undefined;
  try {
    reply = await api.executeFunc(tabId, callPageTools, [request]);
    if (notInstalled(reply)) {
      await api.executeFile(tabId, PAGE_TOOLS_FILE);
      reply = await api.executeFunc(tabId, callPageTools, [request]);
    }
  } catch (e) {
    throw new ToolFailure(`The page could not be reached: ${e instanceof Error ? e.message : String(e)}`);
  }
  // A document that went away mid-call (a navigation) answers nothing.
  if (!reply || notInstalled(reply))
    throw new ToolFailure("The page did not answer: it navigated or closed while the tool ran. Take a new page_snapshot.");
  return reply;
}
