/**
 * Accessible names as the accessible-name spec computes them (https://www.w3.org/TR/accname-1.2/), through
 * dom-accessibility-api: no space where an inline element begins or ends (`Sub<b>mit</b>` is "Submit"),
 * CSS-hidden text left out, labels, aria-labelledby and alt text followed. A few roles the spec gives no
 * name from content (a focusable `div` with a click handler) still get their visible text, so a model can
 * tell them apart; placeholder is the last resort for fields.
 */
import { computeAccessibleDescription, computeAccessibleName } from "dom-accessibility-api";

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

/** Roles named by their content (accname's "name from content"), for the fast path below. */
const FROM_CONTENT = new Set([
  "button",
  "link",
  "heading",
  "tab",
  "menuitem",
  "option",
  "treeitem",
  "gridcell",
  "cell",
  "checkbox",
  "radio",
  "switch",
]);

/**
 * The common case without the full computation: an element named by its content whose content is text
 * alone, with nothing that names it otherwise. Most links and buttons of a long page are this; the full
 * computation costs tens of microseconds each.
 */
function plainTextName(el: Element, role: string | null): string | null {
  if (!role || !FROM_CONTENT.has(role) || el.firstElementChild || el.shadowRoot) return null;
  if (el.hasAttribute("aria-labelledby") || el.hasAttribute("aria-label") || el.localName === "input") return null;
  // <button> and friends are also named by a <label for>; leave those to the full computation.
  if ((el as HTMLInputElement).labels?.length) return null;
  return clean(el.textContent) || null;
}

/** A tree item's or menu item's own words, without the nested items it holds (a folder is "src", not "src main.ts util.ts"). */
const NESTED_ITEMS = '[role="group"], [role="tree"], [role="menu"], ul, ol';
function ownItemText(el: Element, role: string | null): string | null {
  if ((role !== "treeitem" && role !== "menuitem") || el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby")) return null;
  if (!el.querySelector(NESTED_ITEMS)) return null;
  let text = "";
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) text += child.textContent;
      else if (child.nodeType === 1 && !(child as Element).matches(NESTED_ITEMS)) walk(child);
    }
  };
  walk(el);
  return clean(text) || null;
}

/**
 * Where an icon-only control keeps its words when nothing names it (accname already takes `title`,
 * `aria-label` and an SVG's `<title>`): a tooltip library's attribute (Bootstrap moves `title` into
 * data-bs-original-title once it shows its own), `aria-description`, the tooltip `aria-describedby` points
 * at, or the title of the icon inside.
 */
/** A name with a letter or a digit in it says something; one without is empty or an icon's glyph. */
const WORDS = /[\p{L}\p{N}]/u;

const TOOLTIP_ATTRIBUTES = ["data-tooltip", "data-tip", "data-title", "data-original-title", "data-bs-original-title", "aria-description"];

/** Roles whose icon inside may carry their words; a landmark's or a list's descendants are not its name. */
const ICON_HOLDERS = new Set(["button", "link", "generic", "menuitem", "tab", "switch", "checkbox", "radio", "option", "treeitem"]);

function tooltipText(el: Element, role: string | null): string {
  for (const attribute of TOOLTIP_ATTRIBUTES) {
    const text = clean(el.getAttribute(attribute));
    if (text) return text;
  }
  if (el.hasAttribute("aria-describedby")) {
    try {
      const described = clean(computeAccessibleDescription(el));
      if (described) return described;
    } catch {
      // A broken id reference: no description.
    }
  }
  return role && ICON_HOLDERS.has(role) ? clean(el.querySelector("[title]")?.getAttribute("title")) : "";
}

export function accessibleName(el: Element, role: string | null): string {
  const plain = plainTextName(el, role) ?? ownItemText(el, role);
  if (plain !== null && WORDS.test(plain)) return cap(plain);
  let name = "";
  try {
    name = clean(computeAccessibleName(el, { computedStyleSupportsPseudoElements: pseudoStyles }));
  } catch {
    // A page with a broken id reference or an exotic node: fall back to the text below.
  }
  if (!name && role && TEXT_FALLBACK.has(role)) name = textOf(el);
  // No words at all, or only an icon's glyph ("⚙", "×"), which says less than its tooltip.
  if (!WORDS.test(name)) name = tooltipText(el, role) || name;
  if (!name) name = clean(el.getAttribute("placeholder"));
  return cap(name);
}
