/**
 * The agent's own questions about calls of our browser server, answered for the user with
 * `allow_once` (never an "always"): the user's one question about such a call is ours, asked when the
 * host serves it, because only then are the tab, the site and the element behind a ref known for sure,
 * whatever the agent calls the tool or puts in its question (docs/ARCHITECTURE.md, "One question per
 * action"). Agents that ask before MCP calls (goose in `approve` mode, Claude's adapters, codex-acp,
 * gemini-cli, opencode) would otherwise ask a second question that names only a ref.
 * Only when all of these hold, else the question is the user's as always:
 * - the browser tools are on and this session took our server (so `browser` is ours, not another);
 * - the question or its card names our server and one of our tools (state/our-call.ts);
 * - our own consent judges that call when it is served: an acting tool, or a read of one tab
 *   (`list_tabs` reads no one site, so its question stays the user's);
 * - the agent offers `allow_once`, which is the answer given.
 * A read of a site the user already let goose-browser read says so on its card (its `site`): it will
 * run without any question (browser-tools/read-allowed.ts).
 */
import { ACTING_TOOLS, BROWSER_TOOL_INPUTS, type BrowserToolName } from "../../shared/browser-tools";
import type { RequestPermissionRequest } from "../acp/schema";
import type { AppState } from "../state/app";
import { sessionTookOurServer } from "../state/browser-tools";
import { askedArguments, ourToolOf } from "../state/our-call";
import { emptyToolCalls, toolCallOf } from "../state/tool-call-map";

/** The site a read is on when it needs no question (readAllowedNow), else null. */
export type ReadAllowed = (tool: string, args: unknown) => Promise<{ site: string } | null>;

/** Whether our consent judges a call of this tool when it is served (it names a tab, or acts). */
function judgedWhenServed(tool: BrowserToolName): boolean {
  return ACTING_TOOLS.has(tool) || "tabId" in BROWSER_TOOL_INPUTS[tool];
}

/** Answered for the user: `site` when it is a read the user already allowed there; null leaves the question to the user. */
export async function questionForUs(
  state: AppState,
  request: RequestPermissionRequest,
  readAllowed: ReadAllowed,
): Promise<{ site?: string } | null> {
  const { sessionId, toolCall, options } = request;
  if (!sessionTookOurServer(state.tools, sessionId)) return null;
  if (!options.some((o) => o.kind === "allow_once")) return null;
  const card = toolCallOf(state.client.sessions[sessionId]?.toolCalls ?? emptyToolCalls, toolCall.toolCallId);
  const tool = ourToolOf(card, toolCall);
  if (!tool || !judgedWhenServed(tool)) return null;
  if (ACTING_TOOLS.has(tool)) return {};
  const args = (card && askedArguments(card)) ?? askedArguments(toolCall);
  return (args && (await readAllowed(tool, args))) ?? {};
}
