/**
 * While a browser tool works in a tab, that tab's toolbar badge says so ("•"); it goes back to the
 * shared badge at once while the call waits for the user's consent (so the shared badge's "waiting for
 * you" count shows there), and a moment after the call ends unless another call starts there (linger.ts).
 */
import type { AppState } from "../../state/app";
import { busyTabs } from "../../state/browser-tools/browser-tools";
import { realTimers, type Timers, WORKING_LINGER_MS } from "./linger";

export const WORKING_TEXT = "•";

/** Tabs where a call runs, and those of them where it waits on a consent question. */
function tabsAtWork(state: AppState): { working: Set<number>; asking: Set<number> } {
  const askingCalls = new Set(state.tools.consents.map((c) => c.callId));
  const running = state.tools.calls.filter((c) => c.status === "running");
  const tabsOf = (calls: typeof running) => new Set(busyTabs({ ...state.tools, calls }).keys());
  return {
    working: tabsOf(running.filter((c) => !askingCalls.has(c.callId))),
    asking: tabsOf(running.filter((c) => askingCalls.has(c.callId))),
  };
}

export interface TabBadgeApi {
  /** `text: null` clears the tab's own text, so the shared badge shows again. */
  setBadgeText(details: { tabId: number; text: string | null }): Promise<void> | void;
}

export function tabIndicator(action: TabBadgeApi, timers: Timers = realTimers): (state: AppState) => void {
  const shown = new Set<number>();
  const clearing = new Map<number, unknown>();
  const clear = (tabId: number) => {
    clearing.delete(tabId);
    shown.delete(tabId);
    apply(action, tabId, null);
  };
  return (state) => {
    const { working, asking } = tabsAtWork(state);
    for (const tabId of working) {
      if (clearing.has(tabId)) timers.clearTimeout(clearing.get(tabId));
      clearing.delete(tabId);
      if (!shown.has(tabId)) apply(action, tabId, WORKING_TEXT);
      shown.add(tabId);
    }
    for (const tabId of shown) {
      if (working.has(tabId)) continue;
      if (asking.has(tabId)) {
        if (clearing.has(tabId)) timers.clearTimeout(clearing.get(tabId));
        clear(tabId);
      } else if (!clearing.has(tabId)) {
        clearing.set(
          tabId,
          timers.setTimeout(() => clear(tabId), WORKING_LINGER_MS),
        );
      }
    }
  };
}

function apply(action: TabBadgeApi, tabId: number, text: string | null): void {
  // A tab closed meanwhile: nothing to mark.
  Promise.resolve(action.setBadgeText({ tabId, text })).catch(() => undefined);
}
