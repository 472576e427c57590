/**
 * doctor judges the agent profile the browser runs, not the default: after the user picked another
 * agent in Options (the host's log says it started that one), a broken default is information, and
 * the live check starts the one in use.
 */
import fs from "node:fs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { FAKE_GOOSE, problems, requireBuilt, TempMachine } from "../../helpers/install-harness";

const CONFIG = ".config/goose-browser/host.json";
const LOG = ".local/state/goose-browser/host.log";

let m: TempMachine | undefined;
beforeAll(requireBuilt);
afterEach(() => {
  m?.dispose();
  m = undefined;
});

/** An install whose default profile, goose, is gone, beside a working profile "mine". */
async function switchedAway(): Promise<TempMachine> {
  m = new TempMachine({ dirs: [".config/chromium"] });
  expect((await m.run("install")).code).toBe(0);
  const config = JSON.parse(m.read(CONFIG)) as { profiles: Record<string, unknown> };
  config.profiles.goose = { command: "/nowhere/goose", args: ["acp"] };
  config.profiles.mine = { command: FAKE_GOOSE, args: ["acp"] };
  fs.writeFileSync(m.path(CONFIG), JSON.stringify(config));
  return m;
}

/** What the host logs when a browser starts a profile (native-host/agent/supervisor.ts). */
function logStart(m: TempMachine, profile: string): void {
  fs.mkdirSync(m.path(".local/state/goose-browser"), { recursive: true });
  fs.appendFileSync(m.path(LOG), `2026-01-01T00:00:00.000Z [42] info starting agent ${profile}: /x acp in /home/u\n`);
}

describe("doctor and the profile in use", () => {
  it("the user switched to another agent: that one is judged, the broken default is listed as information, and the live check starts the one in use", async () => {
    const m = await switchedAway();
    logStart(m, "goose");
    logStart(m, "mine");
    const { code, report } = await m.doctor();
    expect(problems(report), JSON.stringify(report.findings, null, 2)).toEqual([]);
    expect(code).toBe(0);
    expect(report.findings).toContainEqual(expect.objectContaining({ severity: "ok", subject: "agent mine (in use)" }));
    const goose = report.findings.find((f) => f.subject === "agent goose (default)");
    expect(goose).toMatchObject({ severity: "info", message: expect.stringContaining("not in use; before picking it in Options") });
    expect(report.live).toMatchObject({ ok: true, status: { profile: "mine", state: "running" } });
  });

  it("with no start in the log, the default is the one in use, and judged", async () => {
    const m = await switchedAway();
    fs.rmSync(m.path(LOG), { force: true });
    const { code, report } = await m.doctor("--no-live");
    expect(code).toBe(1);
    expect(problems(report).map((f) => f.subject)).toEqual(["agent goose (default)"]);
    expect(report.findings).toContainEqual(expect.objectContaining({ severity: "ok", subject: "agent mine" }));
  });
});
