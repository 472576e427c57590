/**
 * `install --agent NAME=COMMAND` without arguments: a known agent gets the ones that start its ACP
 * mode (goose → `acp`), and any other command is started once and must answer ACP's initialize, or
 * install says so (✗, exit 1) and writes no profile the panel could only fail to start.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FAKE_GOOSE, requireBuilt, TempMachine } from "../../helpers/install-harness";

const CONFIG = ".config/goose-browser/host.json";

let m: TempMachine;
let bin: string;
beforeEach(() => {
  requireBuilt();
  m = new TempMachine({ dirs: [".config/chromium"] });
  bin = path.join(m.root, "agents-bin");
  fs.mkdirSync(bin);
});
afterEach(() => m.dispose());

function script(name: string, body: string): string {
  const file = path.join(bin, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

const profiles = () => (JSON.parse(m.read(CONFIG)) as { profiles: Record<string, { command: string; args: string[] }> }).profiles;

describe("install --agent", () => {
  it("goose given by its path alone gets `acp`, as the host would need to start it", async () => {
    const r = await m.run("install", "--agent", `goose=${FAKE_GOOSE}`);
    expect(r.code, r.out).toBe(0);
    expect(profiles().goose).toMatchObject({ command: FAKE_GOOSE, args: ["acp"] });
  });

  it("another command that answers initialize is written, and install says it answered", async () => {
    // The scripted agent under a name the installer does not know.
    const mine = script("my-acp-agent", `exec '${FAKE_GOOSE}' acp "$@"`);
    const r = await m.run("install", "--agent", `mine=${mine}`);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/✓ agent mine: .*my-acp-agent.*answered ACP's initialize/);
    expect(profiles().mine).toEqual({ command: mine, args: [] });
  });

  it("a command that exits without answering (a CLI started without its ACP mode) is refused, with its output and what to pass", async () => {
    const cli = script("some-cli", 'echo "error: a subcommand is required (try: some-cli acp)" >&2\nexit 2');
    const r = await m.run("install", "--agent", `cli=${cli}`);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain("exited with code 2 without answering initialize");
    expect(r.out).toContain("a subcommand is required");
    expect(r.out).toContain("its profile was not written");
    expect(r.out).toContain(`--agent cli="${cli} acp"`);
    expect(r.out).not.toMatch(/✓ agent cli/);
    expect(profiles().cli).toBeUndefined();
  });

  it("a command that never answers is refused after the probe's timeout", async () => {
    const silent = script("silent-agent", "exec sleep 600");
    const started = Date.now();
    const r = await m.run("install", "--agent", `quiet=${silent}`);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/did not answer initialize within \d+ s/);
    expect(profiles().quiet).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
