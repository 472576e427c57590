/**
 * Waits on the background's store that the client's jobs share (context.ts): a session's turn
 * ending, and the browser tools the user turned on reaching a session.
 */
import type { AppEvent, AppState } from "../../state/app";
import { toolsOfferPending } from "../../state/browser-tools/browser-tools";
import type { Store } from "../observable-store";

/** The host answers an offer within its own hold (10 s); a host that never reports must not hold a prompt longer. */
const TOOLS_SETTLE_MS = 12_000;

export function untilToolsSettled(store: Store<AppState, AppEvent>, sessionId: string): Promise<void> {
  const settled = () => {
    const { connection, tools } = store.get();
    // A host without the report (one protocol behind) never says: nothing to wait for.
    const link = connection.link;
    const reports = link.phase === "ready" && !link.fit.missing.includes("browser_tools_offer");
    return !reports || !toolsOfferPending(tools, sessionId);
  };
  if (settled()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, TOOLS_SETTLE_MS);
    const stop = store.subscribe(() => {
      if (settled()) done();
    });
  });
}

export function untilIdle(store: Store<AppState, AppEvent>, sessionId: string): Promise<void> {
  const idle = () =>
    store.get().client.sessions[sessionId]?.turn !== "running" && store.get().client.sessions[sessionId]?.turn !== "cancelling";
  if (idle()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.subscribe(() => {
      if (!idle()) return;
      stop();
      resolve();
    });
  });
}
