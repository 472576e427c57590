/**
 * doctor checks each goose serve profile as the host would connect (a server of our own that answers
 * as goose serve does, test/helpers/fake-goose-serve.ts): a working one is ✓ with goose's version, a
 * wrong token says so with the fix, the live check connects the installed host to the one in use, and the
 * token appears nowhere in what doctor prints.
 */
import fs from "node:fs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeServe, startFakeServe } from "../../helpers/fake-goose-serve";
import { problems, requireBuilt, TempMachine } from "../../helpers/install-harness";

const CONFIG = ".config/goose-browser/host.json";
const LOG = ".local/state/goose-browser/host.log";
const TOKEN = "doctor-serve-token-77aa";

let m: TempMachine | undefined;
let fake: FakeServe | undefined;
beforeAll(requireBuilt);
afterEach(async () => {
  m?.dispose();
  await fake?.close();
  m = undefined;
  fake = undefined;
});

describe("doctor and goose serve profiles", () => {
  it("says which server took the token, which refused it and why plain ws:// is allowed, and never prints a token", async () => {
    fake = await startFakeServe({ token: TOKEN });
    m = new TempMachine({ dirs: [".config/chromium"] });
    expect((await m.run("install")).code).toBe(0);
    const config = JSON.parse(m.read(CONFIG)) as { profiles: Record<string, unknown> };
    config.profiles.desktop = { url: fake.url, token: TOKEN };
    config.profiles.stale = { url: fake.url, token: "an-old-token-1234" };
    fs.writeFileSync(m.path(CONFIG), JSON.stringify(config));
    fs.mkdirSync(m.path(".local/state/goose-browser"), { recursive: true });
    // What the host logs when a browser starts a goose serve profile (native-host/serve/serve-supervisor.ts).
    fs.appendFileSync(m.path(LOG), `2026-01-01T00:00:00.000Z [42] info starting agent desktop: goose serve ${fake.url}\n`);
    const { report } = await m.doctor();
    const printed = (await m.run("doctor", "--no-live")).out;
    // The live check starts the installed host with the profile in use: it connects and goose answers initialize.
    expect(report.live).toMatchObject({ ok: true, status: { profile: "desktop", state: "running", command: fake.url } });
    expect(problems(report).map((f) => f.subject)).not.toContain("agent desktop (in use)");
    expect(report.findings).toContainEqual(
      expect.objectContaining({
        severity: "ok",
        subject: "agent desktop (in use)",
        message: `goose serve at ${fake.url} (ws:// without TLS: this machine only): goose 1.52.0 took the token and answered initialize`,
      }),
    );
    const stale = report.findings.find((f) => f.subject === "agent stale");
    expect(stale).toMatchObject({ severity: "info", message: expect.stringContaining("refused the token (401)") });
    for (const out of [printed, JSON.stringify(report)]) {
      expect(out).toContain(fake.url);
      expect(out).not.toContain(TOKEN);
      expect(out).not.toContain("an-old-token-1234");
    }
  });
});
