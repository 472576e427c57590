/**
 * The ACP client on the background's side of the native port, built on the official SDK. It
 * registers its handlers before anything is sent (so a session/load replay, which arrives before
 * the load response, is never missed) and advertises only what it implements: no fs, no terminal.
 */

import type {
  AnyMessage,
  ClientConnection,
  InitializeResponse,
  RequestPermissionRequest,
  RequestPermissionResponse,
  SessionNotification,
} from "@agentclientprotocol/sdk";
import * as acp from "@agentclientprotocol/sdk";
import type { JsonRpcMessage } from "../../shared/host-protocol";
import { createJsonRpcPipe, type JsonRpcPipe } from "./jsonrpc-stream";

export const CLIENT_INFO = { name: "goose-browser", title: "goose for the browser", version: "0.1.0" } as const;

export interface AcpClientHandlers {
  send(message: AnyMessage): void;
  /** Called synchronously in arrival order: the reducer depends on order. */
  onUpdate(notification: SessionNotification): void;
  /** Resolves when the user answers; `signal` aborts on $/cancel_request or connection loss. */
  onPermission(request: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse>;
}

export class AcpClient {
  readonly connection: ClientConnection;
  private readonly pipe: JsonRpcPipe;

  constructor(handlers: AcpClientHandlers) {
    this.pipe = createJsonRpcPipe(handlers.send);
    this.connection = acp
      .client({ name: CLIENT_INFO.name })
      .onNotification(acp.methods.client.session.update, ({ params }) => handlers.onUpdate(params))
      .onRequest(acp.methods.client.session.requestPermission, ({ params, signal }) => handlers.onPermission(params, signal))
      // Everything we did not advertise (fs, terminal, elicitation, agent extensions) is refused.
      .onRequest("*", ({ method }) => {
        throw acp.RequestError.methodNotFound(method);
      })
      .onNotification("*", () => {})
      .connect(this.pipe.stream);
  }

  get agent(): ClientConnection["agent"] {
    return this.connection.agent;
  }

  deliver(message: JsonRpcMessage): void {
    this.pipe.deliver(message);
  }

  initialize(): Promise<InitializeResponse> {
    return this.agent.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      // Only what we implement: no file system, no terminal; boolean config options are rendered.
      clientCapabilities: {
        fs: { readTextFile: false, writeTextFile: false },
        terminal: false,
        session: { configOptions: { boolean: {} } },
      },
      clientInfo: { ...CLIENT_INFO },
      // goose: run shell tools with the user's login-shell PATH (the browser's is minimal).
      _meta: { "goose/useLoginShellPath": true },
    });
  }

  /** Fails every pending request: the agent is gone. */
  close(reason: string): void {
    this.pipe.close();
    this.connection.close(new Error(reason));
  }
}
