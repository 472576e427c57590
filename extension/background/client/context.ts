/**
 * What every job of the ACP client works with: the state, the events it may cause, the little it
 * remembers about sessions, the pending permission requests and questions, and what the agent holds. Jobs get the agent connection
 * they run on as a separate argument: everything they await on it stops if that agent goes away.
 */
import type { RecipeParamsAnswer } from "../../acp/goose-features";
import type { AppState } from "../../state/app";
import type { ClientEvent, UiError } from "../../state/sessions/client-state";
import type { JoinedPrompts } from "./joined-prompts";
import type { ElicitationBroker } from "./questions/elicitation-broker";
import type { PermissionBroker } from "./questions/permission-broker";
import type { HeldSessions } from "./sessions/held-sessions";
import type { SessionMemory } from "./sessions/session-memory";
import { toUiError } from "./ui-error";

export interface ClientContext {
  state(): AppState;
  dispatch(event: ClientEvent): void;
  memory: SessionMemory;
  permissions: PermissionBroker;
  elicitations: ElicitationBroker;
  /** The sessions the running agent holds for us, and the transcripts parked for a resume. */
  held: HeldSessions;
  /** Settles when the message queue as it is now is stored (background/persistence/queue-persistence.ts). */
  flushQueue(): Promise<void>;
  /** Prompts that joined a running turn (steered by a second session/prompt). */
  joined: JoinedPrompts;
  /** Settles when the session has no turn running (or is gone). */
  untilIdle(sessionId: string): Promise<void>;
  /** Settles once the host has said how the session took the browser tools the user turned on, or after a bound. */
  untilToolsSettled(sessionId: string): Promise<void>;
  /** The folder the user chose for new sessions, which goose's sessions can move to without a restart. */
  chosenCwd?(): string | undefined;
  /** goose asks a recipe's parameters (goose/goose-features.ts sets it); none: the request is cancelled. */
  recipeParams?(params: unknown): Promise<RecipeParamsAnswer>;
  /** A session/new or session/load answered: its `_meta` (goose's extension report) for goose/goose-features.ts. */
  sessionStarted?(sessionId: string, meta: Record<string, unknown> | null | undefined): void;
}

/** A failure as the panel shows it, with the agent's own setup instructions when it needs auth. */
export function failure(ctx: ClientContext, error: unknown, what: string): UiError {
  return toUiError(error, what, ctx.state().client.agent.authMethods);
}
