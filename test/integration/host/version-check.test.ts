/** The agent's version check against the built host: it must never hold up `start`. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AgentStatus } from "../../../shared/host-protocol";
import { FAKE_GOOSE, HostUnderTest } from "../../helpers/host-harness";

let host: HostUnderTest | undefined;
afterEach(async () => {
  if (host) {
    host.kill();
    await host.exit;
  }
  host = undefined;
});

/**
 * The scripted agent behind a wrapper whose version command first reads its stdin to the end (as
 * a CLI that waits for input would), then prints the version; every run other than `acp` is recorded.
 */
function wrapper(versionBranch: string): { command: string; runs: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-version-"));
  const command = path.join(dir, "goose");
  const runs = path.join(dir, "version-runs");
  fs.writeFileSync(
    command,
    `#!/bin/sh\n[ "$1" = "acp" ] || echo "run $*" >> '${runs}'\nif [ "$1" = "--version" ]; then\n  ${versionBranch}\nfi\nexec '${FAKE_GOOSE}' "$@"\n`,
    { mode: 0o755 },
  );
  return { command, runs };
}

async function startTimed(h: HostUnderTest): Promise<{ ms: number; status: Extract<AgentStatus, { state: "running" }> }> {
  await h.waitForHost("hello");
  const t0 = Date.now();
  h.start();
  const status = await h.waitForStatus("running", 10_000);
  return { ms: Date.now() - t0, status };
}

describe("agent version check", () => {
  it("gives the version command no stdin, so one that reads it answers at once", async () => {
    const { command, runs } = wrapper(`cat > /dev/null; exec '${FAKE_GOOSE}' --version`);
    host = new HostUnderTest({ profiles: { goose: { command, args: ["acp"] } } });
    const { ms, status } = await startTimed(host);
    // With stdin left open the command waits for the 5 s limit and the start fails.
    expect(ms).toBeLessThan(2000);
    expect(status).toMatchObject({ version: "1.50.0" });
    expect(fs.readFileSync(runs, "utf8")).toBe("run --version\n");
    expect(host.statuses()).toEqual(["discovering", "starting", "running"]);
  });

  it("skips the check for a profile with versionArgs: []", async () => {
    const { command, runs } = wrapper("sleep 30; exit 1");
    host = new HostUnderTest({
      profiles: { goose: { command, args: ["acp"], versionArgs: [] } },
    });
    const { ms, status } = await startTimed(host);
    expect(ms).toBeLessThan(2000);
    expect(status.version).toBeUndefined();
    expect(fs.existsSync(runs)).toBe(false);
    expect((await host.initialize()).result).toMatchObject({ agentInfo: { version: "1.50.0" } });
  });
});
