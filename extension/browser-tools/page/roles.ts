/**
 * Roles and states, enough for a model to tell elements apart: explicit `role` first, then the implicit
 * roles of HTML elements (https://www.w3.org/TR/html-aam-1.0/), which, unlike dom-accessibility-api's
 * getRole, keep a password field a textbox and give header, footer, section and form their landmark
 * roles only where HTML-AAM does. Names are in names.ts.
 */
import { accessibleName, clean } from "./names";

const TEXT_INPUTS = new Set(["text", "email", "tel", "url", "password", ""]);
const BUTTON_INPUTS = new Set(["submit", "reset", "button", "image"]);

/** Roles a user can operate: they always get a ref and a line in the snapshot. */
export const INTERACTIVE_ROLES = new Set([
  "button",
  "link",
  "checkbox",
  "radio",
  "switch",
  "tab",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "option",
  "textbox",
  "searchbox",
  "combobox",
  "listbox",
  "slider",
  "spinbutton",
  "treeitem",
  "gridcell",
]);

/** Roles that structure the page: shown as outline levels. */
export const LANDMARK_ROLES = new Set([
  "banner",
  "navigation",
  "main",
  "complementary",
  "contentinfo",
  "search",
  "form",
  "region",
  "dialog",
  "alertdialog",
]);

function hasSectioningAncestor(el: Element): boolean {
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (/^(ARTICLE|ASIDE|MAIN|NAV|SECTION)$/.test(p.tagName)) return true;
  }
  return false;
}

function implicitRole(el: Element): string | null {
  const tag = el.tagName.toLowerCase();
  switch (tag) {
    case "a":
    case "area":
      return el.hasAttribute("href") ? "link" : null;
    case "button":
    case "summary":
      return "button";
    case "input": {
      const type = (el.getAttribute("type") ?? "").toLowerCase();
      if (type === "checkbox") return "checkbox";
      if (type === "radio") return "radio";
      if (type === "range") return "slider";
      if (type === "number") return "spinbutton";
      if (type === "search") return el.hasAttribute("list") ? "combobox" : "searchbox";
      if (BUTTON_INPUTS.has(type)) return "button";
      if (TEXT_INPUTS.has(type)) return el.hasAttribute("list") ? "combobox" : "textbox";
      return type === "hidden" ? null : "textbox";
    }
    case "select":
      return (el as HTMLSelectElement).multiple || (el as HTMLSelectElement).size > 1 ? "listbox" : "combobox";
    case "textarea":
      return "textbox";
    case "option":
      return "option";
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6":
      return "heading";
    case "nav":
      return "navigation";
    case "main":
      return "main";
    case "aside":
      return "complementary";
    case "header":
      return hasSectioningAncestor(el) ? null : "banner";
    case "footer":
      return hasSectioningAncestor(el) ? null : "contentinfo";
    case "form":
      return "form";
    case "search":
      return "search";
    case "section":
      return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") ? "region" : null;
    case "dialog":
      return "dialog";
    case "img":
      return el.getAttribute("alt") === "" ? null : "img";
    case "ul":
    case "ol":
      return "list";
    case "li":
      return "listitem";
    case "table":
      return "table";
    case "fieldset":
    case "details":
      return "group";
    default:
      return (el as HTMLElement).isContentEditable && !(el.parentElement as HTMLElement | null)?.isContentEditable ? "textbox" : null;
  }
}

export function roleOf(el: Element): string | null {
  const explicit = el.getAttribute("role")?.trim().split(/\s+/)[0];
  if (explicit && explicit !== "none" && explicit !== "presentation") return explicit;
  if (explicit) return null;
  return implicitRole(el);
}

/** The value a user would see in a form control; never a password. */
export function controlValue(el: Element): string | null {
  if (el instanceof HTMLInputElement) {
    const type = el.type;
    if (type === "password") return el.value ? "(hidden)" : null;
    if (type === "checkbox" || type === "radio" || BUTTON_INPUTS.has(type) || type === "file") return null;
    return el.value;
  }
  if (el instanceof HTMLTextAreaElement) return el.value;
  if (el instanceof HTMLSelectElement) {
    const chosen = Array.from(el.selectedOptions, (o) => clean(o.label || o.text));
    return chosen.join(", ");
  }
  const now = el.getAttribute("aria-valuetext") ?? el.getAttribute("aria-valuenow");
  if (now !== null) return now;
  if ((el as HTMLElement).isContentEditable) return clean((el as HTMLElement).innerText ?? el.textContent);
  return null;
}

/** States worth telling a model: checked, disabled, expanded, selected, pressed, required, readonly; heading level. */
export function statesOf(el: Element, role: string | null): string[] {
  const states: string[] = [];
  const aria = (name: string) => el.getAttribute(`aria-${name}`);
  if (role === "heading") {
    const level = /^H([1-6])$/.exec(el.tagName)?.[1] ?? aria("level");
    if (level) states.push(`level=${level}`);
  }
  const checkable = el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio");
  if (checkable ? (el as HTMLInputElement).checked : aria("checked") === "true") states.push("checked");
  if (checkable && (el as HTMLInputElement).indeterminate) states.push("mixed");
  if (aria("checked") === "mixed") states.push("mixed");
  if ((el as HTMLButtonElement).disabled === true || aria("disabled") === "true" || el.closest("fieldset:disabled") !== null)
    states.push("disabled");
  const expanded =
    aria("expanded") ?? (el.tagName === "SUMMARY" ? String((el.parentElement as HTMLDetailsElement | null)?.open ?? false) : null);
  if (expanded === "true") states.push("expanded");
  if (expanded === "false") states.push("collapsed");
  if (el instanceof HTMLOptionElement ? el.selected : aria("selected") === "true") states.push("selected");
  if (aria("pressed") === "true") states.push("pressed");
  if ((el as HTMLInputElement).required === true || aria("required") === "true") states.push("required");
  if ((el as HTMLInputElement).readOnly === true || aria("readonly") === "true") states.push("readonly");
  return states;
}

/** One line for an element: `button "Submit" disabled`, used in snapshots, find results and consent prompts. */
export function describe(el: Element): string {
  const role = roleOf(el) ?? el.tagName.toLowerCase();
  const name = accessibleName(el, role);
  return name ? `${role} "${name.replace(/"/g, "'")}"` : role;
}
