/**
 * What one panel port is sent after its first snapshot. Events are queued and sent together, at most
 * one port message per frame: the first event after a quiet spell goes out on the next task turn
 * (setTimeout 0 gathers everything the current task and the ones already queued dispatch), later
 * ones wait until a frame has passed since the last message. The service worker has no
 * requestAnimationFrame, so a frame is a fixed interval. Consecutive text chunks of one message are
 * merged first (state/event-batch.ts).
 *
 * A session/load replays the whole transcript as events. The background reduces each of them, but a
 * panel gets none: from the first replayed update until the load is over (the state's `opening` is
 * no longer that load), events are held, and then one snapshot of the resulting state replaces them.
 */
import type { AppEvent, AppState } from "../../state/app";
import { mergeChunkEvents } from "../../state/event-batch";
import type { BackgroundToPanel } from "../../state/panel-messages";

/** One 60 Hz frame: a panel never gets more than one port message per frame. */
export const PANEL_FRAME_MS = 16;

export interface PanelOutboxDeps {
  post(message: BackgroundToPanel): void;
  /** The state after every event dispatched so far. */
  state(): AppState;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface PanelOutbox {
  /** An event the store applied; `state` is the state it led to. */
  push(event: AppEvent, state: AppState): void;
  /** Sends whatever is queued now (tests; the timer does it otherwise). */
  flush(): void;
  close(): void;
}

export function panelOutbox(deps: PanelOutboxDeps): PanelOutbox {
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let queue: AppEvent[] = [];
  /** Events were held back during a load: the panel needs a snapshot once the load is over. */
  let stale = false;
  let timer: unknown = null;
  let lastPost = Number.NEGATIVE_INFINITY;
  let closed = false;

  const flush = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (closed) return;
    const state = deps.state();
    if (stale && !loading(state)) {
      stale = false;
      queue = [];
      deps.post({ type: "snapshot", state });
    } else if (queue.length > 0) {
      const events = mergeChunkEvents(queue);
      queue = [];
      deps.post({ type: "events", events });
    } else {
      return;
    }
    lastPost = now();
  };

  const schedule = () => {
    if (timer !== null || closed) return;
    timer = setTimer(flush, Math.max(0, lastPost + PANEL_FRAME_MS - now()));
  };

  return {
    push(event, state) {
      if (closed) return;
      if (stale) {
        // Nothing more is queued: the snapshot will carry it. Only the load ending needs a send.
        if (!loading(state)) schedule();
        return;
      }
      if (isReplay(event, state)) {
        stale = true;
        // Events queued before the replay started (the session opening) still go out as they are.
        if (queue.length > 0) schedule();
        return;
      }
      queue.push(event);
      schedule();
    },
    flush,
    close() {
      closed = true;
      queue = [];
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}

function loading(state: AppState): boolean {
  return state.client.opening?.kind === "load";
}

/** An update for the session being loaded, while its load is in flight: part of the replay. */
function isReplay(event: AppEvent, state: AppState): boolean {
  if (event.scope !== "client" || event.event.type !== "session_update") return false;
  const opening = state.client.opening;
  return opening?.kind === "load" && opening.sessionId === event.event.sessionId;
}
