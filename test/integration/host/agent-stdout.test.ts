/** The agent's stdout as the host reads it: a socket of the host's own, read into one reused buffer (agent/stdout-socket.ts). */
import fs from "node:fs";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { AgentProcess } from "../../../native-host/agent/process";

const CHILD = `
const fs = require("node:fs");
const kind = fs.fstatSync(1).isSocket() ? "socket" : "other";
process.stdout.write(kind + "\\n" + "x".repeat(300000) + "\\n", () => process.exit(0));
`;

const ours = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith("goose-browser-"));

describe("the agent's stdout", () => {
  it("is a Unix socket read into one reused buffer, ending when the agent exits, with no listener or file left behind", async () => {
    const before = ours();
    const agent = await AgentProcess.start({ file: process.execPath, args: ["-e", CHILD], cwd: os.tmpdir(), env: process.env });
    expect(ours()).toEqual(before);
    const memory = new Set<ArrayBufferLike>();
    const copies: Buffer[] = [];
    let reads = 0;
    const ended = new Promise<void>((resolve) => agent.stdout.onEnd(resolve));
    agent.stdout.onData((chunk) => {
      reads++;
      memory.add(chunk.buffer);
      copies.push(Buffer.from(chunk));
    });
    await ended;
    expect(await agent.exited).toEqual({ code: 0, signal: null });
    const text = Buffer.concat(copies).toString();
    expect(text).toBe(`socket\n${"x".repeat(300000)}\n`);
    expect(reads).toBeGreaterThan(1);
    expect(memory.size).toBe(1);
    expect(agent.child.stdout).toBeNull();
  });
});
