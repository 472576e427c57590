/**
 * e2e builds only (`wxt build --mode e2e`): the runner on a service-worker global, so tests in real
 * Chromium can call tools the way the host's tool_call will, with a consent stub that records each
 * request and gives the answer the test set.
 */
import type { HostToolCall } from "../../shared/host-protocol";
import { browserToolDeps, type ConsentAnswer, type ConsentRequest, runToolCall, type ToolOutcome } from "./index";

interface BrowserToolsTestHook {
  /** The answer every consent prompt gets. */
  answer: ConsentAnswer;
  /** Every consent request, in order. */
  consents: ConsentRequest[];
  run(call: Pick<HostToolCall, "tool" | "args">): Promise<ToolOutcome>;
}

export function exposeBrowserToolsForTests(): void {
  const hook: BrowserToolsTestHook = {
    answer: "allow_once",
    consents: [],
    run: (call) => runToolCall(call, deps),
  };
  const deps = browserToolDeps({
    agentName: "goose",
    askConsent: async (request) => {
      hook.consents.push(request);
      return hook.answer;
    },
  });
  (globalThis as unknown as { __gooseBrowserTools: BrowserToolsTestHook }).__gooseBrowserTools = hook;
}
