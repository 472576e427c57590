/**
 * The agent's questions waiting for the user (extension/background/client/questions/elicitation-broker.ts):
 * only the user, Stop, the agent going away or the agent's own "complete" settle one, and an
 * accepted form goes out only with content that passed the check.
 */
import { describe, expect, it } from "vitest";
import type { CreateElicitationRequest, CreateElicitationResponse } from "../../../../../extension/acp/schema";
import { ElicitationBroker } from "../../../../../extension/background/client/questions/elicitation-broker";
import type { ElicitationState } from "../../../../../extension/state/conversation/elicitation";

function broker() {
  const requested: ElicitationState[] = [];
  const resolved: string[] = [];
  const b = new ElicitationBroker({ requested: (s) => requested.push(s), resolved: (k) => resolved.push(k) });
  const answers: (CreateElicitationResponse | "pending")[] = [];
  const ask = (request: CreateElicitationRequest, signal = new AbortController().signal) => {
    const i = answers.push("pending") - 1;
    void b.ask(request, signal).then((a) => (answers[i] = a));
  };
  return { b, requested, resolved, answers, ask };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

const form: CreateElicitationRequest = {
  mode: "form",
  sessionId: "s1",
  message: "Name?",
  requestedSchema: { type: "object", properties: { name: { type: "string", minLength: 2 } }, required: ["name"] },
};
const url = (href: string, elicitationId = "el-1"): CreateElicitationRequest => ({
  mode: "url",
  sessionId: "s1",
  message: "Sign in",
  url: href,
  elicitationId,
});

describe("ElicitationBroker", () => {
  it("sends an accepted form only once its content passes the check", async () => {
    const t = broker();
    t.ask(form);
    const key = t.requested[0]!.key;
    expect(t.b.answer(key, { action: "accept", values: { name: "A" } })).toBe(false);
    await settle();
    expect(t.answers).toEqual(["pending"]);
    expect(t.b.answer(key, { action: "accept", values: { name: "Ada" } })).toBe(true);
    await settle();
    expect(t.answers).toEqual([{ action: "accept", content: { name: "Ada" } }]);
    expect(t.resolved).toEqual([key]);
    expect(t.b.answer(key, { action: "decline" })).toBe(false);
  });

  it("declines at once a link that is not a web address, never showing it", async () => {
    const t = broker();
    t.ask(url("file:///etc/passwd"));
    await settle();
    expect(t.requested).toEqual([]);
    expect(t.answers).toEqual([{ action: "decline" }]);
  });

  it("accepts a URL question when the agent says it is complete; an unknown id changes nothing", async () => {
    const t = broker();
    t.ask(url("https://auth.example.com/x", "el-7"));
    t.b.complete("el-other");
    await settle();
    expect(t.answers).toEqual(["pending"]);
    t.b.complete("el-7");
    await settle();
    expect(t.answers).toEqual([{ action: "accept" }]);
  });

  it("cancels on Stop (that session only), on the agent's $/cancel_request, and when the agent goes away", async () => {
    const t = broker();
    const abort = new AbortController();
    t.ask(form);
    t.ask({ ...form, sessionId: "s2" });
    t.ask({ ...form, sessionId: "s3" }, abort.signal);
    t.b.cancelSession("s1");
    await settle();
    expect(t.answers).toEqual([{ action: "cancel" }, "pending", "pending"]);
    abort.abort();
    await settle();
    expect(t.answers[2]).toEqual({ action: "cancel" });
    t.b.cancelAll();
    await settle();
    expect(t.answers).toEqual([{ action: "cancel" }, { action: "cancel" }, { action: "cancel" }]);
    expect(t.resolved).toHaveLength(3);
  });
});
