/**
 * Shows the agent's session/request_permission requests to the user as client events, and says when
 * each one is settled and how. The broker holds them until the user (or Stop, or the agent going
 * away) answers; the one kind answered for the user, about a call of our own browser server that our
 * consent judges when it runs, is marked on its card instead (`needsNoQuestion`). Denials are remembered with the session: agents replay a
 * denied call as done.
 */
import type { PermissionOption, RequestPermissionRequest } from "../../../acp/schema";
import type { ClientContext } from "../context";
import { PermissionBroker } from "./permission-broker";

/** Told every answer the user gave an agent's permission request (browser tools carry an allow over). */
export type PermissionAnswered = (request: RequestPermissionRequest, option: PermissionOption) => void;

/**
 * A question answered for the user (background/browser-tools/our-questions.ts): `site` when it is a read the user
 * already allowed there; null leaves it to the user.
 */
export type NeedsNoQuestion = (request: RequestPermissionRequest) => Promise<{ site?: string } | null>;

export function permissionPrompts(
  ctx: Pick<ClientContext, "state" | "dispatch" | "memory">,
  answered?: PermissionAnswered,
  needsNoQuestion?: NeedsNoQuestion,
): PermissionBroker {
  const show = (key: string, request: RequestPermissionRequest) => {
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
  };
  // Answered for the user: not the user's consent, so no allow is carried to the served call.
  const forUser = new Set<string>();
  const broker: PermissionBroker = new PermissionBroker({
    requested(key, request) {
      if (!needsNoQuestion) return show(key, request);
      void needsNoQuestion(request)
        .catch(() => null)
        .then((allowed) => {
          // Stopped while the tab was looked up: nothing to show or answer.
          if (!broker.has(key)) return;
          if (!allowed) return show(key, request);
          forUser.add(key);
          if (!broker.allowOnceForUser(key)) {
            forUser.delete(key);
            return show(key, request);
          }
          const { sessionId, toolCall } = request;
          ctx.dispatch({ type: "permission_auto_allowed", sessionId, toolCall, ...(allowed.site ? { site: allowed.site } : {}) });
        });
    },
    resolved(key, request, option) {
      const { sessionId } = request;
      ctx.dispatch({ type: "permission_resolved", sessionId, key, optionId: option?.optionId ?? null });
      if (option && !forUser.delete(key)) answered?.(request, option);
      const denied = ctx.state().client.sessions[sessionId]?.deniedToolCalls;
      if (denied) void ctx.memory.setDenied(sessionId, denied);
    },
  });
  return broker;
}
