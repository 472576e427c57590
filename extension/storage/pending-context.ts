/**
 * Hand-over of page context from the background (context menu, shortcut) to the panel, reliable
 * whether or not a panel is open: each item waits in storage.session (trusted contexts only, gone
 * when the browser closes) under its own key until a panel takes it, on mount or on storage change.
 * One key per item makes the hand-over atomic without a lock: a delivery never reads or rewrites
 * another, and a panel removes exactly the keys it took, so an item written meanwhile waits for the
 * next take. No timers.
 */
import { storage } from "wxt/utils/storage";
import type { PageContext } from "../state/conversation/page-context";

/** Storage keys of waiting items start with this (in storage.session). */
export const PENDING_PREFIX = "goose.pending.";

export interface PendingContext {
  context: PageContext;
  /** Send at once with this text (the "send immediately" setting) instead of waiting for the user. */
  sendWith?: string;
  /** When it was delivered (ms since the epoch): items are taken oldest first. */
  at: number;
}

export async function deliverContext(item: Omit<PendingContext, "at">): Promise<void> {
  await storage.setItem<PendingContext>(`session:${PENDING_PREFIX}${item.context.id}`, { ...item, at: Date.now() });
}

/**
 * Takes every waiting item, oldest first: `keep` gets them, and only once it has resolved are
 * exactly their keys removed, so an item is never lost between the hand-over and the panel.
 * Callers must not run two takes at once in one page (each would see the other's items).
 */
export async function takeContexts(keep: (items: PendingContext[]) => Promise<void> | void): Promise<PendingContext[]> {
  const all = await storage.snapshot("session");
  const keys = Object.keys(all).filter((key) => key.startsWith(PENDING_PREFIX));
  if (keys.length === 0) return [];
  const items = keys
    .map((key) => all[key] as PendingContext)
    .filter((p) => typeof p?.context?.id === "string")
    .sort((a, b) => a.at - b.at);
  await keep(items);
  await storage.removeItems(keys.map((key) => `session:${key}` as const));
  return items;
}

/** True when a storage.session change brought a new item. */
export function isDelivery(changes: Record<string, { newValue?: unknown }>): boolean {
  return Object.entries(changes).some(([key, change]) => key.startsWith(PENDING_PREFIX) && change.newValue !== undefined);
}
