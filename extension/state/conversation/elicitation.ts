/**
 * The agent's questions to the user (elicitation/create), as the state holds them until answered.
 * Form mode carries the restricted JSON Schema the spec allows; URL mode a link to open, with the
 * site it leads to named. https://agentclientprotocol.com/protocol/elicitation
 */
import type { CreateElicitationRequest, ElicitationSchema } from "../../acp/schema";

export interface ElicitationState {
  /** Unique per request within the client. */
  key: string;
  /** The session it is about; null for a request-scoped question. */
  sessionId: string | null;
  message: string;
  form?: ElicitationSchema;
  url?: { href: string; site: string };
}

/** Only web links are offered to open: anything else could run or read something on this computer. */
function webLink(url: string): { href: string; site: string } | null {
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? { href: u.href, site: u.host } : null;
  } catch {
    return null;
  }
}

/** The request as the state keeps it; null for a mode this client does not build (or a link it will not open). */
export function elicitationState(key: string, request: CreateElicitationRequest): ElicitationState | null {
  const sessionId = "sessionId" in request && typeof request.sessionId === "string" ? request.sessionId : null;
  const base = { key, sessionId, message: request.message };
  if (request.mode === "form" && "requestedSchema" in request) return { ...base, form: request.requestedSchema as ElicitationSchema };
  if (request.mode === "url" && "url" in request && typeof request.url === "string") {
    const url = webLink(request.url);
    return url ? { ...base, url } : null;
  }
  return null;
}
