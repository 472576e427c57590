/**
 * find: elements by accessible name (which is the visible text for buttons, links, headings…) and/or
 * role, in the snapshot's ref space. For text, exact matches come first, whatever holds them: an element
 * whose name is the text, then the innermost element whose visible text is the text (`<div>s</div>` for
 * "s", though a button "Submit" also contains it); then elements whose name contains it. With no such match
 * at all, the innermost elements whose visible text contains it.
 */

import { accessibleName, textOf } from "./names";
import { elementLine, outlineRole } from "./outline";
import type { RefMap } from "./refs";
import { roleOf } from "./roles";
import { walkVisible } from "./walk";

export interface FindQuery {
  text?: string;
  role?: string;
  limit: number;
}

/** More matches than this are not collected (the answer only lists `limit` anyway). */
const MAX_MATCHES = 500;
/**
 * An element whose text content is longer than this (beyond the text sought) is not read for an exact
 * match: its visible text could equal the text only if nearly all of it were hidden.
 */
const EXACT_SLACK = 200;

function norm(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

/** Without any white space: a cheap test on textContent that can only miss where the visible text misses too. */
function squash(text: string): string {
  return text.replace(/\s+/g, "").toLowerCase();
}

/** Of nested matches, the innermost (a form containing the matching button is not the answer). */
function innermost(matches: Element[]): Element[] {
  return matches.filter((el) => !matches.some((other) => other !== el && el.contains(other)));
}

export function findElements(doc: Document, refs: RefMap, query: FindQuery): { lines: string[]; total: number } {
  const wanted = query.text ? norm(query.text) : null;
  const role = query.role ? query.role.trim().toLowerCase() : null;
  const exact: Element[] = [];
  const partial: Element[] = [];
  walkVisible(doc, (el) => {
    const r = outlineRole(el) ?? roleOf(el);
    if (!r || (role && r !== role) || exact.length + partial.length >= MAX_MATCHES) return true;
    if (!wanted) {
      exact.push(el);
      return true;
    }
    // By name only: a landmark's name is not all the text inside it.
    const name = norm(accessibleName(el, r));
    if (name === wanted) exact.push(el);
    else if (name.includes(wanted)) partial.push(el);
    return true;
  });
  // A name that contains the text inside one that is the text stays (a link "Main page" in the nav "Main"); one around it does not.
  const exactNamed = innermost(exact);
  const partialNamed = innermost(partial).filter((el) => !exactNamed.some((e) => el.contains(e)));
  const named = [...exactNamed, ...partialNamed];
  const found: { el: Element; plain: boolean }[] = exactNamed.map((el) => ({ el, plain: false }));
  if (wanted && !role) {
    // An element whose text is exactly the text, unless it is a named match, holds one or is inside one, or
    // is what names one (its label): that match already stands for it.
    const related = (el: Element) => named.some((n) => n === el || n.contains(el) || el.contains(n) || labels(el, n));
    for (const el of exactText(doc, wanted)) if (!related(el)) found.push({ el, plain: true });
  }
  for (const el of partialNamed) found.push({ el, plain: false });
  if (found.length === 0 && wanted && !role) for (const el of innermostContaining(doc, wanted)) found.push({ el, plain: true });
  const lines = found.slice(0, query.limit).map(({ el, plain }) => {
    const r = outlineRole(el) ?? roleOf(el);
    if (r && !plain) return elementLine(el, r, refs.refFor(el));
    const text = textOf(el);
    const shown = (text.length > 200 ? `${text.slice(0, 199)}…` : text).replace(/"/g, "'");
    return `${el.tagName.toLowerCase()} [${refs.refFor(el)}] text="${shown}"`;
  });
  return { lines, total: found.length };
}

/** Whether `el` is a label of `control` (`<label for>` or around it, or named in its aria-labelledby). */
function labels(el: Element, control: Element): boolean {
  if (el instanceof HTMLLabelElement && el.control === control) return true;
  return el.id !== "" && (control.getAttribute("aria-labelledby") ?? "").split(/\s+/).includes(el.id);
}

/** The innermost elements whose visible text is exactly `wanted`, looking only into elements whose text could hold it. */
function exactText(doc: Document, wanted: string): Element[] {
  const needle = squash(wanted);
  const hits: Element[] = [];
  walkVisible(doc, (el) => {
    if (hits.length >= MAX_MATCHES) return false;
    const content = squash(el.textContent ?? "");
    if (!content.includes(needle)) return false;
    if (content.length <= needle.length + EXACT_SLACK && norm(textOf(el)) === wanted) {
      const inner = Array.from(el.children).some((c) => norm(textOf(c)) === wanted);
      if (!inner) {
        hits.push(el);
        return false;
      }
    }
    return true;
  });
  return hits;
}

function innermostContaining(doc: Document, wanted: string): Element[] {
  const hits: Element[] = [];
  walkVisible(doc, (el) => {
    if (hits.length >= MAX_MATCHES || !norm(textOf(el)).includes(wanted)) return false;
    const childHit = Array.from(el.children).some((c) => norm(textOf(c)).includes(wanted));
    if (!childHit) hits.push(el);
    return childHit;
  });
  return hits;
}
