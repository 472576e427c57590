/** The host runs with one malloc arena (its launcher sets GLIBC_TUNABLES); the agent gets the user's own tunables back. */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { shQuote } from "../../../native-host/setup/launcher";
import { FAKE_GOOSE, HostUnderTest, stopChecked } from "../../helpers/host-harness";

let host: HostUnderTest | undefined;
let dir: string | undefined;
afterEach(async () => {
  await stopChecked(host);
  host = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const environ = (text: string, sep: string) =>
  Object.fromEntries(
    text
      .split(sep)
      .filter((l) => l.includes("TUNABLES="))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );

/** Starts the built host with `user` in its environment and an agent that writes down its own environment. */
async function agentSees(user: Record<string, string>) {
  // Next to the scripted agent: a folder only its owner can write (the host refuses others).
  dir = fs.mkdtempSync(path.join(path.dirname(FAKE_GOOSE), "..", "env-"));
  fs.chmodSync(dir, 0o755);
  const out = path.join(dir, "agent-env");
  const command = path.join(dir, "goose");
  // Written by the agent's own run (not its version command), before it execs the scripted agent.
  fs.writeFileSync(command, `#!/bin/sh\n[ "$1" = acp ] && env > ${shQuote(out)}\nexec ${shQuote(FAKE_GOOSE)} "$@"\n`, { mode: 0o755 });
  host = new HostUnderTest({ profiles: { goose: { command, args: ["acp"] } }, env: user });
  await host.startAgent();
  // An answer from the agent: the wrapper has written the file and exec'd it.
  await host.initialize();
  const hostEnv = environ(fs.readFileSync(`/proc/${host.child.pid}/environ`, "latin1"), "\0");
  return { host: hostEnv, agent: environ(fs.readFileSync(out, "utf8"), "\n") };
}

describe.runIf(process.platform === "linux")("glibc tunables", () => {
  it("the host has one malloc arena; an agent started without tunables gets none", async () => {
    const seen = await agentSees({});
    expect(seen.host.GLIBC_TUNABLES).toBe("glibc.malloc.arena_max=1");
    expect(seen.agent).toEqual({});
  });

  it("the user's own tunables: after the host's for the host, exactly as they were for the agent", async () => {
    const seen = await agentSees({ GLIBC_TUNABLES: "glibc.malloc.tcache_count=5" });
    // /proc shows the variable as glibc left it after parsing it in place (2.36 cuts it after the first tunable).
    expect(seen.host.GLIBC_TUNABLES).toMatch(/^glibc\.malloc\.arena_max=1(:glibc\.malloc\.tcache_count=5)?$/);
    expect(seen.agent).toEqual({ GLIBC_TUNABLES: "glibc.malloc.tcache_count=5" });
  });
});
