/**
 * Browser tools in the background: the user's on/off switch (stored, told to the host after every
 * hello and on every change), each `tool_call` from the host run and answered exactly once, consent
 * questions put in the store for the panel and answered from it, and per-tab ref state forgotten when
 * a tab closes. The browser and the runner are injected, so this runs in unit tests.
 */

import { ACTING_TOOLS } from "../../../shared/browser-tools";
import type { HostCommand, HostHello, HostToolCall, HostToolsOffer } from "../../../shared/host-protocol";
import type { PermissionOption, RequestPermissionRequest } from "../../acp/schema";
import type { SharedRunnerDeps } from "../../browser-tools";
import type { ToolOutcome } from "../../browser-tools/results";
import type { RunnerDeps } from "../../browser-tools/runner";
import type { AppEvent, AppState } from "../../state/app";
import type { ActionConsent } from "../../state/browser-tools/action-log";
import { argsPreview, type BrowserToolsEvent, type ConsentAnswer, type ConsentRequest } from "../../state/browser-tools/browser-tools";
import { askedArguments, ourToolOf } from "../../state/browser-tools/our-call";
import { cardHoldsArgs } from "../../state/browser-tools/served-calls";
import { hostServes } from "../../state/connection/host-compat";
import { emptyToolCalls, toolCallOf } from "../../state/conversation/tool-call-map";
import type { ClientEvent } from "../../state/sessions/client-state";
import type { Store } from "../observable-store";
import { actionLogged } from "./action-logged";
import { CallBinder } from "./call-binder";

interface StoredFlag {
  getValue(): Promise<boolean>;
  setValue(value: boolean): Promise<void>;
}

export interface BrowserToolsDeps {
  store: Store<AppState, AppEvent>;
  /** Sends a host command on the current port; false when there is none. */
  sendHost(command: HostCommand): boolean;
  /** The runner (`runToolCall`) and what it shares between calls (grants, refs, the read cache). */
  run(call: Pick<HostToolCall, "tool" | "args">, deps: RunnerDeps): Promise<ToolOutcome>;
  shared: SharedRunnerDeps;
  /** The user's switch, persisted. */
  enabledItem: StoredFlag;
  /** permissions.contains({permissions: ["tabs"]}): the tools need it to see tab addresses. */
  hasTabsPermission(): Promise<boolean>;
  /** How many side panels are open, and a try at opening one (the browser may refuse without a gesture). */
  panelsOpen(): number;
  openPanel(): void;
  /**
   * Loads an open session again so the agent takes the server the host now gives, or drops it
   * (ClientController.reloadSession); false when that cannot be done now (a turn runs).
   */
  reloadSession?(sessionId: string): boolean;
  /** Brings a tab and its window to the front; rejects when the tab is gone. */
  focusTab(tabId: number): Promise<void>;
  /** How long a consent question waits before it counts as a deny (the host gives up on the call at 120 s). */
  consentTimeoutMs?: number;
  now?: () => number;
  log?: (message: string, detail?: unknown) => void;
}

const CONSENT_TIMEOUT_MS = 120_000;
/** How long the user's allow on the agent's own question stands for the call it was about. */
const CARRIED_ALLOW_MS = 60_000;
export const TABS_REFUSED =
  "Browser tools stay off: the browser did not grant the “tabs” permission, which they need to see your tabs' titles and addresses.";

/** The agent's own name for prompts: its agentInfo title or name, else the profile that runs it. */
export function agentNameOf(state: AppState): string {
  const info = state.client.agent.info;
  return info?.title?.trim() || info?.name?.trim() || state.connection.agent?.profile || "The agent";
}

interface PendingConsent {
  settle(answer: ConsentAnswer): void;
}

/** An acting call the user already allowed when the agent asked about it. */
interface CarriedAllow {
  sessionId: string;
  /** The agent's card the question was about: only the served call bound to it may use the allow. */
  toolCallId: string;
  tool: string;
  args: unknown;
  until: number;
}

export class BrowserToolsService {
  private readonly consents = new Map<string, PendingConsent>();
  private nextConsent = 0;
  private carried: CarriedAllow[] = [];
  private readonly loaded: Promise<void>;
  private readonly binder: CallBinder;
  /** Sessions to load again for the tools once their turn ends. */
  private readonly reloadWhenIdle = new Set<string>();

  constructor(private readonly deps: BrowserToolsDeps) {
    this.binder = new CallBinder(deps.store);
    this.loaded = deps.enabledItem.getValue().then(
      (enabled) => this.dispatch({ type: "tools_enabled", enabled: enabled === true }),
      (e: unknown) => deps.log?.("could not read the browser tools switch", e),
    );
  }

  /** The host said hello: tell it the switch (only a host that serves browser tools understands it). */
  async onHello(hello: HostHello): Promise<void> {
    if (!hostServes(hello, "browser_tools")) return;
    await this.loaded;
    this.deps.sendHost({ type: "browser_tools", enabled: this.deps.store.get().tools.enabled });
  }

  /**
   * The user answered the agent's own permission request. Most questions about our calls never reach
   * the user: our-questions.ts answers them allow-once for the user, our consent card asks when the call
   * is served, and they carry nothing here. One that does reach the user (the agent offers no
   * `allow_once`, say) would otherwise be asked twice: the panel shows it as the one question
   * (ApprovalBar), and an allow there is the user's consent to that very call: the served call bound to
   * the same card (call-binder.ts), with the same tool and arguments, within a minute. A deny needs
   * nothing: the agent does not make the call.
   */
  agentPermissionAnswered(request: RequestPermissionRequest, option: PermissionOption): void {
    if (option.kind !== "allow_once" && option.kind !== "allow_always") return;
    const { sessionId } = request;
    const { toolCallId } = request.toolCall;
    const card = toolCallOf(this.deps.store.get().client.sessions[sessionId]?.toolCalls ?? emptyToolCalls, toolCallId);
    const tool = ourToolOf(card, request.toolCall);
    const args = (card && askedArguments(card)) ?? askedArguments(request.toolCall);
    if (!tool || !ACTING_TOOLS.has(tool) || !args) return;
    const now = this.now();
    this.carried = [
      ...this.carried.filter((c) => c.until > now),
      { sessionId, toolCallId, tool, args: argsPreview(args), until: now + CARRIED_ALLOW_MS },
    ];
  }

  /** Every client event: a tool card that appears or changes may be the one a served call waits for. */
  clientEvent(event: ClientEvent): void {
    this.binder.observe(event);
    if ((event.type === "prompt_finished" || event.type === "prompt_failed") && this.reloadWhenIdle.has(event.sessionId)) {
      // After the turn's own events have been applied.
      queueMicrotask(() => this.reload(event.sessionId));
    }
    if (event.type === "agent_offline") this.reloadWhenIdle.clear();
  }

  /**
   * The host said whether the agent took the tools into a session. An agent that takes a server only
   * when a session starts or loads (`later`), or has no way to drop one (`removed` without a method of
   * its own), gets the session on screen loaded again, with or without the server, as soon as no turn runs.
   */
  offerReported(offer: HostToolsOffer): void {
    const { sessionId, outcome, via, detail } = offer;
    this.dispatch({ type: "tools_offer", sessionId, offer: { outcome, ...(via ? { via } : {}), ...(detail ? { detail } : {}) } });
    if (outcome === "later" || (outcome === "removed" && !via)) this.reload(sessionId);
    else this.reloadWhenIdle.delete(sessionId);
  }

  private reload(sessionId: string): void {
    const reload = this.deps.reloadSession;
    if (!reload) return;
    const { client } = this.deps.store.get();
    // Only the session on screen: another one takes the server when the user opens it (session/load).
    if (client.activeSessionId !== sessionId || !client.agent.capabilities?.loadSession) return;
    if (reload(sessionId)) this.reloadWhenIdle.delete(sessionId);
    else this.reloadWhenIdle.add(sessionId);
  }

  /** The agent stopped: its sessions, and what they took, are gone. */
  agentStopped(): void {
    this.dispatch({ type: "tools_offers_cleared" });
  }

  /**
   * The user flipped the switch (panel or options page, which asked for "tabs" in the click). Turning
   * it on while on asks the host to offer the tools again where the agent refused them.
   */
  async setEnabled(enabled: boolean): Promise<void> {
    await this.loaded;
    if (enabled && !(await this.deps.hasTabsPermission())) {
      this.dispatch({ type: "tools_enabled", enabled: false, notice: TABS_REFUSED });
      return;
    }
    await this.deps.enabledItem.setValue(enabled);
    this.dispatch({ type: "tools_enabled", enabled, notice: null });
    const { link } = this.deps.store.get().connection;
    if (link.phase === "ready" && hostServes(link.hello, "browser_tools")) this.deps.sendHost({ type: "browser_tools", enabled });
    if (!enabled) this.denyAll();
  }

  /** Runs one call and answers it exactly once, whatever happens. */
  async handleCall(call: HostToolCall, answer: (command: HostCommand) => boolean): Promise<void> {
    const started = performance.now();
    const { callId, sessionId } = call;
    // For the action log: the last answer the user gave this call, and the site the question named.
    let consent: ActionConsent | null = null;
    let site: string | undefined;
    // The runner starts first (only while tools are on: a switch turned off since the host sent the call) and the call goes
    // into the store while the browser does its first step; what the runner reports waits a microtask (BENCHMARKS.md).
    const running = this.deps.store.get().tools.enabled
      ? this.deps.run(call, {
          ...this.deps.shared,
          agentName: agentNameOf(this.deps.store.get()),
          askConsent: async (request) => {
            await null;
            site = request.site;
            consent = request.kind === "act" && this.takeCarried(call) ? "allow_once" : await this.ask(callId, request);
            return consent;
          },
          onTarget: (target) => queueMicrotask(() => this.dispatch({ type: "tool_target", callId, target })),
        })
      : Promise.reject(new Error("Browser tools are turned off in goose-browser."));
    // Bounded here too, so a 1 MB argument does not cross to the panels in the event either.
    this.dispatch({ type: "tool_started", callId, tool: call.tool, args: argsPreview(call.args), ...(sessionId ? { sessionId } : {}) });
    this.binder.served({ callId, tool: call.tool, args: call.args, ...(sessionId ? { sessionId } : {}) });
    const outcome = await running.catch(
      (e: unknown): ToolOutcome => ({ content: [{ type: "text", text: String(e instanceof Error ? e.message : e) }], isError: true }),
    );
    // The agent waits on the answer; the panel's bookkeeping can follow it. handlerMs: our time (docs/PROTOCOL.md).
    // times: what the runner measured of the handler's time (apiMs, pageMs, pageOwnMs: results.ts).
    const { content, isError, ...times } = outcome;
    const handlerMs = Math.round((performance.now() - started) * 100) / 100;
    const sent = answer({ type: "tool_result", callId, content, ...(isError ? { isError: true } : {}), handlerMs, ...times });
    if (!sent) this.deps.log?.(`tool call ${callId} finished after its host went away`);
    this.dispatch({ type: "tool_finished", callId, isError: outcome.isError === true });
    const logged = actionLogged(this.deps.store.get(), call, outcome, { consent, askedSite: site, at: this.now() });
    if (logged) this.dispatch(logged);
  }

  /** The panel's answer to a consent question; unknown or already answered ids are ignored. */
  answerConsent(id: string, answer: ConsentAnswer): void {
    this.consents.get(id)?.settle(answer);
  }

  /**
   * A card's "Show tab": only a tab a recent call worked in (what the cards show), never one a message
   * names otherwise. A tab closed since says so where the switch's notices go.
   */
  async showTab(tabId: number): Promise<void> {
    if (!this.deps.store.get().tools.calls.some((c) => c.target?.tabId === tabId)) return;
    try {
      await this.deps.focusTab(tabId);
    } catch (e) {
      this.deps.log?.(`could not show tab ${tabId}`, e);
      const { enabled } = this.deps.store.get().tools;
      this.dispatch({ type: "tools_enabled", enabled, notice: "That tab is closed, so it cannot be shown." });
    }
  }

  /** The native port closed: nobody can receive the answers, so the questions go away. */
  disconnected(): void {
    this.denyAll();
    this.agentStopped();
  }

  async forgetTab(tabId: number): Promise<void> {
    await this.deps.shared.tabRefs.forget(tabId);
  }

  /** Uses up the allow the user gave the agent's question about this call's card, if there is one. */
  private takeCarried(call: HostToolCall): boolean {
    const now = this.now();
    const bound = this.deps.store.get().tools.calls.find((c) => c.callId === call.callId)?.toolCallId;
    if (!bound) return false;
    const i = this.carried.findIndex(
      (c) =>
        c.until > now &&
        c.toolCallId === bound &&
        (call.sessionId === undefined || c.sessionId === call.sessionId) &&
        c.tool === call.tool &&
        cardHoldsArgs({ title: "", rawInput: c.args }, call.args),
    );
    if (i < 0) return false;
    this.carried.splice(i, 1);
    return true;
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private ask(callId: string, request: ConsentRequest): Promise<ConsentAnswer> {
    const id = `consent-${++this.nextConsent}`;
    return new Promise<ConsentAnswer>((resolve) => {
      const timer = setTimeout(() => settle("deny"), this.deps.consentTimeoutMs ?? CONSENT_TIMEOUT_MS);
      const settle = (answer: ConsentAnswer) => {
        if (!this.consents.delete(id)) return;
        clearTimeout(timer);
        this.dispatch({ type: "consent_resolved", id });
        resolve(answer);
      };
      this.consents.set(id, { settle });
      this.dispatch({ type: "consent_requested", id, callId, request });
      if (this.deps.panelsOpen() === 0) this.deps.openPanel();
    });
  }

  private denyAll(): void {
    for (const pending of [...this.consents.values()]) pending.settle("deny");
  }

  private dispatch(event: BrowserToolsEvent): void {
    this.deps.store.dispatch({ scope: "tools", event });
  }
}
