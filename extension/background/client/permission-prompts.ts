/**
 * Shows the agent's session/request_permission requests to the user as client events, and says when
 * each one is settled and how. The broker holds them until the user (or Stop, or the agent going
 * away) answers. Denials are remembered with the session: agents replay a denied call as done.
 */
import type { PermissionOption, RequestPermissionRequest } from "../../acp/schema";
import type { ClientContext } from "./context";
import { PermissionBroker } from "./permission-broker";

/** Told every answer the user gave an agent's permission request (browser tools carry an allow over). */
export type PermissionAnswered = (request: RequestPermissionRequest, option: PermissionOption) => void;

export function permissionPrompts(
  ctx: Pick<ClientContext, "state" | "dispatch" | "memory">,
  answered?: PermissionAnswered,
): PermissionBroker {
  const broker: PermissionBroker = new PermissionBroker({
    requested(key, request) {
      const session = ctx.state().client.sessions[request.sessionId];
      // A request for a turn the user already stopped is answered at once; one for a session not
      // in memory still shows up when the user opens that session (goose re-sends after a load).
      if (session?.turn === "cancelling") queueMicrotask(() => broker.answer(key, null));
      ctx.dispatch({
        type: "permission_requested",
        sessionId: request.sessionId,
        key,
        toolCall: request.toolCall,
        options: request.options,
      });
    },
    resolved(key, request, option) {
      const { sessionId } = request;
      ctx.dispatch({ type: "permission_resolved", sessionId, key, optionId: option?.optionId ?? null });
      if (option) answered?.(request, option);
      const denied = ctx.state().client.sessions[sessionId]?.deniedToolCalls;
      if (denied) void ctx.memory.setDenied(sessionId, denied);
    },
  });
  return broker;
}
