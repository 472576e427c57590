/**
 * Keys and selections in rich text (a contenteditable editor), where a script's KeyboardEvent moves no caret:
 * what the browser's own editing would do, through the Selection API (https://w3c.github.io/selection-api/).
 * Caret moves and selection extension use `Selection.modify`, which every engine implements for exactly this
 * (by character, word, line or line boundary); select-all selects the editing host's contents; a deletion or
 * an insertion fires a cancelable `beforeinput` first (Input Events, https://w3c.github.io/input-events/), so
 * an editor that handles its own input (most rich editors) does it, and else goes through execCommand, which
 * keeps the editor's undo stack and fires its `input`.
 */
import type { Chord } from "./keys";

type Alter = "move" | "extend";
type Modify = (alter: Alter, direction: "forward" | "backward", granularity: string) => void;

/** The editing host: the outermost contenteditable element around (or at) `el`, or null outside rich text. */
export function editingHost(el: Element): HTMLElement | null {
  if (!(el instanceof HTMLElement) || !el.isContentEditable) return null;
  let host: HTMLElement = el;
  while (host.parentElement?.isContentEditable) host = host.parentElement;
  return host;
}

/**
 * Runs an editing command as a keystroke would: `beforeinput` (the page may cancel it and do the edit
 * itself), then execCommand. An engine that fires its own `beforeinput` for execCommand would ask twice; that
 * second one is kept from the page.
 */
export function editCommand(host: HTMLElement, inputType: string, command: string, data: string | null = null): boolean {
  const asked = host.dispatchEvent(new InputEvent("beforeinput", { bubbles: true, cancelable: true, composed: true, inputType, data }));
  if (!asked) return false;
  const doc = host.ownerDocument;
  const win = doc.defaultView;
  const twice = (e: Event) => {
    if ((e as InputEvent).inputType === inputType) e.stopImmediatePropagation();
  };
  win?.addEventListener("beforeinput", twice, true);
  try {
    return typeof doc.execCommand === "function" && doc.execCommand(command, false, data ?? undefined);
  } finally {
    win?.removeEventListener("beforeinput", twice, true);
  }
}

const MOVES: Record<string, [direction: "forward" | "backward", granularity: string, withCtrl: string]> = {
  ArrowLeft: ["backward", "character", "word"],
  ArrowRight: ["forward", "character", "word"],
  ArrowUp: ["backward", "line", "paragraph"],
  ArrowDown: ["forward", "line", "paragraph"],
  Home: ["backward", "lineboundary", "documentboundary"],
  End: ["forward", "lineboundary", "documentboundary"],
};

/**
 * A key's default action in rich text, after an uncancelled keydown. Returns whether it was one this
 * handles (then nothing else should): Control/Meta+A, arrows, Home, End (with Shift extending the
 * selection, with Control by word or to the document's ends), Backspace and Delete (by word with Control).
 */
export function editKey(host: HTMLElement, chord: Chord): boolean {
  const doc = host.ownerDocument;
  const selection = doc.getSelection();
  if (!selection) return false;
  const key = chord.key.key;
  const byWord = chord.ctrl || chord.alt;
  if ((chord.ctrl || chord.meta) && key.toLowerCase() === "a") {
    selection.selectAllChildren(host);
    return true;
  }
  const move = MOVES[key];
  if (move) {
    const [direction, granularity, wider] = move;
    // The caret may be nowhere yet (focus by script places none in some engines): start at the host's start.
    if (selection.rangeCount === 0 || !host.contains(selection.anchorNode)) selection.collapse(host, 0);
    const modify = (selection as unknown as { modify?: Modify }).modify;
    if (typeof modify !== "function") return false;
    modify.call(selection, chord.shift ? "extend" : "move", direction, byWord || chord.meta ? wider : granularity);
    return true;
  }
  if (key === "Backspace" || key === "Delete") {
    const forward = key === "Delete";
    const inputType = `delete${byWord ? "Word" : "Content"}${forward ? "Forward" : "Backward"}`;
    if (byWord && selection.isCollapsed) {
      const modify = (selection as unknown as { modify?: Modify }).modify;
      modify?.call(selection, "extend", forward ? "forward" : "backward", "word");
    }
    editCommand(host, inputType, forward ? "forwardDelete" : "delete");
    return true;
  }
  return false;
}

/** Where `text` is in `haystack`: the exact text first, else ignoring case and runs of white space. */
export function locate(haystack: string, text: string): [number, number] | null {
  const at = haystack.indexOf(text);
  if (at >= 0) return [at, at + text.length];
  const pattern = text
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\s+");
  const m = pattern ? new RegExp(pattern, "i").exec(haystack) : null;
  return m ? [m.index, m.index + m[0].length] : null;
}

/** A range over characters [start, end) of the element's text (its text nodes in document order). */
export function textRange(el: Element, start: number, end: number): Range {
  const doc = el.ownerDocument;
  const range = doc.createRange();
  const walker = doc.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let seen = 0;
  let started = false;
  let last: Text | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const length = node.data.length;
    if (!started && start <= seen + length) {
      range.setStart(node, start - seen);
      started = true;
    }
    if (started && end <= seen + length) {
      range.setEnd(node, end - seen);
      return range;
    }
    seen += length;
    last = node;
  }
  if (!started) range.selectNodeContents(el);
  else if (last) range.setEnd(last, last.data.length);
  return range;
}
