/**
 * find in every frame of a tab at once: the top document's matches first, then each frame's under a line
 * naming it, with frame refs (`f2e7`, frame-refs.ts) that act in that frame, and the tab's refs recorded as
 * a snapshot records them. At most `limit` matches in all; the rest are counted.
 */
import type { TabRefStore } from "../../storage/tab-refs";
import type { BrowserApi } from "../browser-api";
import type { FindQuery } from "../page/find";
import { callAllFrames } from "../page-call";
import { ToolFailure } from "../results";
import { numberFrames, refPrefix } from "./frame-refs";
import { withPrefix } from "./snapshot-merge";

export interface FoundInTab {
  text: string;
  title: string;
  url: string;
}

export async function findInAllFrames(api: BrowserApi, tabRefs: TabRefStore, tabId: number, query: FindQuery): Promise<FoundInTab> {
  const before = await tabRefs.get(tabId);
  const answers = await callAllFrames(api, tabId, { op: "find", refStart: before?.next ?? 1, ...query });
  const top = answers.find((a) => a.frameId === 0)?.reply;
  if (!top) throw new ToolFailure("The page did not answer: it navigated or closed while the tool ran. Take a new page_snapshot.");
  if (!top.ok) throw new ToolFailure(top.error);
  const ok = answers.flatMap((a) => (a.reply.ok && a.reply.found ? [{ frameId: a.frameId, reply: a.reply, found: a.reply.found }] : []));
  const frames = numberFrames(before, new Map(ok.map((a) => [a.frameId, a.reply.token])));
  await tabRefs.set(tabId, { token: top.token, next: Math.max(...ok.map((a) => a.reply.next)), frames });

  const lines: string[] = [];
  let shown = 0;
  let total = 0;
  // The top document first, then the frames in the browser's order.
  for (const a of [...ok].sort((x, y) => (x.frameId === 0 ? -1 : y.frameId === 0 ? 1 : 0))) {
    total += a.found.total;
    const room = query.limit - shown;
    if (room <= 0 || a.found.lines.length === 0) continue;
    const prefix = refPrefix(frames, a.frameId);
    const taken = a.found.lines.slice(0, room);
    if (prefix) lines.push(`In frame ${prefix} (${a.reply.url}):`);
    lines.push(...taken.map((line) => (prefix ? `  ${withPrefix(line, prefix)}` : line)));
    shown += taken.length;
  }
  if (total === 0) return { text: "No matching elements.", title: top.title, url: top.url };
  const more = total > shown ? `\n(${total - shown} more matches not shown; narrow the query)` : "";
  return { text: `${lines.join("\n")}${more}`, title: top.title, url: top.url };
}
