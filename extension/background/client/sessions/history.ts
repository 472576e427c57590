/** The agent's list of past sessions (session/list), shown in the history view. */
import type { AgentConnection } from "../../../acp/agent-connection";
import { canListSessions } from "../../../state/client-reducer/selectors";
import { type ClientContext, failure } from "../context";

/** session/list pages fetched at most (50 sessions each for goose). */
const MAX_HISTORY_PAGES = 10;

export async function refreshHistory(ctx: ClientContext, conn: AgentConnection): Promise<void> {
  if (!canListSessions(ctx.state().client)) return;
  ctx.dispatch({ type: "history_loading" });
  try {
    ctx.dispatch({ type: "history_loaded", items: await conn.listSessions(MAX_HISTORY_PAGES) });
  } catch (e) {
    ctx.dispatch({ type: "history_failed", error: failure(ctx, e, "Listing sessions") });
  }
}
