/**
 * page_snapshot in one document: an outline of the page's landmarks, headings, composite widgets and
 * interactive elements, each with a ref, every element indented under the listed element it sits in (an
 * option under its listbox, a link under its tab). Nothing is capped here: the extension merges the
 * frames' outlines and hands them to the agent in windows (extension/browser-tools/snapshot-window.ts).
 * Each iframe's line is remembered, so its frame's own outline can be put under it.
 */

import { accessibleName } from "./names";
import type { RefMap } from "./refs";
import { controlValue, INTERACTIVE_ROLES, LANDMARK_ROLES, roleOf, statesOf } from "./roles";
import { isHidden } from "./visibility";
import { renderedChildren, shadowRootOf } from "./walk";

const MAX_VALUE = 200;

/** Widgets that hold items (options, menu items, tabs, tree items, cells): a level with a line of its own. */
const COMPOSITE_ROLES = new Set(["listbox", "menu", "menubar", "tablist", "tabpanel", "tree", "treegrid", "grid", "radiogroup"]);
/** Other roles worth a line: headings and live messages. */
const SHOWN_ROLES = new Set(["heading", "alert", "status"]);

function quoted(text: string, max: number): string {
  const t = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `"${t.replace(/\s+/g, " ").replace(/"/g, "'")}"`;
}

/** The role a line shows for an element, or null when the element gets no line. */
export function outlineRole(el: Element): string | null {
  const role = roleOf(el);
  if (role && (INTERACTIVE_ROLES.has(role) || LANDMARK_ROLES.has(role) || COMPOSITE_ROLES.has(role) || SHOWN_ROLES.has(role))) return role;
  if (el.tagName === "IFRAME" || el.tagName === "FRAME") return "iframe";
  const tabindex = el.getAttribute("tabindex");
  if ((tabindex !== null && Number(tabindex) >= 0) || el.hasAttribute("onclick")) return "generic";
  return null;
}

/** One element's line (without indentation): `textbox "Email" [e3] value="a@b.c" required`. */
export function elementLine(el: Element, role: string, ref: string): string {
  const name = role === "iframe" ? el.getAttribute("title") || el.getAttribute("name") || "" : accessibleName(el, role);
  const parts = [role];
  if (name) parts.push(quoted(name, 100));
  parts.push(`[${ref}]`);
  const value = role === "option" ? null : controlValue(el);
  if (value) parts.push(`value=${quoted(value, MAX_VALUE)}`);
  if (role === "link") {
    const href = el.getAttribute("href") ?? "";
    if (href && !href.startsWith("javascript:")) parts.push(`-> ${href.length > 120 ? `${href.slice(0, 119)}…` : href}`);
  }
  if (el instanceof HTMLSelectElement) parts.push(`(${el.options.length} options)`);
  parts.push(...statesOf(el, role));
  return parts.join(" ");
}

export interface Outline {
  /** One line per listed element, indented two spaces per level. */
  lines: string[];
  /** The iframe elements listed, by the index of their line. */
  frames: { line: number; el: Element }[];
}

export function buildOutline(doc: Document, refs: RefMap): Outline {
  const lines: string[] = [];
  const frames: Outline["frames"] = [];
  const add = (level: number, text: string) => lines.push(`${"  ".repeat(level)}- ${text}`);

  const walk = (parent: Element | Document, level: number, shadow: ShadowRoot | null): void => {
    for (const el of renderedChildren(parent, shadow)) {
      if (/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|HEAD)$/.test(el.tagName) || isHidden(el)) continue;
      const role = outlineRole(el);
      let inner = level;
      if (role) {
        if (role === "iframe") frames.push({ line: lines.length, el });
        add(level, elementLine(el, role, refs.refFor(el)));
        inner = level + 1;
        if (role === "iframe") continue;
      }
      const root = shadowRootOf(el);
      // A closed shadow root is shown, and named as such: its content is not in the page's own DOM API.
      if (root && !el.shadowRoot) {
        add(inner, `${el.tagName.toLowerCase()} (closed shadow root)`);
        inner++;
      }
      if (root || el.firstElementChild || el.localName === "slot") walk(el, inner, root);
    }
  };
  walk(doc, 0, null);
  return { lines, frames };
}
