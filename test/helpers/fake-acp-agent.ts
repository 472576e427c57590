/**
 * The background's ACP client (ClientController and the shared reducer) against an agent played in
 * the test's own process: each request the client sends is answered by `answer` (a result, or an
 * `{ error }`), after a tick as a real agent would, with any `session/update` it sends first. For the client's decisions about when to open,
 * load and retry sessions, without a process; test/helpers/client-harness.ts runs the scripted agent.
 */
import "./dom/fake-browser";
import { ClientController } from "../../extension/background/client/controller";
import { createStore } from "../../extension/background/observable-store";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../extension/state/app";
import { HOST_PROTOCOL_VERSION, type HostHello } from "../../shared/host-protocol";
import { MemoryMeta } from "./client-harness";

export interface RpcRequest {
  method: string;
  params: Record<string, unknown>;
}

export type Answer = unknown | { error: { code: number; message: string; data?: unknown } };

/** What goose 1.52 answers initialize with (the parts the client reads). */
export const GOOSE_INIT = {
  protocolVersion: 1,
  agentInfo: { name: "goose", version: "1.52.0" },
  agentCapabilities: { loadSession: true, sessionCapabilities: { list: {}, delete: {}, close: {} } },
  authMethods: [],
};

/** Sends the client a session/update, before the answer that follows. */
export type Notify = (sessionId: string, update: Record<string, unknown>) => void;

export function fakeAgentClient(
  answer: (request: RpcRequest, notify: Notify) => Answer | Promise<Answer>,
  o: { panelsOpen?: number; meta?: MemoryMeta; hello?: Partial<HostHello> } = {},
) {
  const store = createStore<AppState, AppEvent>(initialAppState, reduceApp);
  const requests: RpcRequest[] = [];
  let panels = o.panelsOpen ?? 0;
  const meta = o.meta ?? new MemoryMeta();
  const controller: ClientController = new ClientController({
    store,
    meta,
    panelsOpen: () => panels,
    sendJsonRpc: (m) => {
      const message = m as { id?: number | string; method?: string; params?: Record<string, unknown> };
      if (message.method === undefined || message.id === undefined) return true;
      const request = { method: message.method, params: message.params ?? {} };
      requests.push(request);
      void (async () => {
        await new Promise((r) => setTimeout(r, 1));
        const notify: Notify = (sessionId, update) =>
          controller.deliver({ jsonrpc: "2.0", method: "session/update", params: { sessionId, update } } as never);
        const a = (await answer(request, notify)) as { error?: unknown } | undefined;
        const reply = a && typeof a === "object" && "error" in a ? { error: a.error } : { result: a ?? null };
        controller.deliver({ jsonrpc: "2.0", id: message.id!, ...reply } as never);
      })();
      return true;
    },
  });
  const hello: HostHello = {
    type: "hello",
    hostVersion: "t",
    protocolVersion: HOST_PROTOCOL_VERSION,
    profiles: ["goose"],
    defaultProfile: "goose",
    cwd: "/work",
    platform: "linux",
    logFile: "/dev/null",
    configFile: "/c/host.json",
    nodeVersion: "v20.0.0",
    hostPath: "/h/host.cjs",
    ...o.hello,
  };
  store.dispatch({ scope: "connection", event: { type: "connecting" } });
  store.dispatch({ scope: "connection", event: { type: "hello", hello } });
  const startAgent = () =>
    store.dispatch({
      scope: "connection",
      event: { type: "agent_status", status: { state: "running", profile: "goose", command: "goose", pid: 4242, cwd: "/work" } },
    });
  const openPanel = () => {
    panels++;
    controller.panelOpened();
  };
  return {
    store,
    controller,
    requests,
    meta,
    startAgent,
    openPanel,
    client: () => store.get().client,
    methods: () => requests.map((r) => r.method),
  };
}
