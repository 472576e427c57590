/**
 * Changing a text field's content the way typing does: through the native value setter (so frameworks that
 * track the value, like React, see a change), at the caret, with `beforeinput` (which an editor may cancel)
 * and `input` carrying the inputType and data a real keystroke carries.
 */
import { pageHandles } from "../page-waits";

export type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Input types that take typed text one character at a time. */
const TEXT_TYPES = new Set(["text", "email", "tel", "url", "password", "search", "number", ""]);
/** Types whose value is set whole (a date or a colour is not typed character by character). */
const WHOLE_VALUE_TYPES = new Set(["date", "time", "datetime-local", "month", "week", "color", "range"]);

export function isTextField(el: Element): el is TextField {
  return el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_TYPES.has(el.type));
}

export function takesWholeValue(el: Element): el is HTMLInputElement {
  return el instanceof HTMLInputElement && WHOLE_VALUE_TYPES.has(el.type);
}

/** Sets a control's value through the prototype's setter, bypassing a framework's own instance setter. */
function setNativeValue(el: TextField, value: string): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, "value")?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
}

/** The caret or selection, or the end for types without one (email, number). */
function selectionOf(el: TextField): [number, number] {
  try {
    if (el.selectionStart !== null && el.selectionEnd !== null) return [el.selectionStart, el.selectionEnd];
  } catch {
    // Types without selection APIs throw on access in some browsers.
  }
  return [el.value.length, el.value.length];
}

function setCaret(el: TextField, at: number): void {
  try {
    el.setSelectionRange(at, at);
  } catch {
    // No caret to place in this type.
  }
}

function fireInput(el: Element, type: "beforeinput" | "input", inputType: string, data: string | null): boolean {
  const event = new InputEvent(type, { bubbles: true, cancelable: type === "beforeinput", composed: true, inputType, data });
  return pageHandles(() => el.dispatchEvent(event));
}

/** Inserts `text` at the caret, replacing the selection, as one keystroke (or paste) would. */
export function insertText(el: TextField, text: string, inputType = "insertText"): void {
  if (!fireInput(el, "beforeinput", inputType, text)) return;
  const [start, end] = selectionOf(el);
  const value = el.value.slice(0, start) + text + el.value.slice(end);
  if (el.maxLength >= 0 && value.length > el.maxLength) return;
  setNativeValue(el, value);
  setCaret(el, start + text.length);
  fireInput(el, "input", inputType, text);
}

/** Backspace or Delete: removes the selection, or the character before or after the caret. */
export function deleteText(el: TextField, forward: boolean): void {
  const [start, end] = selectionOf(el);
  const from = start === end ? (forward ? start : Math.max(0, start - 1)) : start;
  const to = start === end ? (forward ? Math.min(el.value.length, end + 1) : end) : end;
  if (from === to) return;
  const inputType = forward ? "deleteContentForward" : "deleteContentBackward";
  if (!fireInput(el, "beforeinput", inputType, null)) return;
  setNativeValue(el, el.value.slice(0, from) + el.value.slice(to));
  setCaret(el, from);
  fireInput(el, "input", inputType, null);
}

/** Empties the field as select-all and Delete would. */
export function clearText(el: TextField): void {
  if (!el.value) return;
  try {
    el.select();
  } catch {
    // Nothing to select in this type; the value is cleared below all the same.
  }
  if (!fireInput(el, "beforeinput", "deleteContentBackward", null)) return;
  setNativeValue(el, "");
  fireInput(el, "input", "deleteContentBackward", null);
}

/** Sets the whole value of a date, time, colour or range input, with input and change. */
export function setWholeValue(el: HTMLInputElement, value: string): void {
  setNativeValue(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
}

/** Moves the caret for an arrow, Home or End key in a field that has one. */
export function moveCaret(el: TextField, key: string, extend: boolean): void {
  const [start, end] = selectionOf(el);
  const length = el.value.length;
  const to =
    key === "ArrowLeft"
      ? start === end || extend
        ? Math.max(0, start - 1)
        : start
      : key === "ArrowRight"
        ? start === end || extend
          ? Math.min(length, end + 1)
          : end
        : key === "Home"
          ? 0
          : length;
  try {
    if (extend) el.setSelectionRange(Math.min(start, to), Math.max(end, to));
    else el.setSelectionRange(to, to);
  } catch {
    // No caret in this type.
  }
}
