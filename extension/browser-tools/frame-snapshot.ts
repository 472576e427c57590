/**
 * Takes page_snapshot's outline in every frame of a tab at once and merges it into one (snapshot-merge.ts),
 * numbering the frames so their refs act in the right one (frame-refs.ts), and records the tab's refs.
 */
import type { TabRefStore } from "../storage/tab-refs";
import type { BrowserApi } from "./browser-api";
import { numberFrames, refPrefix } from "./frame-refs";
import { callAllFrames } from "./page-call";
import { ToolFailure } from "./results";
import { type FrameAnswer, mergeFrames } from "./snapshot-merge";

export interface TabSnapshot {
  lines: string[];
  title: string;
  url: string;
}

export async function snapshotAllFrames(api: BrowserApi, tabRefs: TabRefStore, tabId: number): Promise<TabSnapshot> {
  const before = await tabRefs.get(tabId);
  const answers = await callAllFrames(api, tabId, { op: "snapshot", refStart: before?.next ?? 1 });
  const top = answers.find((a) => a.frameId === 0)?.reply;
  if (!top) throw new ToolFailure("The page did not answer: it navigated or closed while the tool ran. Take a new page_snapshot.");
  if (!top.ok) throw new ToolFailure(top.error);
  const ok = answers.flatMap((a) =>
    a.reply.ok && a.reply.outline ? [{ frameId: a.frameId, reply: a.reply, outline: a.reply.outline }] : [],
  );
  const frames = numberFrames(before, new Map(ok.map((a) => [a.frameId, a.reply.token])));
  await tabRefs.set(tabId, { token: top.token, next: Math.max(...ok.map((a) => a.reply.next)), frames });
  const merged: FrameAnswer[] = ok.map((a) => ({ frameId: a.frameId, url: a.reply.url, outline: a.outline }));
  return { lines: mergeFrames(merged, (frameId) => refPrefix(frames, frameId)), title: top.title, url: top.url };
}
