/**
 * Whether a read-only browser tool's call would read its tab now without a question of ours: the tab it
 * names (or the active one) is on a site the policy allows, and the user already let the extension read
 * that site (its host permission, which is all `consentToRead` asks for). The background answers an
 * agent's own question about such a call for the user (background/browser-tools/our-questions.ts). Only looks: no
 * page is touched, no question asked. The call itself is checked again when it is served, so a tab
 * switched in between is judged as it is then.
 */
import { BROWSER_TOOL_ANNOTATIONS, BROWSER_TOOL_INPUTS, type BrowserToolName } from "../../shared/browser-tools";
import type { BrowserApi } from "./browser-api";
import { checkSite } from "./site-policy";
import { resolveTab } from "./tabs";
import { parseToolArgs } from "./tools/args";

function isToolName(tool: string): tool is BrowserToolName {
  return Object.hasOwn(BROWSER_TOOL_INPUTS, tool);
}

/** The site the read is on when it needs no question; null when the user must be asked (or anything is unclear). */
export async function readAllowedNow(api: BrowserApi, tool: string, args: unknown): Promise<{ site: string } | null> {
  if (!isToolName(tool) || !BROWSER_TOOL_ANNOTATIONS[tool].readOnlyHint) return null;
  // A tool with no tab to read (list_tabs) has no site the user allowed: it stays asked.
  if (!("tabId" in BROWSER_TOOL_INPUTS[tool])) return null;
  try {
    const { tabId } = parseToolArgs(tool, args) as { tabId?: number };
    const tab = await resolveTab(api, tabId);
    const fileAccess = tab.url?.startsWith("file:") ? await api.fileAccessAllowed() : false;
    const site = checkSite(tab.url, { ownOrigin: api.ownOrigin, fileAccess });
    if (!site.ok || !(await api.hasHostAccess(site.originPattern))) return null;
    return { site: site.site };
  } catch {
    // Arguments the tool would refuse, or a tab that is gone: the agent's question stays the user's.
    return null;
  }
}
