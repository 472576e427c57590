/** Turns failures from the agent or the connection into errors the panel can show with a fix. */
import type { AuthMethod } from "../../acp/schema";
import type { UiError } from "../../state/sessions/client-state";

interface RpcErrorLike {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

const GOOSE_CONFIGURE = "Run `goose configure` in a terminal and pick a model provider, then press Restart.";

/**
 * goose without a provider answers session/new with a plain internal error (-32603) whose `data` says
 * "Failed to resolve provider: …" or "Failed to resolve model: …" (its ACP server's
 * resolve_default_provider_model_config); older releases named GOOSE_PROVIDER in the message.
 */
const NO_PROVIDER = /Failed to resolve (provider|model)\b|\bGOOSE_(PROVIDER|MODEL)\b|no provider configured/i;

/** Ends with a full stop, so several join into sentences. */
function sentence(text: string | undefined): string {
  const t = (text ?? "").trim();
  return t === "" || /[.!?]$/.test(t) ? t : `${t}.`;
}

export function toUiError(error: unknown, what: string, authMethods: AuthMethod[] = []): UiError {
  const e = (error ?? {}) as RpcErrorLike;
  const code = typeof e.code === "number" ? e.code : undefined;
  const message = typeof e.message === "string" ? e.message : String(error);
  const data = (typeof e.data === "object" && e.data !== null ? e.data : {}) as Record<string, unknown>;
  if (code === -32000) {
    const how = authMethods.map((m) => sentence(m.description ?? m.name)).filter(Boolean);
    return {
      title: "The agent needs to be set up",
      message,
      fix:
        how.length > 0
          ? `${how.join(" ")} Then press Restart.`
          : "Set up the agent's model provider or sign-in (for goose: run `goose configure` in a terminal), then press Restart.",
      code,
      setup: true,
    };
  }
  const detail = typeof e.data === "string" ? e.data : message;
  if (NO_PROVIDER.test(detail)) {
    return {
      title: "goose has no model provider set up",
      message: detail,
      fix: GOOSE_CONFIGURE,
      ...(code !== undefined ? { code } : {}),
      setup: true,
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
