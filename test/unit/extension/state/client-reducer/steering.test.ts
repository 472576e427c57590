/** When a message can join the running turn, as the agent says (extension/state/client-reducer/steering.ts). */
import { describe, expect, it } from "vitest";
import type { AgentCapabilities } from "../../../../../extension/acp/schema";
import { initialClientState } from "../../../../../extension/state/client-reducer/initial-state";
import { steerWay } from "../../../../../extension/state/client-reducer/steering";
import type { ClientEvent } from "../../../../../extension/state/sessions/client-state";
import { capabilities, opened, promptSent, run, S, upd } from "../../../../helpers/client-reducer-fixtures";

const readyWith = (caps: AgentCapabilities): ClientEvent => ({
  type: "agent_ready",
  info: { name: "some-agent", version: "1" },
  capabilities: caps,
  authMethods: [],
});
const runId = (id: string | null): ClientEvent => upd({ sessionUpdate: "session_info_update", _meta: { goose: { activeRunId: id } } });

describe("steering", () => {
  it("an agent that says prompts join a running turn (claude-agent-acp's promptQueueing) can be steered during a turn only", () => {
    const caps = { ...capabilities, _meta: { claudeCode: { promptQueueing: true } } };
    const idle = run(initialClientState, readyWith(caps), opened());
    expect(steerWay(idle, S)).toBeNull();
    expect(steerWay(run(idle, promptSent("hi")), S)).toEqual({ kind: "prompt" });
    // The draft steering capability says the same.
    const draft = run(
      initialClientState,
      readyWith({ ...capabilities, sessionCapabilities: { steering: {} } } as AgentCapabilities),
      opened(),
      promptSent("hi"),
    );
    expect(steerWay(draft, S)).toEqual({ kind: "prompt" });
    const falseFlag = run(
      initialClientState,
      readyWith({ ...capabilities, _meta: { claudeCode: { promptQueueing: false } } }),
      opened(),
      promptSent("hi"),
    );
    expect(steerWay(falseFlag, S)).toBeNull();
  });

  it("goose's run id makes its running turn steerable, until the run ends or the agent refuses the method", () => {
    const running = run(initialClientState, readyWith(capabilities), opened(), promptSent("hi"));
    expect(steerWay(running, S)).toBeNull();
    const withRun = run(running, runId("run_1"));
    expect(steerWay(withRun, S)).toEqual({ kind: "goose", runId: "run_1" });
    expect(steerWay(run(withRun, runId(null)), S)).toBeNull();
    expect(steerWay(run(withRun, { type: "prompt_finished", sessionId: S, stopReason: "end_turn" }), S)).toBeNull();
    const refused = run(withRun, { type: "steer_refused" });
    expect(steerWay(refused, S)).toBeNull();
    // A new agent process may have the method again.
    const restarted = run(refused, { type: "agent_initializing" }, readyWith(capabilities));
    expect(restarted.steer).toEqual({ runIds: {}, refused: false });
  });

  it("an agent that advertises _meta.steering.supported is steered through _session/steering, preferred over its prompt queueing", () => {
    const caps = { ...capabilities, _meta: { steering: { supported: true }, claudeCode: { promptQueueing: true } } };
    const idle = run(initialClientState, readyWith(caps), opened());
    expect(steerWay(idle, S)).toBeNull();
    expect(steerWay(run(idle, promptSent("hi")), S)).toEqual({ kind: "steering" });
    const off = { ...capabilities, _meta: { steering: { supported: false } } };
    expect(steerWay(run(initialClientState, readyWith(off), opened(), promptSent("hi")), S)).toBeNull();
  });
});
