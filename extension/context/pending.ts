/**
 * Hand-over of page context from the background (context menu, shortcut) to the panel, reliable
 * whether or not a panel is open: the item waits in storage.session (trusted contexts only, gone
 * when the browser closes) until a panel takes it on mount or on storage change. Items carry ids,
 * so one delivered twice is shown once. No timers.
 */
import type { PageContext } from "../state/page-context";

export const PENDING_KEY = "goose.pendingContext";

export interface PendingContext {
  context: PageContext;
  /** Send at once with this text (the "send immediately" setting) instead of waiting for the user. */
  sendWith?: string;
}

export interface SessionArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

function read(raw: unknown): PendingContext[] {
  return Array.isArray(raw) ? (raw as PendingContext[]).filter((p) => p && typeof p.context?.id === "string") : [];
}

export async function deliverContext(area: SessionArea, item: PendingContext): Promise<void> {
  const current = read((await area.get(PENDING_KEY))[PENDING_KEY]);
  if (current.some((p) => p.context.id === item.context.id)) return;
  await area.set({ [PENDING_KEY]: [...current, item] });
}

export async function takeContexts(area: SessionArea): Promise<PendingContext[]> {
  const current = read((await area.get(PENDING_KEY))[PENDING_KEY]);
  if (current.length > 0) await area.remove(PENDING_KEY);
  return current;
}
