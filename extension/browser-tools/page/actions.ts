/**
 * What the acting tools do to an element, as a user would: events in the order a real click or typing
 * produces them, and values set through the native setter so frameworks that track the value (React)
 * see the change. Each returns a sentence for the agent or throws an Error with a clear message.
 */
import { describe, roleOf, statesOf } from "./roles";
import { isVisible } from "./visibility";

function ensureOperable(el: Element, what: string): void {
  if (!isVisible(el)) throw new Error(`${what} is not visible on the page; scroll to it or take a new page_snapshot.`);
  if (statesOf(el, roleOf(el)).includes("disabled")) throw new Error(`${what} is disabled.`);
}

function center(el: Element): { clientX: number; clientY: number } {
  const r = el.getBoundingClientRect();
  return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
}

export function clickElement(el: Element, ref: string): string {
  const what = `${describe(el)} [${ref}]`;
  ensureOperable(el, what);
  el.scrollIntoView({ block: "center", inline: "center" });
  const at = { bubbles: true, cancelable: true, composed: true, button: 0, ...center(el) };
  const view = el.ownerDocument.defaultView;
  if (view?.PointerEvent) el.dispatchEvent(new view.PointerEvent("pointerdown", { ...at, pointerType: "mouse", isPrimary: true }));
  el.dispatchEvent(new MouseEvent("mousedown", at));
  if (el instanceof HTMLElement) el.focus({ preventScroll: true });
  if (view?.PointerEvent) el.dispatchEvent(new view.PointerEvent("pointerup", { ...at, pointerType: "mouse", isPrimary: true }));
  el.dispatchEvent(new MouseEvent("mouseup", at));
  // click() runs the element's default action too (follow a link, toggle a checkbox, submit a form).
  if (el instanceof HTMLElement) el.click();
  else el.dispatchEvent(new MouseEvent("click", at));
  return `Clicked ${what}.`;
}

/** Sets a form control's value the way the browser would, so value trackers see a change. */
function setNativeValue(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, "value")?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
}

const TYPEABLE = new Set([
  "text",
  "email",
  "tel",
  "url",
  "password",
  "search",
  "number",
  "date",
  "time",
  "datetime-local",
  "month",
  "week",
  "color",
  "",
]);

function pressEnter(el: Element): boolean {
  const init = { key: "Enter", code: "Enter", keyCode: 13, which: 13, bubbles: true, cancelable: true, composed: true };
  const proceed = el.dispatchEvent(new KeyboardEvent("keydown", init));
  el.dispatchEvent(new KeyboardEvent("keypress", init));
  el.dispatchEvent(new KeyboardEvent("keyup", init));
  return proceed;
}

export function typeInto(el: Element, ref: string, text: string, submit: boolean): string {
  const what = `${describe(el)} [${ref}]`;
  ensureOperable(el, what);
  el.scrollIntoView({ block: "center" });
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    if (el instanceof HTMLInputElement && !TYPEABLE.has(el.type))
      throw new Error(`${what} is not a text field (type=${el.type}); use click or select_option.`);
    if (el.readOnly) throw new Error(`${what} is read-only.`);
    el.focus();
    setNativeValue(el, text);
    el.dispatchEvent(new InputEvent("input", { bubbles: true, composed: true, inputType: "insertText", data: text }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  } else if (el instanceof HTMLElement && el.isContentEditable) {
    el.focus();
    const selection = el.ownerDocument.getSelection();
    selection?.selectAllChildren(el);
    // execCommand keeps the editor's own undo stack and input events; some editors refuse it.
    const inserted = typeof el.ownerDocument.execCommand === "function" && el.ownerDocument.execCommand("insertText", false, text);
    if (!inserted) {
      el.textContent = text;
      el.dispatchEvent(new InputEvent("input", { bubbles: true, composed: true, inputType: "insertText", data: text }));
    }
  } else {
    throw new Error(`${what} does not take text; type needs an input, a textarea or an editable element.`);
  }
  if (!submit) return `Typed ${text.length} characters into ${what}.`;
  const proceed = pressEnter(el);
  const form = (el as HTMLInputElement).form ?? null;
  // A synthetic Enter does not submit by itself; submit like the browser's implicit submission would.
  if (proceed && form) {
    form.requestSubmit();
    return `Typed ${text.length} characters into ${what} and submitted its form.`;
  }
  return `Typed ${text.length} characters into ${what} and pressed Enter.`;
}

export function selectOption(el: Element, ref: string, value: string): string {
  const what = `${describe(el)} [${ref}]`;
  if (!(el instanceof HTMLSelectElement)) throw new Error(`${what} is not a <select>; click the option instead.`);
  ensureOperable(el, what);
  const options = Array.from(el.options);
  const want = value.trim().toLowerCase();
  const option =
    options.find((o) => o.value === value) ??
    options.find((o) => (o.label || o.text).trim().toLowerCase() === want) ??
    options.find((o) => o.value.toLowerCase() === want);
  if (!option) {
    const list = options
      .slice(0, 30)
      .map((o) => `"${(o.label || o.text).trim()}"${o.value !== (o.label || o.text).trim() ? ` (value "${o.value}")` : ""}`)
      .join(", ");
    throw new Error(`${what} has no option "${value}". Its options: ${list}${options.length > 30 ? ", …" : ""}.`);
  }
  if (option.disabled) throw new Error(`The option "${option.label || option.text}" of ${what} is disabled.`);
  el.focus();
  if (el.multiple) option.selected = true;
  else el.value = option.value;
  el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
  return `Selected "${(option.label || option.text).trim()}" in ${what}.`;
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
