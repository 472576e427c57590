/**
 * The transcript's side of opening a search result: once the session is on screen, shows enough older
 * entries to include the match (MessageList adds them a page at a time), marks the query's words in it
 * with <mark class="search-match">, and scrolls it to the middle of the view.
 */
import { useEffect } from "preact/hooks";
import { jumpTarget, locateMatch } from "../../search/jump";
import { matchRanges } from "../../search/snippet";
import type { Entry } from "../../state/sessions/client-state";
import { active, activeSessionId, entrySignal, toolCallSignal } from "../../view/state-signals";

/** Frames to wait for the entry's text to be rendered (markdown renders after the first paint). */
const MAX_FRAMES = 60;

export function useSearchJump(
  ids: readonly string[],
  start: number,
  showFrom: (index: number) => void,
  scroller: { current: HTMLDivElement | null },
): void {
  const target = jumpTarget.value;
  const ready = !!target && target.sessionId === activeSessionId.value && !active.loading.value && ids.length > 0;
  useEffect(() => {
    if (!ready || !target) return;
    const index = locateMatch(ids.map(entryText), target.at, target.terms);
    if (index < 0) {
      jumpTarget.value = null;
      return;
    }
    if (index < start) {
      showFrom(index);
      return; // runs again with the entry rendered
    }
    let frames = 0;
    let raf = 0;
    const tryMark = () => {
      const el = entryElement(scroller.current, index - start);
      const first = el && markTerms(el, target.terms);
      if (first) {
        jumpTarget.value = null;
        first.scrollIntoView({ block: "center" });
        // The transcript follows its bottom while content grows until the user scrolls: hold the match a moment.
        requestAnimationFrame(() => first.scrollIntoView({ block: "center" }));
        return;
      }
      if (++frames < MAX_FRAMES) raf = requestAnimationFrame(tryMark);
      else jumpTarget.value = null;
    };
    raf = requestAnimationFrame(tryMark);
    return () => cancelAnimationFrame(raf);
  }, [ready, target, ids, start]);
}

function entryText(id: string): string | null {
  const e: Entry | undefined = entrySignal(id)?.peek();
  if (!e) return null;
  if (e.kind === "user") return e.content.map((b) => (b.type === "text" ? b.text : "")).join("\n");
  if (e.kind === "agent") return e.text;
  if (e.kind === "tool") return toolCallSignal(e.id)?.peek().title ?? null;
  return null;
}

/** The rendered element of the n-th entry shown (the list's children: "show earlier", then one per entry). */
function entryElement(scroller: HTMLDivElement | null, n: number): Element | null {
  const inner = scroller?.querySelector(".messages__inner");
  if (!inner) return null;
  const offset = inner.firstElementChild?.classList.contains("messages__earlier") ? 1 : 0;
  return inner.children[n + offset] ?? null;
}

/** Wraps every match of `terms` in the element's text in <mark>; returns the first mark, or null when none. */
function markTerms(root: Element, terms: string[]): HTMLElement | null {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  let first: HTMLElement | null = null;
  for (const node of nodes) {
    const ranges = matchRanges(node.data, terms);
    // From the end, so earlier offsets stay valid while the node is split.
    for (let i = ranges.length - 1; i >= 0; i--) {
      const [s, e] = ranges[i]!;
      const hit = node.splitText(s);
      hit.splitText(e - s);
      const mark = document.createElement("mark");
      mark.className = "search-match";
      hit.replaceWith(mark);
      mark.append(hit);
      if (i === 0 && !first) first = mark;
    }
  }
  return first;
}
