/** Turns failures from the agent or the connection into errors the panel can show with a fix. */
import type { AuthMethod } from "../../acp/schema";
import type { UiError } from "../../state/client-state";

interface RpcErrorLike {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

export function toUiError(error: unknown, what: string, authMethods: AuthMethod[] = []): UiError {
  const e = (error ?? {}) as RpcErrorLike;
  const code = typeof e.code === "number" ? e.code : undefined;
  const message = typeof e.message === "string" ? e.message : String(error);
  const data = (typeof e.data === "object" && e.data !== null ? e.data : {}) as Record<string, unknown>;
  if (code === -32000) {
    const how = authMethods.map((m) => m.description ?? m.name).filter(Boolean);
    return {
      title: "The agent needs to be set up",
      message,
      fix:
        how.length > 0
          ? `${how.join(" ")} Then press Restart.`
          : "Set up the agent's model provider (for goose: run `goose configure` in a terminal), then press Restart.",
      code,
    };
  }
  if (code === -32002) {
    return { title: "Session not found", message, fix: "It may have been deleted. Start a new session.", code };
  }
  if (data.reason === "credits_exhausted") {
    const url = typeof data.url === "string" ? ` (${data.url})` : "";
    return { title: "Out of credits", message, fix: `Add credits with your provider${url}, then try again.`, code };
  }
  if (code === undefined && /closed|connection/i.test(message)) {
    return { title: `${what} was interrupted`, message: "The agent stopped before answering.", fix: "Press Restart to start it again." };
  }
  return { title: `${what} failed`, message, ...(code !== undefined ? { code } : {}) };
}
