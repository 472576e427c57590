/**
 * Carries out one browser tool call from the host: validates the arguments with the shared schema,
 * resolves the tab, applies the site policy, asks for consent, runs the tool, and labels what came from
 * the page. Never throws: every failure is a tool error the agent can read and act on.
 */
import { z } from "zod";
import { BROWSER_TOOL_INPUTS, BROWSER_TOOL_NAMES, type BrowserToolInput, type BrowserToolName } from "../../shared/browser-tools";
import type { HostToolCall } from "../../shared/host-protocol";
import type { ToolTarget } from "../state/browser-tools";
import type { BrowserApi, TabInfo } from "./browser-api";
import { type AskConsent, type ConsentDeps, type ConsentTab, consentToAct, consentToRead, type SiteGrants } from "./consent";
import type { PageReply, PageRequest } from "./page/protocol";
import { callPage } from "./page-call";
import { isExtractedPage, type ReadCache, sliceMarkdown } from "./markdown-window";
import { pageContent, ToolFailure, type ToolOutcome, toolError, toolText } from "./results";
import { checkSite } from "./site-policy";
import type { TabRefStore } from "./tab-refs";
import { LOAD_TIMEOUT_MS, listTabs, loaded, loadSummary, resolveTab, screenshotTab } from "./tabs";

export interface RunnerDeps {
  api: BrowserApi;
  /** Shows a consent prompt in the panel and resolves with the user's answer. */
  askConsent: AskConsent;
  grants: SiteGrants;
  tabRefs: TabRefStore;
  /** The agent's name as the user knows it, for prompts ("goose wants to …"). */
  agentName: string;
  readCache?: ReadCache;
  /** Told the tab (and then the element) the call works on, as soon as the runner knows it. */
  onTarget?: (target: ToolTarget) => void;
}

/** Characters of outline one page_snapshot returns at most. */
const SNAPSHOT_CHARS = 30_000;
/** Matches one find lists at most. */
const FIND_LIMIT = 20;
const DEFAULT_WAIT_MS = 5_000;
const EXTRACT_FILE = "/extract-page.js";

type Site = Extract<ReturnType<typeof checkSite>, { ok: true }>;

export async function runToolCall(call: Pick<HostToolCall, "tool" | "args">, deps: RunnerDeps): Promise<ToolOutcome> {
  try {
    const tool = toolName(call.tool);
    return await run(tool, parseArgs(tool, call.args), deps);
  } catch (e) {
    if (e instanceof ToolFailure) return toolError(e.message);
    return toolError(`${String(call.tool).slice(0, 50)} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function toolName(name: string): BrowserToolName {
  if ((BROWSER_TOOL_NAMES as string[]).includes(name)) return name as BrowserToolName;
  throw new ToolFailure(`There is no browser tool "${String(name).slice(0, 50)}". The tools are: ${BROWSER_TOOL_NAMES.join(", ")}.`);
}

/** The arguments, checked against the shared schema; a bad one names its field. */
function parseArgs<N extends BrowserToolName>(tool: N, args: unknown): BrowserToolInput<N> {
  const result = z.object(BROWSER_TOOL_INPUTS[tool]).safeParse(args ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.length ? issue.path.join(".") : "arguments";
    throw new ToolFailure(`Invalid ${field} for ${tool}: ${issue?.message ?? "invalid input"}.`);
  }
  const parsed = result.data as BrowserToolInput<N> & { text?: string; role?: string; ref?: string };
  if (tool === "find" && !parsed.text && !parsed.role) throw new ToolFailure("find needs text, role or both.");
  if (tool === "wait_for" && !parsed.text && !parsed.ref) throw new ToolFailure("wait_for needs text or ref.");
  return parsed;
}

async function siteOf(url: string | undefined, deps: RunnerDeps): Promise<Site> {
  const fileAccess = url?.startsWith("file:") ? await deps.api.fileAccessAllowed() : false;
  const site = checkSite(url, { ownOrigin: deps.api.ownOrigin, fileAccess });
  if (!site.ok) throw new ToolFailure(site.reason);
  return site;
}

function consentTab(tab: TabInfo): ConsentTab {
  return { id: tab.id, title: tab.title ?? "", url: tab.url ?? "" };
}

function reportTarget(deps: RunnerDeps, tab: TabInfo, element?: string): void {
  deps.onTarget?.({ tabId: tab.id, title: tab.title ?? "", url: tab.url ?? "", ...(element ? { element } : {}) });
}

function consentDeps(deps: RunnerDeps): ConsentDeps {
  return { ask: deps.askConsent, grants: deps.grants, hasHostAccess: (p) => deps.api.hasHostAccess(p) };
}

/** The tab, checked against the site policy, with the user's consent to read it. */
async function readableTab(tool: BrowserToolName, tabId: number | undefined, deps: RunnerDeps): Promise<{ tab: TabInfo; site: Site }> {
  const tab = await resolveTab(deps.api, tabId);
  reportTarget(deps, tab);
  const site = await siteOf(tab.url, deps);
  const denied = await consentToRead(consentDeps(deps), {
    tool,
    agent: deps.agentName,
    site: site.site,
    origin: site.origin,
    originPattern: site.originPattern,
    tab: consentTab(tab),
  });
  if (denied) throw new ToolFailure(denied);
  return { tab, site };
}

async function askToAct(
  tool: BrowserToolName,
  deps: RunnerDeps,
  tab: TabInfo,
  site: Site,
  action: string,
  element?: string,
): Promise<void> {
  const denied = await consentToAct(consentDeps(deps), {
    tool,
    agent: deps.agentName,
    site: site.site,
    origin: site.origin,
    tab: consentTab(tab),
    action,
    ...(element ? { element } : {}),
  });
  if (denied) throw new ToolFailure(denied);
}

/** A page op's answer, or its error as a tool failure. */
async function onPage(deps: RunnerDeps, tabId: number, request: PageRequest): Promise<Extract<PageReply, { ok: true }>> {
  const reply = await callPage(deps.api, tabId, request);
  if (!reply.ok) throw new ToolFailure(reply.error);
  return reply;
}

function header(reply: { title: string; url: string }): string {
  return `Title: ${reply.title}\nURL: ${reply.url}`;
}

function quoteShort(text: string, max = 60): string {
  const t = text.replace(/\s+/g, " ");
  return `"${t.length > max ? `${t.slice(0, max - 1)}…` : t}"`;
}

/** What an acting tool will do, in plain words, for the consent prompt. */
function actionWords(tool: BrowserToolName, args: Record<string, unknown>, element?: string, tabTitle?: string): string {
  switch (tool) {
    case "click":
      return `click ${element}`;
    case "type": {
      const text = String(args.text ?? "");
      return `type ${quoteShort(text)} into ${element}${args.submit ? " and submit" : ""}`;
    }
    case "select_option":
      return `choose ${quoteShort(String(args.value ?? ""))} in ${element}`;
    case "navigate":
      return `load ${String(args.url)} in the tab ${quoteShort(tabTitle ?? "")}`;
    case "open_tab":
      return `open ${String(args.url)} in a new tab`;
    default:
      return tool;
  }
}

async function run(tool: BrowserToolName, args: Record<string, unknown>, deps: RunnerDeps): Promise<ToolOutcome> {
  const tabId = args.tabId as number | undefined;
  switch (tool) {
    case "list_tabs":
      return toolText(await listTabs(deps.api));

    case "read_page": {
      const { tab, site } = await readableTab(tool, tabId, deps);
      const offset = (args.offset as number | undefined) ?? 0;
      const cache = deps.readCache;
      let page = offset > 0 && tab.url ? cache?.get(tab.id, tab.url) : null;
      if (!page) {
        let extracted: unknown;
        try {
          extracted = await deps.api.executeFile(tab.id, EXTRACT_FILE);
        } catch (e) {
          throw new ToolFailure(`The page could not be read: ${e instanceof Error ? e.message : String(e)}`);
        }
        if (!isExtractedPage(extracted)) throw new ToolFailure("The page gave no readable text.");
        page = extracted;
        if (tab.url) cache?.put(tab.id, tab.url, page);
      }
      let window: ReturnType<typeof sliceMarkdown>;
      try {
        window = sliceMarkdown(page.markdown, offset);
      } catch (e) {
        throw new ToolFailure((e as Error).message);
      }
      const more = window.nextOffset !== undefined ? ` More follows: pass offset ${window.nextOffset} to read on.` : "";
      const range = `Characters ${window.start}–${window.end} of ${window.total}.${more}`;
      return pageContent(site.site, window.text, `${header(page)}\n${range}`);
    }

    case "get_selection": {
      const { tab, site } = await readableTab(tool, tabId, deps);
      const reply = await onPage(deps, tab.id, { op: "get_selection" });
      return pageContent(site.site, reply.text || "(nothing is selected)", header(reply));
    }

    case "page_snapshot":
    case "find": {
      const { tab, site } = await readableTab(tool, tabId, deps);
      const refStart = (await deps.tabRefs.get(tab.id))?.next ?? 1;
      const request: PageRequest =
        tool === "page_snapshot"
          ? { op: "snapshot", refStart, maxChars: SNAPSHOT_CHARS }
          : {
              op: "find",
              refStart,
              limit: FIND_LIMIT,
              ...(args.text ? { text: args.text as string } : {}),
              ...(args.role ? { role: args.role as string } : {}),
            };
      const reply = await onPage(deps, tab.id, request);
      await deps.tabRefs.set(tab.id, { token: reply.token, next: reply.next });
      return pageContent(site.site, reply.text, `${header(reply)}\nTab: ${tab.id}`);
    }

    case "click":
    case "type":
    case "select_option": {
      const { tab, site } = await readableTab(tool, tabId, deps);
      const ref = args.ref as string;
      const known = await deps.tabRefs.get(tab.id);
      const described = await onPage(deps, tab.id, { op: "describe", ref, ...(known ? { token: known.token } : {}) });
      reportTarget(deps, tab, described.text);
      await askToAct(tool, deps, tab, site, actionWords(tool, args, described.text), described.text);
      // The document described is the one acted on: a navigation while the user decided is "page changed".
      const token = described.token;
      const request: PageRequest =
        tool === "click"
          ? { op: "click", ref, token }
          : tool === "type"
            ? { op: "type", ref, token, text: args.text as string, ...(args.submit ? { submit: true } : {}) }
            : { op: "select_option", ref, token, value: args.value as string };
      const reply = await onPage(deps, tab.id, request);
      return pageContent(site.site, reply.text);
    }

    case "scroll":
    case "wait_for": {
      const { tab, site } = await readableTab(tool, tabId, deps);
      const ref = args.ref as string | undefined;
      const token = ref ? (await deps.tabRefs.get(tab.id))?.token : undefined;
      const target = { ...(ref ? { ref } : {}), ...(token ? { token } : {}) };
      const request: PageRequest =
        tool === "scroll"
          ? { op: "scroll", ...target, ...(args.direction ? { direction: args.direction as "up" | "down" | "top" | "bottom" } : {}) }
          : {
              op: "wait_for",
              ...target,
              ...(args.text ? { text: args.text as string } : {}),
              timeoutMs: (args.timeoutMs as number | undefined) ?? DEFAULT_WAIT_MS,
            };
      const reply = await onPage(deps, tab.id, request);
      return pageContent(site.site, reply.text);
    }

    case "navigate": {
      const tab = await resolveTab(deps.api, tabId);
      reportTarget(deps, tab);
      if (tab.url && /^(chrome-extension|moz-extension):/.test(tab.url)) await siteOf(tab.url, deps);
      const url = args.url as string;
      const site = await siteOf(url, deps);
      await askToAct(tool, deps, tab, site, actionWords(tool, args, undefined, tab.title));
      const wait = deps.api.waitForLoad(tab.id, LOAD_TIMEOUT_MS);
      await deps.api.navigateTab(tab.id, url);
      return toolText(loadSummary("Loaded in", await loaded(deps.api, tab.id, wait)));
    }

    case "open_tab": {
      const url = args.url as string;
      const site = await siteOf(url, deps);
      const [current] = await deps.api.queryTabs({ active: true, lastFocusedWindow: true });
      await askToAct(tool, deps, current ?? { id: -1, windowId: -1, active: false, groupId: -1 }, site, actionWords(tool, args));
      const created = await deps.api.createTab(url);
      reportTarget(deps, { ...created, url: created.url || url });
      const wait = deps.api.waitForLoad(created.id, LOAD_TIMEOUT_MS, { orAlreadyLoaded: true });
      let grouped = "";
      try {
        await deps.api.groupTab(created, deps.agentName);
      } catch (e) {
        grouped = ` (It could not be put in the "${deps.agentName}" tab group: ${e instanceof Error ? e.message : String(e)})`;
      }
      return toolText(`${loadSummary("Opened", await loaded(deps.api, created.id, wait))}${grouped}`);
    }

    case "screenshot": {
      const { tab } = await readableTab(tool, tabId, deps);
      return { content: await screenshotTab(deps.api, tab) };
    }
  }
  const unhandled: never = tool;
  throw new ToolFailure(`${String(unhandled)} is not implemented.`);
}
