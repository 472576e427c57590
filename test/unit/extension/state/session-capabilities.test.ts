/**
 * What the panel offers by (extension/state/sessions/session-capabilities.ts): the initialize answer, and
 * for fork also the probe's answer, which lasts only as long as the agent it was learned of.
 */
import { describe, expect, it } from "vitest";
import type { AgentCapabilities } from "../../../../extension/acp/schema";
import { reduceClient } from "../../../../extension/state/client-reducer";
import { initialClientState } from "../../../../extension/state/client-reducer/initial-state";
import type { ClientEvent, ClientState } from "../../../../extension/state/sessions/client-state";
import { agentCan } from "../../../../extension/state/sessions/session-capabilities";

// goose 1.50.0's and 1.52.0's sessionCapabilities: no fork, no resume.
const GOOSE: AgentCapabilities = { loadSession: true, sessionCapabilities: { list: {}, delete: {}, close: {} } };
const goose = { name: "goose", version: "1.52.0" };

const apply = (state: ClientState, ...events: ClientEvent[]) => events.reduce(reduceClient, state);
const ready = (capabilities: AgentCapabilities): ClientEvent => ({ type: "agent_ready", info: goose, capabilities, authMethods: [] });

describe("agentCan", () => {
  it("fork: advertised, or found served though not advertised (goose)", () => {
    const advertised = apply(initialClientState, ready({ sessionCapabilities: { fork: {} } as AgentCapabilities["sessionCapabilities"] }));
    expect(agentCan(advertised.agent, "fork")).toBe(true);
    const plain = apply(initialClientState, ready(GOOSE));
    expect(agentCan(plain.agent, "fork")).toBe(false);
    expect(agentCan(apply(plain, { type: "agent_serves_fork" }).agent, "fork")).toBe(true);
  });

  it("a served fork says nothing of resume, which goose answers -32601", () => {
    const served = apply(initialClientState, ready(GOOSE), { type: "agent_serves_fork" });
    expect(agentCan(served.agent, "resume")).toBe(false);
    expect(agentCan(served.agent, "close")).toBe(true);
  });

  it("is forgotten with the agent: the next one starts from its own initialize answer", () => {
    const served = apply(initialClientState, ready(GOOSE), { type: "agent_serves_fork" });
    const next = apply(served, { type: "agent_initializing" }, ready(GOOSE));
    expect(agentCan(next.agent, "fork")).toBe(false);
    // A late answer for an agent that is not ready changes nothing.
    const initializing = apply(served, { type: "agent_initializing" }, { type: "agent_serves_fork" });
    expect(initializing.agent.forkServed).toBeUndefined();
  });
});
