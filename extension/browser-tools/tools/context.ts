/**
 * What a tool handler gets besides its arguments: the runner's dependencies and the steps tools share
 * (find the tab, check the site, ask the user, call the page), bound to the tool being run so every
 * prompt names it. A denial or a refused site throws a ToolFailure, which the runner turns into a tool error.
 */
import type { BrowserToolName } from "../../../shared/browser-tools";
import type { ToolTarget } from "../../state/browser-tools/browser-tools";
import type { SiteGrants } from "../../storage/site-grants";
import type { TabRefStore } from "../../storage/tab-refs";
import type { BrowserApi, TabInfo } from "../browser-api";
import { type AskConsent, type ConsentDeps, type ConsentTab, consentToAct, consentToRead } from "../consent";
import { type RefFrame, refFrame } from "../frames/frame-refs";
import type { SnapshotCache } from "../frames/snapshot-window";
import type { ReadCache } from "../markdown-window";
import type { PageReply, PageRequest } from "../page/protocol";
import { callPage } from "../page-call";
import { pageContent, ToolFailure, type ToolOutcome } from "../results";
import { checkSite } from "../site-policy";
import { resolveTab } from "../tabs";
import type { ToolArgs } from "./args";

export interface RunnerDeps {
  api: BrowserApi;
  /** Shows a consent prompt in the panel and resolves with the user's answer. */
  askConsent: AskConsent;
  grants: SiteGrants;
  tabRefs: TabRefStore;
  /** The agent's name as the user knows it, for prompts ("goose wants to …"). */
  agentName: string;
  readCache?: ReadCache;
  snapshotCache?: SnapshotCache;
  /** Told the tab (and then the element) the call works on, as soon as the runner knows it. */
  onTarget?: (target: ToolTarget) => void;
}

/** A site the policy allows. */
type Site = Extract<ReturnType<typeof checkSite>, { ok: true }>;
type PageAnswer = Extract<PageReply, { ok: true }>;
/** The element a ref op works on, and the document its ref came from. */
type RefTarget = { ref: string; token?: string };

export interface ToolContext {
  deps: RunnerDeps;
  /** The tab a call names (or the active one), reported as the call's target. */
  targetTab(tabId: number | undefined): Promise<TabInfo>;
  /** The target tab, checked against the site policy, with the user's consent to read it. */
  readableTab(tabId: number | undefined): Promise<{ tab: TabInfo; site: Site }>;
  /** The site policy's verdict on an address; a refused one fails the call. */
  siteOf(url: string | undefined): Promise<Site>;
  /** Asks the user before an acting tool; `action` says what it will do, in plain words. */
  askToAct(tab: TabInfo, site: Site, action: string, element?: string): Promise<void>;
  /** Tells the panel the tab (and then the element) the call works on. */
  reportTarget(tab: TabInfo, element?: string): void;
  /** A page op's answer in one frame (the top document by default), or its error as a tool failure. */
  onPage(tabId: number, request: PageRequest, frameId?: number): Promise<PageAnswer>;
  /** The frame a ref acts in and the token of the document it came from (`f2e7` is frame 2's `e7`). */
  refTarget(tab: TabInfo, ref: string): Promise<RefFrame>;
  /** click, type, select_option, hover: describe the element, ask the user, then act on that same document. */
  actOnElement(
    args: { tabId?: number | undefined; ref: string },
    action: (element: string) => string,
    request: (target: RefTarget) => PageRequest,
  ): Promise<ToolOutcome>;
  /**
   * The same for any number of elements (drag, fill_form), or none (press_key on the focused element, which is
   * then what is described): one question naming them all, then one page op on the document they came from.
   */
  actOnElements(
    args: { tabId?: number | undefined; refs: string[] },
    words: (elements: string[]) => { action: string; element: string },
    request: (token: string | undefined) => PageRequest,
  ): Promise<ToolOutcome>;
  /** scroll, wait_for: the optional ref, with the document it came from when the tab has one, and its frame. */
  optionalRef(tab: TabInfo, ref: string | undefined): Promise<{ target: { ref?: string; token?: string }; frameId: number }>;
}

/**
 * Carries out one tool with its arguments as the shared schema parsed them. Invariant in K, so a handler
 * fits only its own tool's slot in the table, even where another tool's arguments would also type-check.
 */
export type ToolHandler<in out K extends BrowserToolName> = (args: ToolArgs<K>, ctx: ToolContext) => Promise<ToolOutcome>;

function consentTab(tab: TabInfo): ConsentTab {
  return { id: tab.id, title: tab.title ?? "", url: tab.url ?? "" };
}

export function toolContext(tool: BrowserToolName, deps: RunnerDeps): ToolContext {
  const consentDeps: ConsentDeps = { ask: deps.askConsent, grants: deps.grants, hasHostAccess: (p) => deps.api.hasHostAccess(p) };

  const ctx: ToolContext = {
    deps,

    async targetTab(tabId) {
      const tab = await resolveTab(deps.api, tabId);
      ctx.reportTarget(tab);
      return tab;
    },

    async readableTab(tabId) {
      const tab = await ctx.targetTab(tabId);
      const site = await ctx.siteOf(tab.url);
      const denied = await consentToRead(consentDeps, {
        tool,
        agent: deps.agentName,
        site: site.site,
        origin: site.origin,
        originPattern: site.originPattern,
        tab: consentTab(tab),
      });
      if (denied) throw new ToolFailure(denied);
      return { tab, site };
    },

    async siteOf(url) {
      const fileAccess = url?.startsWith("file:") ? await deps.api.fileAccessAllowed() : false;
      const site = checkSite(url, { ownOrigin: deps.api.ownOrigin, fileAccess });
      if (!site.ok) throw new ToolFailure(site.reason);
      return site;
    },

    async askToAct(tab, site, action, element) {
      const denied = await consentToAct(consentDeps, {
        tool,
        agent: deps.agentName,
        site: site.site,
        origin: site.origin,
        tab: consentTab(tab),
        action,
        ...(element ? { element } : {}),
      });
      if (denied) throw new ToolFailure(denied);
    },

    reportTarget(tab, element) {
      deps.onTarget?.({ tabId: tab.id, title: tab.title ?? "", url: tab.url ?? "", ...(element ? { element } : {}) });
    },

    async onPage(tabId, request, frameId = 0) {
      const reply = await callPage(deps.api, tabId, request, frameId);
      if (!reply.ok) throw new ToolFailure(reply.error);
      return reply;
    },

    async refTarget(tab, ref) {
      const found = refFrame(await deps.tabRefs.get(tab.id), ref);
      if ("error" in found) throw new ToolFailure(found.error);
      return found;
    },

    actOnElement({ tabId, ref }, action, request) {
      return ctx.actOnElements(
        { tabId, refs: [ref] },
        ([element = ""]) => ({ action: action(element), element }),
        (token) => request({ ref, ...(token ? { token } : {}) }),
      );
    },

    async actOnElements({ tabId, refs }, words, request) {
      const { tab, site } = await ctx.readableTab(tabId);
      const targets = await Promise.all(refs.map((ref) => ctx.refTarget(tab, ref)));
      const frameId = targets[0]?.frameId ?? 0;
      if (targets.some((t) => t.frameId !== frameId))
        throw new ToolFailure("These elements are in different frames of the page; one call acts in one frame.");
      const topToken = refs.length === 0 ? (await deps.tabRefs.get(tab.id))?.token : targets[0]?.token;
      // Allowed on this site already, in the top document: nothing to ask, so the op runs at once and names its
      // elements itself (one trip into the page instead of two). Its refs are checked against the document all
      // the same. A frame's element always goes the long way: its frame's own site must pass the policy too.
      if (frameId === 0 && (await deps.grants.has(site.origin))) {
        const reply = await ctx.onPage(tab.id, request(topToken));
        ctx.reportTarget(tab, words(reply.targets ?? []).element);
        return pageContent(site.site, reply.text);
      }
      const described: PageAnswer[] = [];
      for (const [i, ref] of refs.entries()) {
        const token = targets[i]?.token;
        described.push(await ctx.onPage(tab.id, { op: "describe", ref, ...(token ? { token } : {}) }, frameId));
      }
      if (refs.length === 0) described.push(await ctx.onPage(tab.id, { op: "describe_focus", ...(topToken ? { token: topToken } : {}) }));
      // An element inside a frame: the user is told whose frame it is (an about:blank or srcdoc frame is the page's own).
      const url = described[0]?.url ?? "";
      const frameSite = frameId === 0 || url.startsWith("about:") ? null : (await ctx.siteOf(url)).site;
      const names = described.map((d) => (frameSite && frameSite !== site.site ? `${d.text} in a frame from ${frameSite}` : d.text));
      const { action, element } = words(names);
      ctx.reportTarget(tab, element);
      await ctx.askToAct(tab, site, action, element);
      // The document described is the one acted on: a navigation while the user decided is "page changed".
      const reply = await ctx.onPage(tab.id, request(described[0]?.token), frameId);
      return pageContent(site.site, reply.text);
    },

    async optionalRef(tab, ref) {
      if (!ref) return { target: {}, frameId: 0 };
      const { frameId, token } = await ctx.refTarget(tab, ref);
      return { target: { ref, ...(token ? { token } : {}) }, frameId };
    },
  };
  return ctx;
}
