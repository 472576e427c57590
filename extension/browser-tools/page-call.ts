/**
 * Runs a PageRequest in a tab's isolated world: calls the installed page tools, and on a document that
 * has none yet injects page-tools.js (extension/entrypoints/page-tools.ts) and calls again; on a tab known to
 * have loaded a new document since the tools last answered there, it injects first. In one frame
 * (the top document unless a ref named another), or in every frame the extension may enter at once.
 */
import type { BrowserApi } from "./browser-api";
import { callPageTools } from "./page/dispatch";
import type { NotInstalled, PageReply, PageRequest } from "./page/protocol";
import { ToolFailure } from "./results";

const PAGE_TOOLS_FILE = "/page-tools.js";

function notInstalled(reply: unknown): reply is NotInstalled {
  return typeof reply === "object" && reply !== null && (reply as NotInstalled).notInstalled === true;
}

function unreachable(e: unknown): ToolFailure {
  return new ToolFailure(`The page could not be reached: ${e instanceof Error ? e.message : String(e)}`);
}

async function callFrame(
  api: BrowserApi,
  tabId: number,
  frameId: number,
  request: PageRequest,
): Promise<PageReply | NotInstalled | undefined> {
  if (frameId === 0) return api.executeFunc(tabId, callPageTools, [request]);
  return (await api.executeFuncInFrames(tabId, [frameId], callPageTools, [request]))[0]?.result;
}

export async function callPage(api: BrowserApi, tabId: number, request: PageRequest, frameId = 0): Promise<PageReply> {
  let reply: PageReply | NotInstalled | undefined;
  try {
    if (frameId === 0 && api.newDocumentIn(tabId)) await api.executeFile(tabId, PAGE_TOOLS_FILE);
    reply = await callFrame(api, tabId, frameId, request);
    if (notInstalled(reply)) {
      if (frameId === 0) await api.executeFile(tabId, PAGE_TOOLS_FILE);
      else await api.executeFileInFrames(tabId, [frameId], PAGE_TOOLS_FILE);
      reply = await callFrame(api, tabId, frameId, request);
    }
  } catch (e) {
    throw unreachable(e);
  }
  // A document that went away mid-call (a navigation) answers nothing.
  if (!reply || notInstalled(reply))
    throw new ToolFailure("The page did not answer: it navigated or closed while the tool ran. Take a new page_snapshot.");
  if (frameId === 0) api.toolsAnswered(tabId);
  return reply;
}

/** The request in every frame the extension may enter, with each frame's answer (frames that answered nothing left out). */
export async function callAllFrames(
  api: BrowserApi,
  tabId: number,
  request: PageRequest,
): Promise<Array<{ frameId: number; reply: PageReply }>> {
  let results: Array<{ frameId: number; result: PageReply | NotInstalled | undefined }>;
  try {
    // A frame the browser does not let us into fails the install, not the call: the call below leaves it out.
    if (api.newDocumentIn(tabId)) await api.executeFileInFrames(tabId, "all", PAGE_TOOLS_FILE).catch(() => undefined);
    results = await api.executeFuncInFrames(tabId, "all", callPageTools, [request]);
    const missing = results.filter((r) => notInstalled(r.result)).map((r) => r.frameId);
    if (missing.length > 0) {
      // One frame navigating away must not fail the others.
      await Promise.allSettled(missing.map((frameId) => api.executeFileInFrames(tabId, [frameId], PAGE_TOOLS_FILE)));
      results = await api.executeFuncInFrames(tabId, "all", callPageTools, [request]);
    }
  } catch (e) {
    throw unreachable(e);
  }
  const answered: Array<{ frameId: number; reply: PageReply }> = [];
  for (const r of results) if (r.result && !notInstalled(r.result)) answered.push({ frameId: r.frameId, reply: r.result });
  if (answered.some((a) => a.frameId === 0)) api.toolsAnswered(tabId);
  return answered;
}
