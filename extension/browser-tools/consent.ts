/**
 * The user's consent, per site. Reading a site is backed by the browser's optional host permission for
 * its origin: granted → no question; otherwise the panel asks (and requests the permission from the
 * user's click, the only place the browser allows it). Every acting tool asks first, in plain words,
 * unless the user chose "Allow on this site" for the origin earlier in this browser session (`storage/site-grants.ts`).
 * The prompt's I/O is injected (`AskConsent`, the panel's job); the decisions here are plain logic.
 */

import type { ActConsentRequest, ConsentAnswer, ConsentRequest, ReadConsentRequest } from "../state/browser-tools/browser-tools";
import type { SiteGrants } from "../storage/site-grants";

export type {
  ActConsentRequest,
  ConsentAnswer,
  ConsentRequest,
  ConsentTab,
  ReadConsentRequest,
} from "../state/browser-tools/browser-tools";

export type AskConsent = (request: ConsentRequest) => Promise<ConsentAnswer>;

function readMessage(agent: string, site: string): string {
  return `${agent} wants to read pages on ${site}`;
}

function actMessage(agent: string, action: string, site: string): string {
  return `${agent} wants to ${action} on ${site}`;
}

/** Anything but an explicit allow (a closed prompt, a malformed answer) is a deny. */
function isAllow(answer: unknown): answer is "allow_once" | "allow_site" {
  return answer === "allow_once" || answer === "allow_site";
}

export interface ConsentDeps {
  ask: AskConsent;
  grants: SiteGrants;
  /** permissions.contains for the origin pattern. */
  hasHostAccess(originPattern: string): Promise<boolean>;
}

/** null when allowed; otherwise the tool error to return. */
export async function consentToRead(deps: ConsentDeps, request: Omit<ReadConsentRequest, "kind" | "message">): Promise<string | null> {
  if (await deps.hasHostAccess(request.originPattern)) return null;
  const answer = await deps.ask({ ...request, kind: "read", message: readMessage(request.agent, request.site) });
  if (!isAllow(answer)) return `The user denied reading ${request.site}.`;
  // The panel requested the permission on the user's click; the browser is the judge of whether it was granted.
  if (!(await deps.hasHostAccess(request.originPattern))) return `The browser did not grant access to ${request.site}.`;
  return null;
}

export async function consentToAct(deps: ConsentDeps, request: Omit<ActConsentRequest, "kind" | "message">): Promise<string | null> {
  if (await deps.grants.has(request.origin)) return null;
  const answer = await deps.ask({ ...request, kind: "act", message: actMessage(request.agent, request.action, request.site) });
  if (!isAllow(answer)) return `The user denied this: ${request.action} on ${request.site}. Nothing was changed.`;
  if (answer === "allow_site") await deps.grants.add(request.origin);
  return null;
}
