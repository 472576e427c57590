/**
 * Accessible names as the accessible-name spec computes them (https://www.w3.org/TR/accname-1.2/), through
 * dom-accessibility-api: no space where an inline element begins or ends (`Sub<b>mit</b>` is "Submit"),
 * CSS-hidden text left out, labels, aria-labelledby and alt text followed. A few roles the spec gives no
 * name from content (a focusable `div` with a click handler) still get their visible text, so a model can
 * tell them apart; placeholder is the last resort for fields.
 */
import { computeAccessibleName } from "dom-accessibility-api";

const MAX_NAME = 100;

/** Roles shown with their visible text when the spec gives them no name. */
const TEXT_FALLBACK = new Set(["generic", "listitem", "gridcell", "cell", "row", "option", "tab", "menuitem", "treeitem"]);

export function clean(text: string | null | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

function cap(text: string): string {
  return text.length > MAX_NAME ? `${text.slice(0, MAX_NAME - 1)}…` : text;
}

/** The element's rendered text (CSS-hidden parts excluded, block boundaries as spaces). */
export function textOf(el: Element): string {
  const rendered = (el as HTMLElement).innerText;
  return clean(typeof rendered === "string" ? rendered : el.textContent);
}

/** Whether getComputedStyle answers for ::before / ::after here (browsers do; the test DOM does not). */
const pseudoStyles = typeof navigator === "undefined" || !/HappyDOM|jsdom/i.test(navigator.userAgent);

export function accessibleName(el: Element, role: string | null): string {
  let name = "";
  try {
    name = clean(computeAccessibleName(el, { computedStyleSupportsPseudoElements: pseudoStyles }));
  } catch {
    // A page with a broken id reference or an exotic node: fall back to the text below.
  }
  if (!name && role && TEXT_FALLBACK.has(role)) name = textOf(el);
  if (!name) name = clean(el.getAttribute("placeholder"));
  return cap(name);
}
