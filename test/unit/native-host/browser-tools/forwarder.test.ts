/** The host's forwarding of MCP tool calls to the extension: every call ends, with the right outcome. */
import { describe, expect, it } from "vitest";
import { ToolCallForwarder, type ToolOutcome } from "../../../../native-host/browser-tools/forwarder";
import { type ToolTiming, timedCalls, timingLine } from "../../../../native-host/browser-tools/timing";
import { toolResultSchema } from "../../../../shared/browser-tools";
import type { HostToolCall } from "../../../../shared/host-protocol";
import { FakeClock } from "../../../helpers/fake-clock";

function setup(o: { portOpen?: boolean; timeoutMs?: number } = {}) {
  const clock = new FakeClock();
  const sent: HostToolCall[] = [];
  const warnings: string[] = [];
  const forwarder = new ToolCallForwarder({
    send: (call) => {
      sent.push(call);
      return o.portOpen ?? true;
    },
    timeoutMs: o.timeoutMs ?? 1000,
    parseResult: (raw) => {
      const r = toolResultSchema.safeParse(raw);
      return r.success ? r.data : "invalid";
    },
    clock,
    log: { info: () => {}, warn: (m) => warnings.push(m) },
  });
  forwarder.setEnabled(true);
  return { clock, sent, warnings, forwarder };
}

/** Records when a promise settles, so a test can assert "not yet". */
function track(p: Promise<ToolOutcome>): { outcome?: ToolOutcome } {
  const box: { outcome?: ToolOutcome } = {};
  void p.then((o) => (box.outcome = o));
  return box;
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("ToolCallForwarder", () => {
  it("sends a tool_call with a unique callId and resolves with the extension's content", async () => {
    const { sent, forwarder, clock } = setup();
    const a = forwarder.call("click", { ref: "e3" }, "sess_1");
    const b = forwarder.call("list_tabs", {});
    expect(sent).toEqual([
      { type: "tool_call", callId: sent[0]!.callId, tool: "click", args: { ref: "e3" }, sessionId: "sess_1" },
      { type: "tool_call", callId: sent[1]!.callId, tool: "list_tabs", args: {} },
    ]);
    expect(sent[0]!.callId).not.toBe(sent[1]!.callId);
    forwarder.answer({ callId: sent[1]!.callId, content: [{ type: "text", text: "2 tabs" }] });
    forwarder.answer({ callId: sent[0]!.callId, content: [{ type: "text", text: "denied" }], isError: true });
    expect(await b).toEqual({ content: [{ type: "text", text: "2 tabs" }] });
    expect(await a).toEqual({ content: [{ type: "text", text: "denied" }], isError: true });
    expect(forwarder.inFlight).toBe(0);
    expect(clock.pending).toBe(0);
  });

  it("answers with a tool error after the time-out, not before, and ignores the late result", async () => {
    const { sent, forwarder, clock, warnings } = setup({ timeoutMs: 120_000 });
    const box = track(forwarder.call("wait_for", { text: "x" }));
    clock.advance(119_999);
    await flush();
    expect(box.outcome).toBeUndefined();
    clock.advance(1);
    await flush();
    expect(box.outcome?.isError).toBe(true);
    expect(box.outcome?.content[0]).toMatchObject({ type: "text", text: expect.stringContaining("did not answer wait_for within 120 s") });
    forwarder.answer({ callId: sent[0]!.callId, content: [{ type: "text", text: "late" }] });
    expect(warnings.some((w) => w.includes("unknown call"))).toBe(true);
  });

  it("says where an answered call's time went: the wait on the browser, and the handler and API times the extension reports", async () => {
    const { sent, forwarder, clock } = setup({ timeoutMs: 1000 });
    const timings: ToolTiming[] = [];
    const answered = forwarder.call("find", { text: "x" }, undefined, (t) => timings.push(t));
    const late = forwarder.call("find", { text: "y" }, undefined, (t) => timings.push(t));
    clock.advance(7);
    forwarder.answer({
      callId: sent[0]!.callId,
      content: [{ type: "text", text: "found" }],
      handlerMs: 2.5,
      apiMs: 1.25,
      pageMs: 0.5,
      pageOwnMs: 0.25,
      scriptFileMs: 0.125,
    });
    await answered;
    clock.advance(1000);
    await late;
    // Only the answered call: a timed-out one has no browser time to give.
    expect(timings).toEqual([{ browserMs: 7, handlerMs: 2.5, apiMs: 1.25, pageMs: 0.5, pageOwnMs: 0.25, scriptFileMs: 0.125 }]);
  });

  it("writes each call's timing as a log line the bench reads back", () => {
    const calls = [
      { tool: "page_snapshot", hostMs: 12.346, browserMs: 10.5, handlerMs: 4.25, apiMs: 3.5, pageMs: 1.25, pageOwnMs: 0 },
      { tool: "hover", hostMs: 20, browserMs: 18, handlerMs: 16, apiMs: 15, pageMs: 2, pageOwnMs: 10.5, scriptFileMs: 1.5 },
      { tool: "find", hostMs: 5, browserMs: 4, handlerMs: 2 },
      { tool: "list_tabs", hostMs: 3, browserMs: 2 },
    ];
    const log = calls.map((c) => `2026-12-02T01:00:00.000Z [1] info ${timingLine(c)}`).join("\n");
    expect(timedCalls(`${log}\nother line`)).toEqual([
      { tool: "page_snapshot", hostMs: 12.35, browserMs: 10.5, handlerMs: 4.25, apiMs: 3.5, pageMs: 1.25, pageOwnMs: 0 },
      { tool: "hover", hostMs: 20, browserMs: 18, handlerMs: 16, apiMs: 15, pageMs: 2, pageOwnMs: 10.5, scriptFileMs: 1.5 },
      { tool: "find", hostMs: 5, browserMs: 4, handlerMs: 2 },
      { tool: "list_tabs", hostMs: 3, browserMs: 2 },
    ]);
  });

  it("ignores a tool_result for an unknown callId with a log line", () => {
    const { forwarder, warnings } = setup();
    forwarder.answer({ callId: "t999", content: [] });
    forwarder.answer({ nonsense: true });
    expect(warnings).toHaveLength(2);
  });

  it("turns a malformed result into a tool error for that call", async () => {
    const { sent, forwarder } = setup();
    const p = forwarder.call("read_page", {});
    forwarder.answer({ callId: sent[0]!.callId, content: [{ type: "video", url: "x" }] });
    expect(await p).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringContaining("malformed") }] });
  });

  it("fails at once when the native port is closed", async () => {
    const { forwarder, clock } = setup({ portOpen: false });
    const outcome = await forwarder.call("list_tabs", {});
    expect(outcome).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("not connected") }] });
    expect(clock.pending).toBe(0);
  });

  it("refuses calls while tools are off and fails waiting calls when they are turned off", async () => {
    const { forwarder, sent } = setup();
    const waiting = forwarder.call("click", { ref: "e1" });
    forwarder.setEnabled(false);
    expect(await waiting).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("turned off") }] });
    expect(await forwarder.call("list_tabs", {})).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining("turned off") }],
    });
    expect(sent).toHaveLength(1);
  });

  it("fails every waiting call on close (host shutdown) and refuses new ones", async () => {
    const { forwarder, clock } = setup();
    const a = forwarder.call("click", { ref: "e1" });
    const b = forwarder.call("type", { ref: "e2", text: "hi" });
    forwarder.close();
    for (const o of [await a, await b])
      expect(o).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("shutting down") }] });
    expect(clock.pending).toBe(0);
    expect(await forwarder.call("list_tabs", {})).toMatchObject({ isError: true });
  });
});
