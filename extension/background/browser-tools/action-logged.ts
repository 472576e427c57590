/** The action-log event for a browser tool call that ended (state/browser-tools/action-log.ts), from the background's view of it. */
import { ACTING_TOOLS, type BrowserToolName } from "../../../shared/browser-tools";
import type { HostToolCall } from "../../../shared/host-protocol";
import type { ToolOutcome } from "../../browser-tools/results";
import type { AppState } from "../../state/app";
import { type ActionConsent, actionEntry } from "../../state/browser-tools/action-log";
import type { BrowserToolsEvent } from "../../state/browser-tools/browser-tools";

/**
 * The session is the one the host named, else the one whose card the call was bound to, else the one
 * on screen (an agent that drops the session header); null when there is none to log into.
 */
export function actionLogged(
  state: AppState,
  call: HostToolCall,
  outcome: ToolOutcome,
  how: { consent: ActionConsent | null; askedSite: string | undefined; at: number },
): BrowserToolsEvent | null {
  const record = state.tools.calls.find((c) => c.callId === call.callId);
  const sessionId = call.sessionId ?? record?.sessionId ?? state.client.activeSessionId;
  if (!sessionId) return null;
  const text = outcome.content.map((c) => (c.type === "text" ? c.text : `[${c.type}]`)).join(" ");
  const entry = actionEntry({
    callId: call.callId,
    tool: call.tool,
    acting: ACTING_TOOLS.has(call.tool as BrowserToolName),
    target: record?.target ?? null,
    askedSite: how.askedSite,
    consent: how.consent,
    ok: outcome.isError !== true,
    text,
    at: how.at,
  });
  return { type: "action_logged", sessionId, entry };
}
