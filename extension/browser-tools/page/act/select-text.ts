/**
 * select_text: selects text in an element as a user's drag or Shift+arrows would, so the next key (Backspace,
 * a character, Control+b in an editor) acts on it, or get_selection reads it. In a text field through its
 * selection range; anywhere else (rich text, or a page's plain text) as a Range in the document's selection,
 * with the editor focused first. The text is given as itself (its first occurrence in the element) or as
 * character offsets of the element's text; neither selects all of it.
 */

import { describe } from "../roles";
import { actionPoint } from "./actionable";
import { editingHost, locate, textRange } from "./editing";
import { isTextField } from "./text-entry";

export interface TextSpan {
  text?: string;
  start?: number;
  end?: number;
}

function quote(text: string): string {
  const t = text.replace(/\s+/g, " ");
  return `"${t.length > 80 ? `${t.slice(0, 79)}…` : t}"`;
}

/** The span asked for in `all` (the element's text), or an error naming what is there. */
function spanIn(all: string, span: TextSpan, what: string): [number, number] {
  if (span.text !== undefined) {
    const found = locate(all, span.text);
    if (!found) throw new Error(`${what} does not contain ${quote(span.text)}. Its text begins ${quote(all.slice(0, 120))}.`);
    return found;
  }
  const start = span.start ?? 0;
  const end = span.end ?? all.length;
  if (start > end || end > all.length) throw new Error(`${what} has ${all.length} characters; ${start}–${end} is not a span of them.`);
  return [start, end];
}

export async function selectText(el: Element, ref: string, span: TextSpan): Promise<string> {
  const what = `${describe(el)} [${ref}]`;
  await actionPoint(el, what);
  if (isTextField(el)) {
    const [start, end] = spanIn(el.value, span, what);
    if (el.ownerDocument.activeElement !== el) el.focus({ preventScroll: true });
    try {
      el.setSelectionRange(start, end);
    } catch {
      throw new Error(`${what} (type=${(el as HTMLInputElement).type}) has no text selection; use type to replace its value.`);
    }
    return `Selected ${quote(el.value.slice(start, end))} in ${what} (characters ${start}–${end} of ${el.value.length}).`;
  }
  const all = el.textContent ?? "";
  const [start, end] = spanIn(all, span, what);
  const host = editingHost(el);
  if (host && el.ownerDocument.activeElement !== host) host.focus({ preventScroll: true });
  const selection = el.ownerDocument.getSelection();
  if (!selection) throw new Error(`${what} is in a document without a selection.`);
  selection.removeAllRanges();
  selection.addRange(textRange(el, start, end));
  const chosen = selection.toString();
  return `Selected ${quote(chosen)} in ${what}${host ? " (the editor has focus; the next key acts on the selection)" : ""}.`;
}
