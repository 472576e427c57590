/**
 * page_snapshot in one document: an outline of the page's landmarks, headings, composite widgets and
 * interactive elements, each with a ref, every element indented under the listed element it sits in (an
 * option under its listbox, a link under its tab). Nothing is capped here: the extension merges the
 * frames' outlines and hands them to the agent in windows (extension/browser-tools/frames/snapshot-window.ts); the walk
 * may stop once the first window is full and go on when the agent reads on.
 * Each iframe's line is remembered, so its frame's own outline can be put under it.
 */

import { accessibleName } from "./names";
import type { RefMap } from "./refs";
import { controlValue, INTERACTIVE_ROLES, LANDMARK_ROLES, roleOf, statesOf } from "./roles";
import { isHidden } from "./visibility";
import { renderedChildren, SKIPPED, shadowRootOf } from "./walk";

const MAX_VALUE = 200;

/** Widgets that hold items (options, menu items, tabs, tree items, cells): a level with a line of its own. */
const COMPOSITE_ROLES = new Set(["listbox", "menu", "menubar", "tablist", "tabpanel", "tree", "treegrid", "grid", "radiogroup"]);
/** Other roles worth a line: headings and live messages. */
const SHOWN_ROLES = new Set(["heading", "alert", "status"]);

function quoted(text: string, max: number): string {
  const t = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `"${t.replace(/\s+/g, " ").replace(/"/g, "'")}"`;
}

/** Controls, and what marks one: an element inside or around one of these is no control of its own. */
const CONTROLS =
  'a[href], button, input, select, textarea, summary, label, [role="button"], [role="link"], [role="checkbox"], [role="option"], [role="menuitem"], [role="tab"], [tabindex]';

/**
 * A control with no role that a page's script made clickable (an icon, a colour swatch): the page shows it
 * with the hand cursor. Only where the hand starts (the cursor is inherited), never inside or around a control.
 */
function looksClickable(el: Element): boolean {
  const win = el.ownerDocument.defaultView;
  const parent = el.parentElement;
  if (!win || !parent || el === el.ownerDocument.body || win.getComputedStyle(el).cursor !== "pointer") return false;
  if (win.getComputedStyle(parent).cursor === "pointer") return false;
  return parent.closest(CONTROLS) === null && el.querySelector(CONTROLS) === null;
}

/** The role a line shows for an element, or null when the element gets no line. */
export function outlineRole(el: Element): string | null {
  const role = roleOf(el);
  if (role && (INTERACTIVE_ROLES.has(role) || LANDMARK_ROLES.has(role) || COMPOSITE_ROLES.has(role) || SHOWN_ROLES.has(role))) return role;
  if (el.tagName === "IFRAME" || el.tagName === "FRAME") return "iframe";
  const tabindex = el.getAttribute("tabindex");
  if ((tabindex !== null && Number(tabindex) >= 0) || el.hasAttribute("onclick")) return "generic";
  if (!role && looksClickable(el)) return "generic";
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

/** What a walk stopped early has not read yet, estimated from the elements it has not reached. */
export interface Unread {
  lines: number;
  chars: number;
}

/**
 * The outline's walk, depth first in the order a user sees the page, held as an explicit stack so it can stop
 * once its lines fill a window (`run(budget)`) and go on from there later: the first window of a long page costs
 * the elements before it, not the whole page.
 */
export class OutlineWalk implements Outline {
  readonly lines: string[] = [];
  readonly frames: Outline["frames"] = [];
  /** Characters of the lines so far, each counted with its newline. */
  private chars = 0;
  /** Elements the walk has passed, a hidden subtree counted whole, and of them the ones it looked into (for the estimate). */
  private passed = 0;
  private shown = 0;
  private readonly stack: { children: Element[]; next: number; level: number }[];

  constructor(
    private readonly doc: Document,
    private readonly refs: RefMap,
  ) {
    this.stack = [{ children: renderedChildren(doc), next: 0, level: 0 }];
  }

  get done(): boolean {
    return this.stack.length === 0;
  }

  /** Walks on until the lines hold more than `budget` characters or the page ends; true when it ended. */
  run(budget = Number.POSITIVE_INFINITY): boolean {
    const stack = this.stack;
    while (stack.length > 0) {
      if (this.chars > budget) return false;
      const top = stack[stack.length - 1] as (typeof stack)[number];
      const el = top.children[top.next++];
      if (!el) {
        stack.pop();
        continue;
      }
      this.passed++;
      // An element removed since the walk stopped is no longer on the page.
      if (!el.isConnected) continue;
      if (SKIPPED.test(el.tagName) || isHidden(el)) {
        this.passed += el.getElementsByTagName("*").length;
        continue;
      }
      this.shown++;
      let inner = top.level;
      const role = outlineRole(el);
      if (role) {
        if (role === "iframe") this.frames.push({ line: this.lines.length, el });
        this.add(top.level, elementLine(el, role, this.refs.refFor(el)));
        inner++;
        if (role === "iframe") continue;
      }
      const root = shadowRootOf(el);
      // A closed shadow root is shown, and named as such: its content is not in the page's own DOM API.
      if (root && !el.shadowRoot) {
        this.add(inner, `${el.tagName.toLowerCase()} (closed shadow root)`);
        inner++;
      }
      if (root || el.firstElementChild || el.localName === "slot")
        stack.push({ children: renderedChildren(el, root), next: 0, level: inner });
    }
    return true;
  }

  /**
   * What is left after a stop, as an estimate: the elements not reached yet (in the document, not counting
   * shadow trees) at the rate of lines and characters per shown element so far. Exact (zero) once the walk is done.
   */
  unread(): Unread {
    if (this.done || this.shown === 0) return { lines: 0, chars: 0 };
    const body = this.doc.body;
    const total = body ? body.getElementsByTagName("*").length + 1 : 0;
    const rest = Math.max(0, total - this.passed);
    return { lines: Math.round((rest * this.lines.length) / this.shown), chars: Math.round((rest * this.chars) / this.shown) };
  }

  private add(level: number, text: string): void {
    const line = `${"  ".repeat(level)}- ${text}`;
    this.lines.push(line);
    this.chars += line.length + 1;
  }
}

/** The whole outline at once. */
export function buildOutline(doc: Document, refs: RefMap): Outline {
  const walk = new OutlineWalk(doc, refs);
  walk.run();
  return walk;
}
