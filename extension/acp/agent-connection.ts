/**
 * The connection to one agent process, the only place the extension uses the ACP SDK at run time.
 * It is current from creation until `close()`, which the background calls as soon as that process
 * is gone. From then on it is stale: nothing it was waiting for settles any more and nothing it
 * receives is passed on. So code that awaits one of its methods simply stops when the agent is
 * replaced, and no caller ever has to ask whether an answer came from the process still running.
 *
 * Handlers are registered before anything is sent, so a session/load replay (which arrives before
 * the load response) is never missed, and only what we implement is advertised: no fs, no terminal.
 * Methods: https://agentclientprotocol.com/protocol/overview
 */

import * as acp from "@agentclientprotocol/sdk";
import type { JsonRpcMessage } from "../../shared/host-protocol";
import { ACP_PROTOCOL_VERSION, CLIENT_INFO } from "./client-info";
import { RECIPE_PARAMS_REQUEST, type RecipeParamsAnswer } from "./goose-features";
import { createJsonRpcPipe, type JsonRpcPipe } from "./jsonrpc-pipe";
import { nextTask } from "./next-task";
import type {
  AnyMessage,
  ClientConnection,
  ContentBlock,
  CreateElicitationRequest,
  CreateElicitationResponse,
  ForkSessionRequest,
  ForkSessionResponse,
  InitializeResponse,
  LoadSessionResponse,
  NewSessionResponse,
  PromptResponse,
  RequestPermissionRequest,
  RequestPermissionResponse,
  ResumeSessionResponse,
  SessionInfo,
  SessionNotification,
  SetSessionConfigOptionRequest,
  SetSessionConfigOptionResponse,
} from "./schema";
import { textChunkNotification } from "./text-chunk";

const METHOD_NOT_FOUND = -32601;
/** A session id no agent hands out: the fork probe must never fork a real session. */
const FORK_PROBE_SESSION = "goose-browser/fork-probe";

export interface AgentHandlers {
  /** Writes one message to the agent (through the host). */
  send(message: AnyMessage): void;
  /** Called synchronously in arrival order (the reducer depends on order), only while current. */
  onUpdate(notification: SessionNotification): void;
  /** Resolves when the user answers; `signal` aborts on $/cancel_request or connection loss. */
  onPermission(request: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse>;
  /** The agent asks the user (form or URL); resolves with their answer, the same way as a permission. */
  onElicitation(request: CreateElicitationRequest, signal: AbortSignal): Promise<CreateElicitationResponse>;
  /** A URL elicitation the agent says is complete (the user finished it in the browser). */
  onElicitationComplete(elicitationId: string): void;
  /** goose asks a recipe's parameters while it starts a session from it (goose-features.ts). */
  onRecipeParams?(params: unknown): Promise<RecipeParamsAnswer>;
}

const FS_LINE_TOO_LONG = (method: string) =>
  `${method}: the request is over 1 MiB, more than goose-browser's helper reads (it serves text files up to 1000 KiB); nothing was read or written`;

export class AgentConnection {
  private readonly sdk: ClientConnection;
  private readonly pipe: JsonRpcPipe;
  private current = true;
  /** Messages were given to the SDK in this task: it may not have handled them yet. */
  private sdkBusy = false;
  private markClosed!: () => void;
  /** Resolves when this connection goes stale: what was started on it will not finish. */
  readonly closed = new Promise<void>((resolve) => (this.markClosed = resolve));

  constructor(private readonly handlers: AgentHandlers) {
    this.pipe = createJsonRpcPipe(handlers.send);
    this.sdk = acp
      .client({ name: CLIENT_INFO.name })
      // Nothing is dispatched after close: the pipe takes no more and the SDK drops what it queued.
      .onNotification(acp.methods.client.session.update, ({ params }) => handlers.onUpdate(params))
      .onRequest(acp.methods.client.session.requestPermission, ({ params, signal }) => handlers.onPermission(params, signal))
      .onRequest(acp.methods.client.elicitation.create, ({ params, signal }) => handlers.onElicitation(params, signal))
      .onNotification(acp.methods.client.elicitation.complete, ({ params }) => handlers.onElicitationComplete(params.elicitationId))
      // Everything we did not advertise (fs, terminal, agent extensions) is refused; goose's recipe
      // parameters, which initialize opts into, are asked of the user.
      .onRequest("*", ({ method, params }) => {
        if (method === RECIPE_PARAMS_REQUEST && handlers.onRecipeParams) return handlers.onRecipeParams(params);
        // The host answers fs/* itself (docs/ARCHITECTURE.md, "The agent's files"): one reaches the browser
        // only when its line was past the native port's 1 MiB, which the host passes on in chunks unread.
        if (method.startsWith("fs/")) throw new acp.RequestError(-32602, FS_LINE_TOO_LONG(method));
        throw acp.RequestError.methodNotFound(method);
      })
      .onNotification("*", () => {})
      .connect(this.pipe.stream);
  }

  /**
   * A message from this agent (through the host), in arrival order. A text chunk is read by hand and
   * handed on at once (text-chunk.ts) while the SDK has nothing in hand; everything else, and a text
   * chunk that comes after messages given to the SDK in the same task, goes through the SDK, which
   * handles its messages in order in promise reactions after this returns. By the next task it (and
   * whoever awaited its answers) is done with them, and text chunks take the short way again. So the
   * handlers see the agent's order, and no message ever waits for a task of its own: a batch full of
   * tool calls costs what it would through the SDK alone, a batch of text far less.
   */
  deliver(message: JsonRpcMessage): void {
    if (!this.sdkBusy) {
      const chunk = textChunkNotification(message);
      if (chunk) {
        if (this.current) this.handlers.onUpdate(chunk);
        return;
      }
      this.sdkBusy = true;
      nextTask(() => {
        this.sdkBusy = false;
      });
    }
    this.pipe.deliver(message);
  }

  /** The process is gone or replaced: goes stale first, then fails the SDK's pending requests (unseen). */
  close(reason: string): void {
    if (!this.current) return;
    this.current = false;
    this.markClosed();
    this.pipe.close();
    this.sdk.close(new Error(reason));
  }

  /** Settles as `promise` does if this connection is still current then; otherwise never. */
  whileCurrent<T>(promise: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      promise.then(
        (value) => this.current && resolve(value),
        (error: unknown) => this.current && reject(error),
      );
    });
  }

  initialize(timeoutMs: number): Promise<InitializeResponse> {
    const answer = this.sdk.agent.request(acp.methods.agent.initialize, {
      protocolVersion: ACP_PROTOCOL_VERSION,
      clientCapabilities: {
        fs: { readTextFile: false, writeTextFile: false },
        terminal: false,
        // Boolean config options are rendered as switches; notices and compactions are shown in the
        // transcript (client-reducer/notices.ts).
        session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
        // Both modes are built: a form rendered and checked in the panel, a link the user opens.
        elicitation: { form: {}, url: {} },
        // goose asks us a recipe's parameters (goose-features.ts); without this it refuses a recipe that has any.
        _meta: { goose: { recipeParameterRequests: true } },
      },
      clientInfo: { ...CLIENT_INFO },
      // goose: run shell tools with the user's login-shell PATH (the browser's is minimal).
      _meta: { "goose/useLoginShellPath": true },
    });
    return this.whileCurrent(withTimeout(answer, timeoutMs, "initialize"));
  }

  /** `meta`: the agent's own options (goose's `recipeDeeplink` or `recipeId`). */
  newSession(cwd: string, meta?: Record<string, unknown>): Promise<NewSessionResponse> {
    const params = { cwd, mcpServers: [], ...(meta ? { _meta: meta } : {}) };
    return this.whileCurrent(this.sdk.agent.request(acp.methods.agent.session.new, params));
  }

  /** Resolves once the replay (sent as session/update notifications before the answer) is complete. */
  async loadSession(sessionId: string, cwd: string): Promise<LoadSessionResponse> {
    const answer = await this.whileCurrent(this.sdk.agent.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: [] }));
    return answer ?? {};
  }

  /** Every page of session/list, up to `maxPages`. */
  async listSessions(maxPages: number): Promise<SessionInfo[]> {
    const items: SessionInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const r = await this.whileCurrent(this.sdk.agent.request(acp.methods.agent.session.list, cursor ? { cursor } : {}));
      items.push(...r.sessions);
      cursor = r.nextCursor ?? undefined;
      if (!cursor) break;
    }
    return items;
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.whileCurrent(this.sdk.agent.request(acp.methods.agent.session.delete, { sessionId }));
  }

  /** Reopens a session this agent still holds, without a replay (sessionCapabilities.resume). */
  async resumeSession(sessionId: string, cwd: string): Promise<ResumeSessionResponse> {
    const answer = await this.whileCurrent(this.sdk.agent.request(acp.methods.agent.session.resume, { sessionId, cwd, mcpServers: [] }));
    return answer ?? {};
  }

  /** Frees the agent's hold on a session (sessionCapabilities.close); it stays in the agent's history. */
  async closeSession(sessionId: string): Promise<void> {
    await this.whileCurrent(this.sdk.agent.request(acp.methods.agent.session.close, { sessionId }));
  }

  /**
   * A new session holding a copy of `sessionId`'s whole history (sessionCapabilities.fork, unstable:
   * the SDK neither types nor checks its answer, so the new session's id is checked here).
   */
  /** `meta`: the agent's own fork options (goose's `conversationBefore`, background/client/forks/fork.ts). */
  async forkSession(sessionId: string, cwd: string, meta?: Record<string, unknown>): Promise<ForkSessionResponse> {
    const params: ForkSessionRequest = { sessionId, cwd, mcpServers: [], ...(meta ? { _meta: meta } : {}) };
    const answer = await this.whileCurrent(this.sdk.agent.request<ForkSessionResponse, ForkSessionRequest>("session/fork", params));
    if (typeof answer?.sessionId !== "string" || answer.sessionId === "") throw new Error("The agent's fork answer names no session.");
    return answer;
  }

  /**
   * Whether the agent serves session/fork though it does not advertise it (goose 1.50 to 1.52 at
   * least). Asks for a fork of a session that cannot exist, without the `cwd` the schema requires,
   * so no agent can make one: an agent without the method answers -32601 (JSON-RPC 2.0, "Method not
   * found"); goose answers -32602 for the missing field. Any other answer means it is served.
   */
  async servesFork(): Promise<boolean> {
    try {
      await this.whileCurrent(this.sdk.agent.request("session/fork", { sessionId: FORK_PROBE_SESSION, mcpServers: [] }));
      return true;
    } catch (e) {
      return (e as { code?: unknown } | null)?.code !== METHOD_NOT_FOUND;
    }
  }

  /** Resolves when the turn ends; no timeout, a turn can take minutes. */
  prompt(sessionId: string, prompt: ContentBlock[]): Promise<PromptResponse> {
    return this.whileCurrent(this.sdk.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt }));
  }

  /**
   * goose's steer: adds `prompt` to the run `runId` of the session (goose checks it is still the
   * running one). Answers the id goose gives the message, which its later echo carries.
   */
  async gooseSteer(sessionId: string, runId: string, prompt: ContentBlock[]): Promise<{ messageId?: string }> {
    const answer = await this.whileCurrent(
      this.sdk.agent.request<unknown>("_goose/unstable/session/steer", { sessionId, expectedRunId: runId, prompt }),
    );
    const messageId = (answer as { messageId?: unknown } | null)?.messageId;
    return typeof messageId === "string" ? { messageId } : {};
  }

  /**
   * `_session/steering` (claude-agent-acp, codex-acp; advertised as `_meta.steering.supported`): adds
   * `prompt` to the running turn. `idleBehavior: "promptRequired"` asks an agent whose turn already
   * ended to say so rather than start a turn of its own, so the message goes out as a prompt.
   * Answers the outcome as the agent names it ("injected", "startedNewTurn", "promptRequired", "failed").
   */
  async sessionSteering(sessionId: string, prompt: ContentBlock[]): Promise<string> {
    const params = { sessionId, prompt, _meta: { steering: { idleBehavior: "promptRequired" } } };
    const answer = await this.whileCurrent(this.sdk.agent.request<unknown>("_session/steering", params));
    const outcome = (answer as { outcome?: unknown } | null)?.outcome;
    return typeof outcome === "string" ? outcome : "failed";
  }

  /**
   * An agent's own method outside ACP's schema (`_goose/…`): the SDK checks nothing of it, so its
   * typed caller (goose-sessions.ts) reads the answer.
   */
  extRequest(method: string, params: Record<string, unknown>): Promise<unknown> {
    return this.whileCurrent(this.sdk.agent.request<unknown>(method, params));
  }

  /** A notification: the turn's own answer says how it ended. */
  cancel(sessionId: string): Promise<void> {
    return this.whileCurrent(this.sdk.agent.notify(acp.methods.agent.session.cancel, { sessionId }));
  }

  setConfigOption(sessionId: string, configId: string, value: string | boolean): Promise<SetSessionConfigOptionResponse> {
    const params: SetSessionConfigOptionRequest =
      typeof value === "boolean" ? { sessionId, configId, type: "boolean", value } : { sessionId, configId, value };
    return this.whileCurrent(this.sdk.agent.request(acp.methods.agent.session.setConfigOption, params));
  }

  async setMode(sessionId: string, modeId: string): Promise<void> {
    await this.whileCurrent(this.sdk.agent.request(acp.methods.agent.session.setMode, { sessionId, modeId }));
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${what} got no answer within ${ms / 1000} s`)), ms);
    p.then(resolve, reject).finally(() => clearTimeout(t));
  });
}
