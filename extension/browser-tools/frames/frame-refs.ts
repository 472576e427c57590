/**
 * Refs across a tab's frames. The top document's refs are `e12`; a ref from any other frame carries that
 * frame's number, `f2e12`, so an act on it runs in the frame it came from. Numbers are handed out per tab
 * the first time a snapshot reaches a frame (kept in extension/storage/tab-refs.ts with the frame's id and
 * its document's token) and are never reused for another frame of the tab.
 */
import type { FrameRefs, TabRefs } from "../../storage/tab-refs";

const REF = /^(?:f(\d+))?e\d+$/;

/** The frame number a ref names: 0 for the top document. */
export function frameOfRef(ref: string): number | null {
  const m = REF.exec(ref);
  if (!m) return null;
  return m[1] === undefined ? 0 : Number(m[1]);
}

/** Where a ref's element lives: the browser's frame id and the token of the document its ref came from. */
export interface RefFrame {
  frameId: number;
  token?: string;
}

/** The frame a ref acts in, or an error sentence for the agent. */
export function refFrame(refs: TabRefs | undefined, ref: string): RefFrame | { error: string } {
  const frame = frameOfRef(ref);
  if (frame === null) return { error: `${ref} is not a ref; refs look like "e12" or, inside a frame, "f2e12".` };
  if (frame === 0) return { frameId: 0, ...(refs ? { token: refs.token } : {}) };
  const known = refs?.frames?.[String(frame)];
  if (!known) return { error: `No frame f${frame} in this tab: the page changed since the snapshot; take a new page_snapshot.` };
  return { frameId: known.frameId, token: known.token };
}

/**
 * Numbers for the frames a snapshot reached (by browser frame id), keeping the number a frame already
 * has; `tokens` gives each frame's document token.
 */
export function numberFrames(before: TabRefs | undefined, tokens: Map<number, string>): Record<string, FrameRefs> {
  const frames: Record<string, FrameRefs> = {};
  const known = new Map(Object.entries(before?.frames ?? {}).map(([n, f]) => [f.frameId, Number(n)]));
  let next = Math.max(0, ...known.values()) + 1;
  for (const [frameId, token] of tokens) {
    if (frameId === 0) continue;
    const number = known.get(frameId) ?? next++;
    frames[String(number)] = { frameId, token };
  }
  return frames;
}

/** The prefix a frame's refs carry in the merged outline ("" for the top document). */
export function refPrefix(frames: Record<string, FrameRefs>, frameId: number): string {
  if (frameId === 0) return "";
  const entry = Object.entries(frames).find(([, f]) => f.frameId === frameId);
  return entry ? `f${entry[0]}` : "";
}
