/**
 * The text chunks the extension reads without the ACP SDK (extension/acp/text-chunk.ts) must be
 * read exactly as the SDK's own schema reads them, and nothing the schema refuses may get through.
 * Checked against the SDK's schema on generated notifications, valid and broken.
 */
import { describe, expect, it } from "vitest";
import { textChunkNotification } from "../../../../extension/acp/text-chunk";
import { zSessionNotification } from "../../../../node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js";
import { seededRandom } from "../../../helpers/seeded-random";

type Json = Record<string, unknown>;

/** The SDK's reading, without the `_meta` keys the fast path leaves out (nothing in the extension reads them on a chunk). */
function sdkReading(params: unknown): unknown {
  const parsed = zSessionNotification.safeParse(params);
  if (!parsed.success) return undefined;
  const strip = (v: unknown): unknown => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
    return Object.fromEntries(
      Object.entries(v as Json)
        .filter(([k, x]) => k !== "_meta" && x !== undefined)
        .map(([k, x]) => [k, strip(x)]),
    );
  };
  return strip(parsed.data);
}

function generator(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const odd = [undefined, null, 1, "x", [], {}, { a: 1 }, true];
  const maybe = (value: unknown, p = 0.85) => (random() < p ? value : pick(odd));
  const content = (): unknown =>
    random() < 0.8
      ? {
          type: maybe("text", 0.9),
          text: maybe("some *text*", 0.9),
          ...(random() < 0.15 ? { annotations: maybe({ priority: 1 }, 0.5) } : {}),
          ...(random() < 0.15 ? { _meta: maybe({ k: 1 }, 0.6) } : {}),
          ...(random() < 0.1 ? { extra: "kept out" } : {}),
        }
      : pick([{ type: "image", data: "AAAA", mimeType: "image/png" }, { type: "resource_link", uri: "file:///a", name: "a" }, ...odd]);
  const update = (): unknown => ({
    sessionUpdate: maybe(
      pick(["agent_message_chunk", "user_message_chunk", "agent_thought_chunk", "plan", "tool_call", "unknown_kind"]),
      0.95,
    ),
    content: content(),
    ...(random() < 0.6 ? { messageId: maybe(pick(["m1", null]), 0.8) } : {}),
    ...(random() < 0.1 ? { _meta: maybe({ k: 1 }, 0.6) } : {}),
  });
  return (): Json => ({
    jsonrpc: "2.0",
    ...(random() < 0.05 ? { id: 7 } : {}),
    method: random() < 0.95 ? "session/update" : "session/prompt",
    params: random() < 0.95 ? { sessionId: maybe("s1", 0.95), update: random() < 0.97 ? update() : pick(odd) } : pick(odd),
  });
}

describe("text chunks read without the SDK", () => {
  it("reads agent, thought and user text chunks as the SDK's schema does", () => {
    for (const sessionUpdate of ["agent_message_chunk", "agent_thought_chunk", "user_message_chunk"]) {
      const params = { sessionId: "s1", update: { sessionUpdate, content: { type: "text", text: "hi" }, messageId: "m1" } };
      const read = textChunkNotification({ jsonrpc: "2.0", method: "session/update", params });
      expect(read).toEqual(params);
      expect(read).toEqual(sdkReading(params));
    }
  });

  it("leaves everything else to the SDK: requests, other updates, other content, annotations", () => {
    const chunk = { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hi" } };
    const message = (params: unknown, extra: Json = {}) => ({ jsonrpc: "2.0", method: "session/update", params, ...extra });
    expect(textChunkNotification(message({ sessionId: "s1", update: chunk }, { id: 1 }))).toBeUndefined();
    expect(textChunkNotification(message({ sessionId: "s1", update: { sessionUpdate: "plan", entries: [] } }))).toBeUndefined();
    const image = { ...chunk, content: { type: "image", data: "AAAA", mimeType: "image/png" } };
    expect(textChunkNotification(message({ sessionId: "s1", update: image }))).toBeUndefined();
    const annotated = { ...chunk, content: { type: "text", text: "hi", annotations: { priority: 1 } } };
    expect(textChunkNotification(message({ sessionId: "s1", update: annotated }))).toBeUndefined();
    expect(textChunkNotification(message({ sessionId: 1, update: chunk }))).toBeUndefined();
  });

  it("never takes what the SDK's schema refuses, and reads what it takes as the schema does (3,000 generated notifications)", () => {
    const next = generator(5);
    let taken = 0;
    for (let i = 0; i < 3_000; i++) {
      const message = next();
      const read = textChunkNotification(message);
      if (read === undefined) continue;
      taken++;
      expect(message.method).toBe("session/update");
      expect(read, JSON.stringify(message)).toEqual(sdkReading(message.params));
    }
    // The generator must exercise both sides.
    expect(taken).toBeGreaterThan(300);
    expect(taken).toBeLessThan(2_700);
  });
});
