/**
 * What the acting tools do to an element, as a user would: each first makes the checks a user's hand makes
 * (actionable.ts: rendered, enabled, in view, still, not covered), then sends the events a user's mouse or
 * keyboard sends to the element at that point (pointer.ts, keyboard.ts), and values go in through the native
 * setter so frameworks that track the value (React) see the change. Each returns a sentence for the agent or
 * throws an Error that says what stood in the way.
 */

import type { DropAt } from "../protocol";
import { describe } from "../roles";
import { actionPoint, checkUsable, isDisabled } from "./actionable";
import { type DragOutcome, dragBetween, dropHit } from "./drag";
import { type Box, sameBox } from "./hit-points";
import { keyTarget, pressChord, typeKeys } from "./keyboard";
import { parseChord } from "./keys";
import type { Pointer } from "./pointer";
import { isTextField, setWholeValue, takesWholeValue } from "./text-entry";

/** Longer text goes in as one insertion: a key per character would take too long and change nothing for a page. */
const KEY_BY_KEY_MAX = 256;

const label = (el: Element, ref: string) => `${describe(el)} [${ref}]`;

function boxOf(el: Element): Box {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

/** The element a user's click at the element's visible centre reaches, and a note when it is a child of it. */
function inner(el: Element, target: Element): string {
  return target === el ? "" : ` (at its ${describe(target)} <${target.tagName.toLowerCase()}>)`;
}

export async function clickElement(pointer: Pointer, el: Element, ref: string): Promise<string> {
  const what = label(el, ref);
  const hit = await actionPoint(el, what);
  pointer.click(hit.target, hit.point);
  return `Clicked ${what}${inner(el, hit.target)}.`;
}

export async function hoverElement(pointer: Pointer, el: Element, ref: string): Promise<string> {
  const what = label(el, ref);
  const hit = await actionPoint(el, what);
  pointer.moveTo(hit.target, hit.point);
  return `The mouse is over ${what}${inner(el, hit.target)}. Take a new page_snapshot to see what opened.`;
}

export async function dragElement(pointer: Pointer, el: Element, ref: string, to: Element, toRef: string, at?: DropAt): Promise<string> {
  const what = label(el, ref);
  const where = label(to, toRef);
  if (el === to) throw new Error(`${what} cannot be dragged onto itself.`);
  const source = await actionPoint(el, what);
  const before = boxOf(el);
  const dest = await actionPoint(to, where);
  // Bringing the target into view may have moved the source: then it is checked again where it is now.
  const still = sameBox(before, boxOf(el)) ? source : await actionPoint(el, what);
  const drop = at ? dropHit(to, where, at) : dest;
  const outcome: DragOutcome = dragBetween(pointer, el.ownerDocument, still, drop);
  const spot = at === undefined ? "" : typeof at === "object" ? ` at (${at.x}, ${at.y})` : ` at its ${at === "before" ? "start" : "end"}`;
  if (outcome === "refused")
    throw new Error(`Dragged ${what} over ${where}${spot}, but the page did not accept the drop there (nothing was dropped).`);
  return outcome === "dropped" ? `Dragged ${what} and dropped it on ${where}${spot}.` : `Dragged ${what} to ${where}${spot} and let go.`;
}

function checkEditable(el: Element, what: string): void {
  if (el instanceof HTMLInputElement && !isTextField(el) && !takesWholeValue(el))
    throw new Error(`${what} is not a text field (type=${(el as HTMLInputElement).type}); use click or select_option.`);
  if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.readOnly) throw new Error(`${what} is read-only.`);
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || (el instanceof HTMLElement && el.isContentEditable)))
    throw new Error(`${what} does not take text; type needs an input, a textarea or an editable element.`);
}

/** Puts `text` into a field already checked and focused. */
function enterText(el: Element, text: string): void {
  if (takesWholeValue(el)) setWholeValue(el, text);
  else if (isTextField(el)) {
    if (text.length <= KEY_BY_KEY_MAX) typeKeys(el, text);
    else {
      el.select();
      el.ownerDocument.execCommand("insertText", false, text) || typeKeys(el, text);
    }
  } else if (el instanceof HTMLElement) {
    el.ownerDocument.getSelection()?.selectAllChildren(el);
    // execCommand keeps the editor's own undo stack and input events; some editors refuse it.
    const inserted = typeof el.ownerDocument.execCommand === "function" && el.ownerDocument.execCommand("insertText", false, text);
    if (!inserted) {
      el.textContent = text;
      el.dispatchEvent(new InputEvent("input", { bubbles: true, composed: true, inputType: "insertText", data: text }));
    }
  }
  el.dispatchEvent(new Event("change", { bubbles: true }));
}

export async function typeInto(el: Element, ref: string, text: string, submit: boolean): Promise<string> {
  const what = label(el, ref);
  checkEditable(el, what);
  // Hidden or disabled is waited out with the other checks: a field may be enabled a moment later.
  await actionPoint(el, what);
  if (el instanceof HTMLElement && el.ownerDocument.activeElement !== el) el.focus({ preventScroll: true });
  enterText(el, text);
  if (!submit) return `Typed ${text.length} characters into ${what}.`;
  const did = pressChord(el, parseChord("Enter"));
  return `Typed ${text.length} characters into ${what} and pressed Enter${did}.`;
}

function findOption(el: HTMLSelectElement, what: string, value: string): HTMLOptionElement {
  const options = Array.from(el.options);
  const want = value.trim().toLowerCase();
  const text = (o: HTMLOptionElement) => (o.label || o.text).trim();
  const option =
    options.find((o) => o.value === value) ??
    options.find((o) => text(o).toLowerCase() === want) ??
    options.find((o) => o.value.toLowerCase() === want);
  if (!option) {
    const list = options
      .slice(0, 30)
      .map((o) => `"${text(o)}"${o.value !== text(o) ? ` (value "${o.value}")` : ""}`)
      .join(", ");
    throw new Error(`${what} has no option "${value}". Its options: ${list}${options.length > 30 ? ", …" : ""}.`);
  }
  if (option.disabled || isDisabled(option)) throw new Error(`The option "${text(option)}" of ${what} is disabled.`);
  return option;
}

export async function selectOption(el: Element, ref: string, value: string): Promise<string> {
  const what = label(el, ref);
  if (!(el instanceof HTMLSelectElement)) throw new Error(`${what} is not a <select>; click the option instead.`);
  const option = findOption(el, what, value);
  await actionPoint(el, what);
  el.focus({ preventScroll: true });
  if (el.multiple) option.selected = true;
  else el.value = option.value;
  el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
  return `Selected "${(option.label || option.text).trim()}" in ${what}.`;
}

/** press_key: on the ref'd element (focused first, after the checks) or on whatever has focus. */
export async function pressKey(el: Element | null, ref: string | undefined, doc: Document, key: string): Promise<string> {
  const chord = parseChord(key);
  if (el) {
    const what = label(el, ref ?? "");
    await actionPoint(el, what);
    if (el instanceof HTMLElement && doc.activeElement !== el) el.focus({ preventScroll: true });
  }
  const target = el ?? keyTarget(doc);
  const did = pressChord(target, chord);
  const now = keyTarget(doc);
  const focus = now !== target && now !== doc.body ? ` Focus is now on ${describe(now)}.` : "";
  return `Pressed ${chord.label} on ${el ? label(el, ref ?? "") : focusedName(doc, target)}${did}.${focus}`;
}

/** The focused element as press_key names it (the page itself when nothing has focus). */
export function focusedName(doc: Document, el = keyTarget(doc)): string {
  return el === doc.body || el === doc.documentElement ? "the page (nothing has focus)" : describe(el);
}

/** A checkbox, radio or switch: what the agent's value asks for. */
function wantChecked(value: string | boolean, what: string): boolean {
  if (typeof value === "boolean") return value;
  const v = value.trim().toLowerCase();
  if (["true", "checked", "on", "yes", "1"].includes(v)) return true;
  if (["false", "unchecked", "off", "no", "0", ""].includes(v)) return false;
  throw new Error(`${what} is a checkbox; give true or false, not "${value}".`);
}

function checkedState(el: Element): boolean | null {
  if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) return el.checked;
  const aria = el.getAttribute("aria-checked");
  const role = el.getAttribute("role");
  if (role && /^(checkbox|switch|radio|menuitemcheckbox|menuitemradio)$/.test(role)) return aria === "true";
  return null;
}

/** One field of fill_form: a select's option, a checkbox's state, or a text field's text. */
export async function fillField(pointer: Pointer, el: Element, ref: string, value: string | boolean): Promise<string> {
  const what = label(el, ref);
  if (el instanceof HTMLSelectElement) return selectOption(el, ref, String(value));
  const checked = checkedState(el);
  if (checked !== null) {
    const want = wantChecked(value, what);
    if (checked === want) {
      checkUsable(el, what);
      return `${what} was already ${want ? "checked" : "unchecked"}.`;
    }
    await clickElement(pointer, el, ref);
    if (checkedState(el) !== want) throw new Error(`Clicked ${what}, but it is still ${want ? "unchecked" : "checked"}.`);
    return `${want ? "Checked" : "Unchecked"} ${what}.`;
  }
  if (typeof value === "boolean") throw new Error(`${what} takes text, not ${value}.`);
  return typeInto(el, ref, value, false);
}

export function scrollPage(win: Window, el: Element | null, ref: string | undefined, direction?: "up" | "down" | "top" | "bottom"): string {
  if (el) {
    el.scrollIntoView({ block: "center" });
    return `Scrolled ${describe(el)} [${ref}] into view.`;
  }
  const doc = win.document.scrollingElement ?? win.document.documentElement;
  const page = Math.max(1, Math.round(win.innerHeight * 0.8));
  switch (direction ?? "down") {
    case "up":
      win.scrollBy(0, -page);
      break;
    case "down":
      win.scrollBy(0, page);
      break;
    case "top":
      win.scrollTo(0, 0);
      break;
    case "bottom":
      win.scrollTo(0, doc.scrollHeight);
      break;
  }
  const max = Math.max(0, doc.scrollHeight - win.innerHeight);
  return `Scrolled ${direction ?? "down"}: now at ${Math.round(win.scrollY)} of ${max} pixels.`;
}

/** The user's selection, including a selection inside a text field (which getSelection() does not show). */
export function selectionText(doc: Document): string {
  const active = doc.activeElement;
  if ((active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && active.type !== "password") {
    const { selectionStart: start, selectionEnd: end } = active;
    if (start !== null && end !== null && end > start) return active.value.slice(start, end);
  }
  return doc.getSelection()?.toString() ?? "";
}
