/** doctor reports what the host would refuse: a host config or agent command that others can change. */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { problems, requireBuilt, TempMachine } from "../../helpers/install-harness";

const CONFIG = ".config/goose-browser/host.json";

let m: TempMachine | undefined;
beforeAll(requireBuilt);
afterEach(() => {
  m?.dispose();
  m = undefined;
});

describe("doctor: unsafe files", () => {
  it("reports a host config others can write, and the live check fails the same way", async () => {
    m = new TempMachine({ dirs: [".config/chromium"] });
    expect((await m.run("install")).code).toBe(0);
    fs.chmodSync(m.path(CONFIG), 0o646);
    const { code, report } = await m.doctor();
    expect(code).toBe(1);
    expect(problems(report)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          subject: "host config",
          message: expect.stringContaining(`${m.path(CONFIG)} is writable by others`),
          fix: `run \`chmod go-w ${m.path(CONFIG)}\``,
        }),
      ]),
    );
    expect(report.live).toMatchObject({ ok: false });
  });

  it("reports an agent command in a folder others can write", async () => {
    m = new TempMachine({ dirs: [".config/chromium"] });
    expect((await m.run("install")).code).toBe(0);
    const config = JSON.parse(m.read(CONFIG));
    const dir = m.path("open-bin");
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o777);
    const command = path.join(dir, "goose");
    fs.copyFileSync(config.profiles.goose.command, command);
    fs.chmodSync(command, 0o755);
    config.profiles.goose.command = command;
    fs.writeFileSync(m.path(CONFIG), JSON.stringify(config));
    const { report } = await m.doctor("--no-live");
    expect(problems(report)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: "agent goose", message: expect.stringContaining(`${dir} is writable by others`) }),
      ]),
    );
  });
});
