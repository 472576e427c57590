/**
 * Takes page_snapshot's outline in every frame of a tab at once and merges it into one (snapshot-merge.ts),
 * numbering the frames so their refs act in the right one (frame-refs.ts), and records the tab's refs.
 * A first window asks each frame to stop once its outline fills a window (`budget`); reading on asks them to go
 * on with the walks they kept (`resume`), as far as the next window needs (`budget` again) or to the end.
 */
import type { TabRefStore } from "../../storage/tab-refs";
import type { BrowserApi } from "../browser-api";
import { callAllFrames } from "../page-call";
import { ToolFailure } from "../results";
import { numberFrames, refPrefix } from "./frame-refs";
import { type FrameAnswer, mergeFrames } from "./snapshot-merge";
import type { Unread } from "./snapshot-window";

export interface TabSnapshot {
  lines: string[];
  title: string;
  url: string;
  /** Present when some frame stopped at the budget: what is not read yet, estimated, beyond `lines`. */
  unread?: Unread;
}

export type SnapshotMode = { budget: number } | { resume: true; budget?: number } | Record<string, never>;

export async function snapshotAllFrames(
  api: BrowserApi,
  tabRefs: TabRefStore,
  tabId: number,
  mode: SnapshotMode = {},
): Promise<TabSnapshot> {
  const before = await tabRefs.get(tabId);
  const answers = await callAllFrames(api, tabId, { op: "snapshot", refStart: before?.next ?? 1, ...mode });
  const top = answers.find((a) => a.frameId === 0)?.reply;
  if (!top) throw new ToolFailure("The page did not answer: it navigated or closed while the tool ran. Take a new page_snapshot.");
  if (!top.ok) throw new ToolFailure(top.error);
  const ok = answers.flatMap((a) =>
    a.reply.ok && a.reply.outline ? [{ frameId: a.frameId, reply: a.reply, outline: a.reply.outline }] : [],
  );
  const frames = numberFrames(before, new Map(ok.map((a) => [a.frameId, a.reply.token])));
  await tabRefs.set(tabId, { token: top.token, next: Math.max(...ok.map((a) => a.reply.next)), frames });
  const merged: FrameAnswer[] = ok.map((a) => ({ frameId: a.frameId, url: a.reply.url, outline: a.outline }));
  const lines = mergeFrames(merged, (frameId) => refPrefix(frames, frameId));
  const cut = ok.flatMap((a) => (a.outline.unread ? [a.outline.unread] : []));
  if (cut.length === 0) return { lines, title: top.title, url: top.url };
  const unread = cut.reduce((sum, u) => ({ lines: sum.lines + u.lines, chars: sum.chars + u.chars }), { lines: 0, chars: 0 });
  return { lines, title: top.title, url: top.url, unread };
}
