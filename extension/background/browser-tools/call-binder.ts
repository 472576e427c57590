/**
 * Binds each call the host's browser-tools server served to the agent's tool card for it
 * (state/browser-tools/served-calls.ts says which card matches; this keeps the order and the bookkeeping): at once
 * when the card is already there, else when the card appears or its input fills in (an agent may
 * stream the input, or announce the call late). The binding goes into the store as `tool_bound`, so
 * every panel shows the card's tab, site and element whatever the agent calls the tool.
 */
import type { AppEvent, AppState } from "../../state/app";
import type { BrowserToolsEvent } from "../../state/browser-tools/browser-tools";
import { cardFinished, pickCard } from "../../state/browser-tools/served-calls";
import { toolCallOf } from "../../state/conversation/tool-call-map";
import type { ClientEvent, ToolCallState } from "../../state/sessions/client-state";
import type { Store } from "../observable-store";

/** Cards remembered per session, in the order the agent announced them (the newest kept). */
const CARDS_KEPT = 200;
/** Served calls still looking for their card, at most (the oldest give up first). */
const UNBOUND_KEPT = 50;

interface Unbound {
  callId: string;
  tool: string;
  args: unknown;
  sessionId?: string;
  /** Cards that had already ended when the call was served: the call cannot be one of them. */
  finishedBefore: Set<string>;
}

export class CallBinder {
  private readonly order = new Map<string, string[]>();
  private unbound: Unbound[] = [];

  constructor(private readonly store: Pick<Store<AppState, AppEvent>, "get" | "dispatch">) {}

  /** The host served a call (its `tool_started` is already in the store): bind it now if its card is there. */
  served(call: { callId: string; tool: string; args: unknown; sessionId?: string }): void {
    const finishedBefore = new Set<string>();
    for (const sessionId of this.sessionsFor(call.sessionId)) {
      for (const card of this.cards(sessionId)) if (cardFinished(card)) finishedBefore.add(card.toolCallId);
    }
    const entry: Unbound = { ...call, finishedBefore };
    if (this.tryBind(entry)) return;
    this.unbound = [...this.unbound, entry].slice(-UNBOUND_KEPT);
  }

  /** Every client event: notes the order of new cards, and binds waiting calls when a card of their session changed. */
  observe(event: ClientEvent): void {
    if (event.type === "agent_offline") {
      this.order.clear();
      this.unbound = [];
      return;
    }
    if (event.type === "session_closed") this.order.delete(event.sessionId);
    let toolCallId: string | undefined;
    if (event.type === "permission_requested") toolCallId = event.toolCall.toolCallId;
    else if (
      event.type === "session_update" &&
      (event.update.sessionUpdate === "tool_call" || event.update.sessionUpdate === "tool_call_update")
    )
      toolCallId = event.update.toolCallId;
    if (toolCallId === undefined || (event.type !== "permission_requested" && event.type !== "session_update")) return;
    const { sessionId } = event;
    const known = this.order.get(sessionId) ?? [];
    // A card takes its place where the agent first named it (some agents never send the tool_call itself).
    if (!known.includes(toolCallId)) this.order.set(sessionId, [...known, toolCallId].slice(-CARDS_KEPT));
    if (this.unbound.length === 0) return;
    this.unbound = this.unbound.filter((u) => (u.sessionId !== undefined && u.sessionId !== sessionId) || !this.tryBind(u));
  }

  private tryBind(call: Unbound): boolean {
    const taken = new Set<string>();
    for (const c of this.store.get().tools.calls) if (c.toolCallId) taken.add(c.toolCallId);
    for (const sessionId of this.sessionsFor(call.sessionId)) {
      const card = pickCard(this.cards(sessionId), call, taken, call.finishedBefore);
      if (card) {
        this.dispatch({ type: "tool_bound", callId: call.callId, toolCallId: card.toolCallId });
        return true;
      }
    }
    return false;
  }

  /** The call's own session; without one (an agent that sends no session header), every session in memory. */
  private sessionsFor(sessionId: string | undefined): string[] {
    return sessionId !== undefined ? [sessionId] : Object.keys(this.store.get().client.sessions);
  }

  /** The session's cards, oldest first. */
  private cards(sessionId: string): ToolCallState[] {
    const session = this.store.get().client.sessions[sessionId];
    if (!session) return [];
    return (this.order.get(sessionId) ?? []).flatMap((id) => {
      const card = toolCallOf(session.toolCalls, id);
      return card ? [card] : [];
    });
  }

  private dispatch(event: BrowserToolsEvent): void {
    this.store.dispatch({ scope: "tools", event });
  }
}
