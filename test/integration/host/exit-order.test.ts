/**
 * The built host when the agent writes a lot and exits at once while the browser reads slowly: every
 * line it wrote reaches the browser, in order, before the exit status and before the host's error
 * answer for the request the agent never answered (native-host/agent/exit-report.ts).
 */
import { afterEach, describe, expect, it } from "vitest";
import { FramePool } from "../../../native-host/wire/frame-pool";
import { FrameDecoder } from "../../../native-host/wire/frames";
import { type HostEvent, isHostEnvelope } from "../../../shared/host-protocol";
import { HostUnderTest, isAlive, stopChecked, waitUntil } from "../../helpers/host-harness";

/** 1 MiB lines the agent writes (each sent in chunk frames), each followed by a small one. */
const LONG_LINES = 3;
const TAIL = 20;
/** Longer than the 250 ms the host used to wait for the agent's last lines before reporting its exit. */
const SLOW_MS = 400;

let host: HostUnderTest | undefined;
afterEach(async () => {
  await stopChecked(host);
  host = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the agent's last lines", () => {
  it("reach a slow browser in order, before the exit status and the host's error answers", async () => {
    const h = new HostUnderTest();
    host = h;
    await h.startAgent();
    await h.initialize();
    const r = await h.request("session/new", { cwd: h.dir, mcpServers: [] });
    const sessionId = (r.result as { sessionId: string }).sessionId;
    const agentPid = h.agentPids().pid;

    // The browser: it stops reading at the first chunk frame of each long line, for SLOW_MS; at the
    // last one until the agent has exited, and SLOW_MS more. By then the host holds the rest of that
    // line and the lines after it (the next chunk frame waits for this one: chunk-gate.ts).
    const frames = new FrameDecoder(new FramePool());
    let longLines = 0;
    h.stdout.on("data", (chunk: Buffer) => {
      for (const e of frames.push(chunk)) {
        if (e.kind !== "message" || !e.scan.members.has("host")) continue;
        const event = isHostEnvelope(e.value) ? (e.value.host as HostEvent) : undefined;
        if (event?.type !== "chunk" || event.index !== 0) continue;
        h.stdout.pause();
        const exited = ++longLines === LONG_LINES ? waitUntil(() => !isAlive(agentPid), 15_000, "the agent exited") : Promise.resolve();
        void exited.then(() => sleep(SLOW_MS)).then(() => h.stdout.resume());
      }
    });
    const from = h.received.length;
    h.send({
      jsonrpc: "2.0",
      id: 7,
      method: "session/prompt",
      params: { sessionId, prompt: [{ type: "text", text: `flood ${LONG_LINES}` }] },
    });
    await h.waitFor((m) => m.kind === "rpc" && m.message.id === 7 && m.message.method === undefined, 30_000, "the prompt's answer");

    // What the browser got since the prompt: each text chunk by its first word, statuses, answers.
    const got = h.received.slice(from).flatMap((m) => {
      if (m.kind === "host") return m.event.type === "status" ? [`status ${m.event.status.state}`] : [];
      const update = (m.message.params as { update?: { sessionUpdate?: string; content?: { text?: string } } } | undefined)?.update;
      if (update?.sessionUpdate === "agent_message_chunk") return [update.content!.text!.split(" ")[0]!];
      return m.message.id === 7 ? [`answer: ${m.message.error?.message}`] : [];
    });
    const lines = [
      ...Array.from({ length: LONG_LINES }, (_, i) => [`F${i + 1}`, `s${i + 1}`]).flat(),
      ...Array.from({ length: TAIL }, (_, i) => `t${i + 1}`),
    ];
    expect(got).toEqual([...lines, "status exited", "answer: The agent exited before answering"]);
    expect(h.statuses().at(-1)).toBe("exited");
    expect(h.hostLog).toMatch(/exited: code 101/);
  }, 60_000);
});
