/**
 * find: elements by accessible name (which is the visible text for buttons, links, headings…) and/or
 * role, in the snapshot's ref space; for text alone with no such match, the innermost elements whose
 * visible text contains it.
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

function norm(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

export function findElements(doc: Document, refs: RefMap, query: FindQuery): { lines: string[]; total: number } {
  const wanted = query.text ? norm(query.text) : null;
  const role = query.role ? query.role.trim().toLowerCase() : null;
  const matches: Element[] = [];
  walkVisible(doc, (el) => {
    const r = outlineRole(el) ?? roleOf(el);
    if (!r || (role && r !== role) || matches.length >= MAX_MATCHES) return true;
    // By name only: a landmark's name is not all the text inside it.
    if (wanted && !norm(accessibleName(el, r)).includes(wanted)) return true;
    matches.push(el);
    return true;
  });
  // A form containing the matching button is not the answer: keep the innermost of nested matches.
  let found = matches.filter((el) => !matches.some((other) => other !== el && el.contains(other)));
  let plain = false;
  if (found.length === 0 && wanted && !role) {
    found = innermostContaining(doc, wanted);
    plain = true;
  }
  const lines = found.slice(0, query.limit).map((el) => {
    const r = outlineRole(el) ?? roleOf(el);
    if (r && !plain) return elementLine(el, r, refs.refFor(el));
    const text = textOf(el);
    const shown = (text.length > 200 ? `${text.slice(0, 199)}…` : text).replace(/"/g, "'");
    return `${el.tagName.toLowerCase()} [${refs.refFor(el)}] text="${shown}"`;
  });
  return { lines, total: found.length };
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
