/**
 * Shows the agent's session/request_permission requests to the user as client events, and says when
 * each one is settled. The broker holds them until the user (or Stop, or the agent going away)
 * answers.
 */
import type { ClientContext } from "./context";
import { PermissionBroker } from "./permission-broker";

export function permissionPrompts(ctx: Pick<ClientContext, "state" | "dispatch">): PermissionBroker {
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
    resolved: (key, sessionId) => ctx.dispatch({ type: "permission_resolved", sessionId, key }),
  });
  return broker;
}
