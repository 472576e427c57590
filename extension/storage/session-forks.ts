/**
 * The forks made in this browser: each fork's parent and where it was made, for History (ACP keeps
 * no such relation; the agent only ever sees two sessions), and what a replay of it hides
 * (state/sessions/fork-replay.ts), so a fork loaded after a restart shows what it showed live. Kept for the
 * newest forks only.
 */
import { storage } from "wxt/utils/storage";
import type { ForkRelation } from "../state/sessions/fork-point";

type ForkMap = Record<string, ForkRelation>;

/** What the client controller needs (tests give it an in-memory one). */
export interface ForkStorage {
  load(): Promise<ForkMap>;
  save(forks: ForkMap): Promise<void>;
}

const MAX_REMEMBERED = 200;

const forksItem = storage.defineItem<ForkMap>("local:goose.sessionForks", { fallback: {} });

export const storedForks: ForkStorage = {
  load: () => forksItem.getValue(),
  save(forks) {
    const entries = Object.entries(forks);
    return forksItem.setValue(Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX_REMEMBERED))));
  },
};
