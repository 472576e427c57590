/**
 * The one kind of agent question the background answers for the user: a read of our own browser
 * server on a site the user already let goose-browser read. Agents that ask before MCP calls (goose in
 * `approve` mode asks for every call, read-only or not; Claude's adapters for every call) would
 * otherwise ask about each page read, though our own consent reads that site without a question.
 * Only when all of these hold, else the question is the user's as always:
 * - the browser tools are on and this session took our server (so `browser` is ours, not another);
 * - the card names one of our tools that is annotated `readOnlyHint` (shared/browser-tools.ts);
 * - the tab it would read is on a site the policy allows and already readable (browser-tools/read-allowed.ts);
 * - the agent offers `allow_once`, which is the answer given (never an "always").
 * The served call still passes our own checks when it runs (docs/ARCHITECTURE.md, "Browser tools").
 */
import type { RequestPermissionRequest } from "../acp/schema";
import type { AppState } from "../state/app";
import { browserToolOf, callArguments } from "../state/served-calls";
import { emptyToolCalls, toolCallOf } from "../state/tool-call-map";

/** The site a read is on when it needs no question (readAllowedNow), else null. */
export type ReadAllowed = (tool: string, args: unknown) => Promise<{ site: string } | null>;

const OUR_SERVER_IN_SESSION = new Set(["added", "offered"]);

export async function readNeedsNoQuestion(
  state: AppState,
  request: RequestPermissionRequest,
  readAllowed: ReadAllowed,
): Promise<{ site: string } | null> {
  const { sessionId, toolCall, options } = request;
  if (!state.tools.enabled || !OUR_SERVER_IN_SESSION.has(state.tools.offers[sessionId]?.outcome ?? "")) return null;
  if (!options.some((o) => o.kind === "allow_once")) return null;
  const card = toolCallOf(state.client.sessions[sessionId]?.toolCalls ?? emptyToolCalls, toolCall.toolCallId);
  const asked = {
    title: card?.title ?? toolCall.title ?? "",
    toolName: card?.toolName,
    rawInput: card?.rawInput ?? toolCall.rawInput,
  };
  const tool = browserToolOf(asked);
  return tool ? readAllowed(tool, callArguments(asked)) : null;
}
