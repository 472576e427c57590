/**
 * Agent lines read together leave the built host as one native message (a JSON array of the lines),
 * against the scripted goose's `burst` scenario, which writes several session/update lines to its
 * stdout in one write.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MAX_VERBATIM_BYTES } from "../../../shared/host-protocol";
import { HostUnderTest, type Received, stopChecked } from "../../helpers/host-harness";

let host: HostUnderTest | undefined;
afterEach(async () => {
  await stopChecked(host);
  host = undefined;
});

type Rpc = Extract<Received, { kind: "rpc" }>;
const chunkText = (m: Rpc) => (m.message.params as { update: { content: { text: string } } }).update.content.text;

/** Starts a session, runs `prompt` to the end of its turn, and returns the turn's updates as received. */
async function burst(h: HostUnderTest, prompt: string): Promise<Rpc[]> {
  await h.startAgent();
  await h.initialize();
  const r = await h.request("session/new", { cwd: h.dir, mcpServers: [] });
  const sessionId = (r.result as { sessionId: string }).sessionId;
  const from = h.received.length;
  const done = await h.request("session/prompt", { sessionId, prompt: [{ type: "text", text: prompt }] });
  expect(done.result).toEqual({ stopReason: "end_turn" });
  return h.received
    .slice(from)
    .filter(
      (m): m is Rpc =>
        m.kind === "rpc" && m.message.method === "session/update" && "content" in (m.message.params as { update: object }).update,
    );
}

describe("agent lines read together", () => {
  it("arrive as one array, in the order written; a line read alone arrives unwrapped", async () => {
    host = new HostUnderTest();
    const got = await burst(host, "burst 12");
    expect(got.map(chunkText)).toEqual(Array.from({ length: 12 }, (_, i) => `b${i + 1} `));
    // One write of 12 short lines (under the pipe's atomic size) is one read: one native message
    // (with whatever else the agent wrote before the host read, such as the turn's answer).
    expect(new Set(got.map((m) => m.frame)).size).toBe(1);
    expect(got[0]!.batch).toBeGreaterThanOrEqual(12);
    // The whole frame is the array of the lines as the agent wrote them.
    const raw = host.rawFrames.find((f) => f.startsWith("[") && f.includes('"b1 "'));
    const inFrame = host.received.filter((m) => m.frame === got[0]!.frame).map((m) => (m as Rpc).message);
    expect(JSON.parse(raw!)).toEqual(inFrame);
    expect(inFrame.filter((m) => got.some((g) => g.message === m))).toEqual(got.map((m) => m.message));

    // The initialize answer and the hello are alone on the wire: unwrapped, as before.
    const init = host.received.find((m) => m.kind === "rpc" && (m.message.result as { agentCapabilities?: unknown })?.agentCapabilities);
    expect(init).toMatchObject({ kind: "rpc", chunked: false });
    expect((init as Rpc).batch).toBeUndefined();
    expect(host.rawFrames.filter((f) => f.includes('"agentCapabilities"')).every((f) => f.startsWith("{"))).toBe(true);
  });

  it("never pass the verbatim limit: a line that would take an array over it goes in the next message", async () => {
    host = new HostUnderTest();
    const got = await burst(host, "burst 20 big");
    expect(got.map(chunkText)).toEqual(["x".repeat(1024 * 1024 - 2048), ...Array.from({ length: 20 }, (_, i) => `b${i + 1} `)]);
    expect(Math.max(...host.frameSizes)).toBeLessThanOrEqual(MAX_VERBATIM_BYTES);
    // Read together, the big line and the 20 short ones after it (about 4 KB) do not fit one message:
    // the big one shares its message with as many as fit, the rest follow in the next.
    const frames = [...new Set(got.map((m) => m.frame))];
    expect(frames.length).toBeGreaterThan(1);
    expect(got.at(-1)!.frame).toBeGreaterThan(got[0]!.frame);
    expect(got.some((m) => (m.batch ?? 1) > 1)).toBe(true);
  });

  it("keep their order around a long line sent in pieces: the lines before it leave before its first piece", async () => {
    host = new HostUnderTest();
    const got = await burst(host, "burst 10 huge");
    const texts = got.map(chunkText);
    expect(texts).toEqual(["b1 ", "b2 ", "b3 ", "b4 ", "b5 ", "h".repeat(1.5 * 1024 * 1024), "b6 ", "b7 ", "b8 ", "b9 ", "b10 "]);
    const huge = got[5]!;
    expect(huge.chunked).toBe(true);
    // b1-b5 were read with the start of the long line, and left as one array before its pieces.
    expect(got[0]!.batch).toBe(5);
    expect(got.slice(0, 5).every((m) => m.frame === got[0]!.frame)).toBe(true);
    expect(got[0]!.frame).toBeLessThan(huge.firstFrame!);
    expect(huge.firstFrame).toBeLessThan(huge.frame);
    expect(got.slice(6).every((m) => m.frame > huge.frame)).toBe(true);
  });
});
