/**
 * While a browser tool works in a tab, that tab's toolbar badge says so ("•"); it goes back to the
 * shared badge when the call ends, and while the call waits for the user's consent (so the shared
 * badge's "waiting for you" count shows there).
 */
import type { AppState } from "../state/app";
import { busyTabs } from "../state/browser-tools";

export const WORKING_TEXT = "•";

/** Tabs that show the indicator: a call runs there and is not waiting on a consent question. */
function workingTabs(state: AppState): Set<number> {
  const asking = new Set(state.tools.consents.map((c) => c.callId));
  const calls = state.tools.calls.filter((c) => c.status === "running" && !asking.has(c.callId));
  return new Set(busyTabs({ ...state.tools, calls }).keys());
}

export interface TabBadgeApi {
  /** `text: null` clears the tab's own text, so the shared badge shows again. */
  setBadgeText(details: { tabId: number; text: string | null }): Promise<void> | void;
}

export function tabIndicator(action: TabBadgeApi): (state: AppState) => void {
  let shown = new Set<number>();
  return (state) => {
    const next = workingTabs(state);
    for (const tabId of next) if (!shown.has(tabId)) apply(action, tabId, WORKING_TEXT);
    for (const tabId of shown) if (!next.has(tabId)) apply(action, tabId, null);
    shown = next;
  };
}

function apply(action: TabBadgeApi, tabId: number, text: string | null): void {
  // A tab closed meanwhile: nothing to mark.
  Promise.resolve(action.setBadgeText({ tabId, text })).catch(() => undefined);
}
