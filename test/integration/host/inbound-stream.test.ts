/** Messages from the browser over the pool's 1 MiB, checked as they stream in (native-host/wire/frame-stream.ts). */
import { afterEach, describe, expect, it } from "vitest";
import type { JsonRpcMessage } from "../../../shared/host-protocol";
import { HostUnderTest, stopChecked } from "../../helpers/host-harness";

let host: HostUnderTest | undefined;
afterEach(async () => {
  await stopChecked(host);
  host = undefined;
});

const frame = (payload: Buffer) => {
  const header = Buffer.alloc(4);
  header.writeUInt32LE(payload.length, 0);
  return Buffer.concat([header, payload]);
};

describe("big messages from the browser", () => {
  it("passes a 3 MiB prompt whole as one line, and refuses ones spoiled at their end without writing a byte of them", async () => {
    host = new HostUnderTest();
    await host.startAgent();
    await host.initialize();
    const created = await host.request("session/new", { cwd: host.dir, mcpServers: [] });
    const sessionId = (created.result as { sessionId: string }).sessionId;
    const text = "é🪿 a line of a pasted page\n".repeat(110_000);
    // Raw line breaks between tokens: the agent must still get one line.
    const prompt = (id: number, end = "") =>
      Buffer.from(
        `{\n"jsonrpc":"2.0",\n"id":${id},"method":"session/prompt","params":{"sessionId":"${sessionId}",` +
          `"prompt":[{"type":"text","text":${JSON.stringify(text)}}]}${end}\n}`,
      );
    expect(prompt(1).length).toBeGreaterThan(3 * 1024 * 1024);
    const badUtf8 = prompt(23);
    badUtf8[badUtf8.length - 3] = 0xff;
    host.sendRaw(
      Buffer.concat([
        frame(prompt(21, ',"id":21')),
        frame(prompt(22, ",")),
        frame(badUtf8),
        frame(prompt(24, `,"x":${"[".repeat(200)}${"]".repeat(200)}`)),
        frame(prompt(25)),
      ]),
    );
    const answered = await host.waitFor((m) => m.kind === "rpc" && m.message.id === 25 && m.message.method === undefined, 30_000);
    expect((answered as { message: JsonRpcMessage }).message.result).toEqual({ stopReason: "end_turn" });
    const codes = host.received.flatMap((m) => (m.kind === "host" && m.event.type === "error" ? [m.event.code] : []));
    expect(codes).toEqual(["duplicate_key", "invalid_json", "invalid_utf8", "too_deep"]);
    // The refused requests that could be read as requests are answered, so none hangs.
    const refusedIds = host.rpc().flatMap((m) => (m.error && m.method === undefined ? [m.id] : []));
    expect(refusedIds).toEqual([21, 24]);
    const prompts = host.agentReceived().filter((m) => m.method === "session/prompt");
    expect(prompts.map((m) => m.id)).toEqual([25]);
    expect((prompts[0]!.params as { prompt: Array<{ text: string }> }).prompt[0]!.text).toBe(text);
  });
});
