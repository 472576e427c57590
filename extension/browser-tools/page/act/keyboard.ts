/**
 * press_key and typing: keydown, keypress and keyup with the key, code and keyCode a real key carries, then
 * what the browser itself would do for a real key, which a script's KeyboardEvent never does: Enter submits
 * the form (through its default button, as implicit submission does) or activates a link or button, Space
 * presses a button, Tab moves focus in tab order, arrows move through a select, a radio group, a caret or the
 * page, Escape cancels a modal dialog, a character goes into the focused field, and in rich text the caret,
 * the selection and deletion follow the keys (editing.ts). A handler that cancels
 * the key (preventDefault) stops all of it, as it would for a user.
 */

import { pageHandles } from "../page-waits";
import { nextInTabOrder } from "../tab-order";
import { editCommand, editingHost, editKey } from "./editing";
import { type Chord, characterKey, type KeySpec, MODIFIER_KEYS } from "./keys";
import { clearText, deleteText, insertText, isTextField, moveCaret, type TextField } from "./text-entry";

type Mods = Pick<Chord, "shift" | "ctrl" | "alt" | "meta">;
const NO_MODS: Mods = { shift: false, ctrl: false, alt: false, meta: false };

function keyEvent(el: Element, type: string, spec: KeySpec, mods: Mods): boolean {
  const charCode = type === "keypress" && spec.text ? spec.text.charCodeAt(0) : 0;
  return pageHandles(() =>
    el.dispatchEvent(
      new KeyboardEvent(type, {
        key: spec.key,
        code: spec.code,
        keyCode: type === "keypress" ? charCode : spec.keyCode,
        which: type === "keypress" ? charCode : spec.keyCode,
        charCode,
        shiftKey: mods.shift,
        ctrlKey: mods.ctrl,
        altKey: mods.alt,
        metaKey: mods.meta,
        bubbles: true,
        cancelable: true,
        composed: true,
        view: el.ownerDocument.defaultView,
      }),
    ),
  );
}

/** Where key events go: the focused element, or the body when nothing is. */
export function keyTarget(doc: Document): Element {
  let el: Element | null = doc.activeElement;
  // Focus inside an open shadow root shows on the document as its host.
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el ?? doc.body ?? doc.documentElement;
}

const BUTTON_INPUTS = new Set(["button", "submit", "reset", "checkbox", "radio", "image"]);

function isButtonLike(el: Element): el is HTMLElement {
  return (
    el instanceof HTMLButtonElement ||
    (el instanceof HTMLElement && el.tagName === "SUMMARY") ||
    (el instanceof HTMLInputElement && BUTTON_INPUTS.has(el.type))
  );
}

/** Implicit submission (HTML, "implicit submission"): the form's default button is clicked, or the form submitted when it has none. */
function submitImplicitly(field: HTMLInputElement): string {
  const form = field.form;
  if (!form) return "";
  const button = Array.from(form.elements).find(
    (e) =>
      (e instanceof HTMLButtonElement && e.type === "submit") ||
      (e instanceof HTMLInputElement && (e.type === "submit" || e.type === "image")),
  ) as HTMLElement | undefined;
  if (button) {
    if (button.matches(":disabled")) return "";
    button.click();
    return " and submitted its form";
  }
  const blocking = Array.from(form.elements).filter((e) => e instanceof HTMLInputElement && isTextField(e));
  if (blocking.length > 1) return "";
  form.requestSubmit();
  return " and submitted its form";
}

function arrowInSelect(select: HTMLSelectElement, key: string): void {
  const options = Array.from(select.options).filter((o) => !o.disabled);
  const at = options.findIndex((o) => o.selected);
  const to =
    key === "ArrowDown" || key === "ArrowRight"
      ? at + 1
      : key === "ArrowUp" || key === "ArrowLeft"
        ? at - 1
        : key === "Home"
          ? 0
          : options.length - 1;
  const next = options[Math.max(0, Math.min(options.length - 1, to))];
  if (!next || next.selected) return;
  select.value = next.value;
  select.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

function arrowInRadios(radio: HTMLInputElement, key: string): void {
  const scope = radio.form ?? radio.ownerDocument;
  const group = Array.from(scope.querySelectorAll<HTMLInputElement>(`input[type=radio]`)).filter(
    (r) => r.name === radio.name && r.form === radio.form && !r.disabled,
  );
  const at = group.indexOf(radio);
  const step = key === "ArrowDown" || key === "ArrowRight" ? 1 : -1;
  const next = group[(at + step + group.length) % group.length];
  if (!next || next === radio) return;
  next.focus();
  next.click();
}

/** What the browser does after an uncancelled keydown, and what it says it did. */
function defaultAction(el: Element, chord: Chord): string {
  const { key } = chord.key;
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  if (key === "Tab") {
    const next = nextInTabOrder(doc, el, chord.shift);
    if (!next) return "";
    next.focus();
    if (next instanceof HTMLInputElement && isTextField(next)) next.select();
    return "";
  }
  if (key === "Escape") {
    const dialog = el.closest("dialog");
    if (dialog?.open && dialog.matches(":modal") && dialog.dispatchEvent(new Event("cancel", { cancelable: true }))) dialog.close();
    return "";
  }
  if (key === "Enter") {
    if (el instanceof HTMLInputElement && isTextField(el)) return submitImplicitly(el);
    if (el instanceof HTMLAnchorElement && el.href) el.click();
    else if (isButtonLike(el) && !(el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio"))) el.click();
    return "";
  }
  const host = editingHost(el);
  if (host) {
    editKey(host, chord);
    return "";
  }
  if (isTextField(el)) {
    if (chord.ctrl || chord.meta) {
      if (key.toLowerCase() === "a") el.select();
      return "";
    }
    if (key === "Backspace" || key === "Delete") deleteText(el, key === "Delete");
    else if (/^Arrow(Left|Right)$|^Home$|^End$/.test(key)) moveCaret(el, key, chord.shift);
    return "";
  }
  if (el instanceof HTMLSelectElement && /^Arrow|^Home$|^End$/.test(key)) arrowInSelect(el, key);
  else if (el instanceof HTMLInputElement && el.type === "radio" && key.startsWith("Arrow")) arrowInRadios(el, key);
  else if (win && (el === doc.body || el === doc.documentElement)) {
    const page = win.innerHeight * 0.8;
    const by: Record<string, number> = { ArrowDown: 40, ArrowUp: -40, PageDown: page, PageUp: -page, " ": chord.shift ? -page : page };
    if (key === "Home") win.scrollTo(0, 0);
    else if (key === "End") win.scrollTo(0, doc.documentElement.scrollHeight);
    else if (by[key]) win.scrollBy(0, by[key]);
  }
  return "";
}

/** A character typed into a text field (after keypress), or a textarea's Enter. */
function typeCharacter(el: Element, spec: KeySpec): void {
  if (!spec.text) return;
  if (isTextField(el)) {
    if (spec.key === "Enter") {
      if (el instanceof HTMLTextAreaElement) insertText(el, "\n", "insertLineBreak");
      return;
    }
    insertText(el, spec.text);
  } else {
    const host = editingHost(el);
    if (!host) return;
    if (spec.key === "Enter") editCommand(host, "insertParagraph", "insertParagraph");
    else editCommand(host, "insertText", "insertText", spec.text);
  }
}

/**
 * Presses a chord on `el` (the focused element): modifiers down, the key down, keypress and the character,
 * the default action, the key up on whatever has focus then, modifiers up. Returns what happened beyond the keys.
 */
export function pressChord(el: Element, chord: Chord): string {
  const held: Mods = { ...NO_MODS };
  const mods = (["ctrl", "alt", "shift", "meta"] as const).filter((m) => chord[m]);
  for (const m of mods) {
    held[m] = true;
    keyEvent(el, "keydown", MODIFIER_KEYS[m], held);
  }
  let extra = "";
  const proceed = keyEvent(el, "keydown", chord.key, chord);
  if (proceed) {
    const types = chord.key.text !== undefined && !chord.ctrl && !chord.meta;
    // keypress fires for keys that produce a character (and Enter); cancelling it keeps the character out.
    const typed = types ? keyEvent(el, "keypress", chord.key, chord) : false;
    // Space types a space in a field or an editor; on a button it presses it (on release, below).
    if (typed && !(chord.key.key === " " && isButtonLike(el))) typeCharacter(el, chord.key);
    if (chord.key.key !== " " || !isButtonLike(el)) extra = defaultAction(el, chord);
  }
  const now = keyTarget(el.ownerDocument);
  const released = keyEvent(now, "keyup", chord.key, chord);
  // Space presses a button on release, as browsers do.
  if (proceed && released && chord.key.key === " " && isButtonLike(el) && now === el) el.click();
  for (const m of mods.reverse()) {
    held[m] = false;
    keyEvent(now, "keyup", MODIFIER_KEYS[m], held);
  }
  return extra;
}

/** Types `text` into a focused text field key by key: each character's keydown, keypress, input and keyup. */
export function typeKeys(el: TextField, text: string): void {
  clearText(el);
  for (const ch of text) {
    const spec = characterKey(ch, ch !== ch.toLowerCase());
    const mods = { ...NO_MODS, shift: spec.key !== spec.key.toLowerCase() };
    if (!keyEvent(el, "keydown", spec, mods)) continue;
    if (keyEvent(el, "keypress", spec, mods)) {
      if (ch === "\n") {
        if (el instanceof HTMLTextAreaElement) insertText(el, "\n", "insertLineBreak");
      } else insertText(el, ch);
    }
    keyEvent(el, "keyup", spec, mods);
  }
}
