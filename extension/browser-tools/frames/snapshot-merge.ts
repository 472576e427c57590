/**
 * One outline from every frame's: each frame's lines go under the iframe line of the document that holds
 * it (matched by the probe that document posted into it, page/frame-probe.ts), indented one level deeper,
 * with the frame's number in front of its refs. An iframe no frame answered for is named as such; a frame
 * whose place is unknown (its parent document did not answer) is listed at the end.
 */
import type { FrameOutline } from "../page/protocol";

export interface FrameAnswer {
  frameId: number;
  url: string;
  outline: FrameOutline;
}

const UNREACHABLE =
  "(content not shown: the browser does not let the extension into this frame: a site it has no access to, or an address such as data: that extensions never enter)";

/**
 * `  - button "Go" [e3]` (or find's `button "Go" [e3]`) with prefix "f2" is `  - button "Go" [f2e3]`; names never
 * hold a `"`, so the first ref after them is the line's.
 */
export function withPrefix(line: string, prefix: string): string {
  return prefix ? line.replace(/^(\s*(?:- )?[^"[]*(?:"[^"]*" )?)\[e(\d+)\]/, `$1[${prefix}e$2]`) : line;
}

export function mergeFrames(answers: FrameAnswer[], prefixOf: (frameId: number) => string): string[] {
  const byProbe = new Map<string, FrameAnswer>();
  for (const a of answers) if (a.outline.probe !== null && !byProbe.has(a.outline.probe)) byProbe.set(a.outline.probe, a);
  const placed = new Set<FrameAnswer>();
  const out: string[] = [];

  const emit = (answer: FrameAnswer, indent: string): void => {
    placed.add(answer);
    const prefix = prefixOf(answer.frameId);
    const frameAt = new Map(answer.outline.frames.map((f) => [f.line, f.probe]));
    answer.outline.lines.forEach((line, i) => {
      const shown = indent + withPrefix(line, prefix);
      const probe = frameAt.get(i);
      if (probe === undefined) {
        out.push(shown);
        return;
      }
      const child = byProbe.get(probe);
      if (!child || placed.has(child)) {
        out.push(`${shown} ${UNREACHABLE}`);
        return;
      }
      out.push(shown);
      const depth = line.length - line.trimStart().length;
      if (child.outline.lines.length === 0) out.push(`${indent}${" ".repeat(depth + 2)}- (nothing to list in this frame)`);
      emit(child, indent + " ".repeat(depth + 2));
    });
  };

  const top = answers.find((a) => a.frameId === 0);
  if (top) emit(top, "");
  for (const a of answers) {
    if (placed.has(a)) continue;
    out.push(`- frame ${JSON.stringify(a.url)} (its place on the page is unknown)`);
    emit(a, "  ");
  }
  return out;
}
