/**
 * page_snapshot: an outline of the page's landmarks, headings and interactive elements, each with a ref,
 * indented under the landmark it sits in; capped so a model can take it in one go.
 */
import type { RefMap } from "./refs";
import { accessibleName, controlValue, INTERACTIVE_ROLES, LANDMARK_ROLES, roleOf, statesOf } from "./roles";
import { walkVisible } from "./walk";

const MAX_VALUE = 200;
const MAX_OPTIONS = 15;

function quoted(text: string, max: number): string {
  const t = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `"${t.replace(/\s+/g, " ").replace(/"/g, "'")}"`;
}

/** The role a line shows for an element, or null when the element gets no line. */
export function outlineRole(el: Element): string | null {
  const role = roleOf(el);
  if (role && (INTERACTIVE_ROLES.has(role) || LANDMARK_ROLES.has(role) || role === "heading" || role === "alert" || role === "status")) {
    // <option>s are listed on their <select>; a form is a level only when it has content worth a level.
    if (role === "option" && el.closest("select")) return null;
    return role;
  }
  if (el.tagName === "IFRAME") return "iframe";
  const tabindex = el.getAttribute("tabindex");
  if ((tabindex !== null && Number(tabindex) >= 0) || el.hasAttribute("onclick")) return "generic";
  return null;
}

/** One element's line (without indentation): `textbox "Email" [e3] value="a@b.c" required`. */
export function elementLine(el: Element, role: string, ref: string): string {
  const name = accessibleName(el, role === "generic" ? "button" : role);
  const parts = [role];
  if (name) parts.push(quoted(name, 100));
  parts.push(`[${ref}]`);
  const value = controlValue(el);
  if (value) parts.push(`value=${quoted(value, MAX_VALUE)}`);
  if (el instanceof HTMLSelectElement) {
    const labels = Array.from(el.options, (o) => (o.label || o.text).trim()).filter(Boolean);
    const shown = labels.slice(0, MAX_OPTIONS).map((l) => quoted(l, 60));
    parts.push(`options=[${shown.join(", ")}${labels.length > MAX_OPTIONS ? `, … ${labels.length - MAX_OPTIONS} more` : ""}]`);
  }
  if (role === "link") {
    const href = el.getAttribute("href") ?? "";
    if (href && !href.startsWith("javascript:")) parts.push(`-> ${href.length > 120 ? `${href.slice(0, 119)}…` : href}`);
  }
  if (role === "iframe") parts.push("(its content is not included)");
  parts.push(...statesOf(el, role));
  return parts.join(" ");
}

export interface Outline {
  text: string;
  /** Elements listed. */
  shown: number;
  /** Elements left out by the cap. */
  omitted: number;
}

export function buildOutline(doc: Document, refs: RefMap, maxChars: number): Outline {
  const lines: string[] = [];
  let used = 0;
  let shown = 0;
  let omitted = 0;
  // Depth in the outline: how many listed landmarks enclose the element (not its DOM depth).
  const levels = new Map<Element | ShadowRoot | Document, number>();
  const levelOf = (el: Element): number => {
    for (let p: Node | null = el.parentNode; p; p = p.parentNode ?? (p as ShadowRoot).host ?? null) {
      const level = levels.get(p as Element);
      if (level !== undefined) return level;
    }
    return 0;
  };
  walkVisible(doc, (el) => {
    const role = outlineRole(el);
    if (!role) return true;
    const level = levelOf(el);
    // A ref is given only to an element that is listed; the placeholder is as long as a big ref.
    const line = `${"  ".repeat(level)}- ${elementLine(el, role, "\u0000")}`;
    // 8: room for the real ref ("e123456") and the line break.
    if (used + line.length + 8 > maxChars) omitted++;
    else {
      const withRef = line.replace("[\u0000]", `[${refs.refFor(el)}]`);
      lines.push(withRef);
      used += withRef.length + 1;
      shown++;
    }
    if (LANDMARK_ROLES.has(role)) {
      levels.set(el, level + 1);
      return true;
    }
    // Inside a control there is nothing more to operate (a select's options are on its line).
    return role === "iframe" ? false : !INTERACTIVE_ROLES.has(role) || role === "listbox";
  });
  return { text: lines.join("\n"), shown, omitted };
}
