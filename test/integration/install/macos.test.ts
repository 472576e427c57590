/**
 * The macOS layout, planned with platform=darwin and carried out on this machine's filesystem in a
 * temporary HOME (the writes are OS-independent). Data and config share one dir there.
 */
import fs from "node:fs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_EXTENSION_IDS, chromeOrigin } from "../../../shared/extension-ids";
import { FAKE_GOOSE, requireBuilt, TempMachine } from "../../helpers/install-harness";

const SUPPORT = "Library/Application Support";
const DATA = `${SUPPORT}/goose-browser`;
const CHROME = `${SUPPORT}/Google/Chrome/NativeMessagingHosts/dev.goose_browser.host.json`;
const FIREFOX = `${SUPPORT}/Mozilla/NativeMessagingHosts/dev.goose_browser.host.json`;

let m: TempMachine | undefined;
beforeAll(requireBuilt);
afterEach(() => {
  m?.dispose();
  m = undefined;
});

describe("install and uninstall (macOS layout)", () => {
  it("writes Chrome's and Firefox's manifests under Application Support, the config beside the host, and removes them again", async () => {
    m = new TempMachine({ platform: "darwin", dirs: [`${SUPPORT}/Google/Chrome`, `${SUPPORT}/Firefox`] });
    const pristine = m.snapshot();
    const r = await m.run("install");
    expect(r.code, r.out).toBe(0);

    const launcher = m.path(`${DATA}/goose-browser-host`);
    expect(JSON.parse(m.read(CHROME))).toEqual({
      name: "dev.goose_browser.host",
      description: "goose-browser: runs a local ACP agent (goose) for the goose browser extension",
      path: launcher,
      type: "stdio",
      allowed_origins: CHROMIUM_EXTENSION_IDS.map(chromeOrigin),
    });
    expect(JSON.parse(m.read(FIREFOX))).toEqual({
      name: "dev.goose_browser.host",
      description: "goose-browser: runs a local ACP agent (goose) for the goose browser extension",
      path: launcher,
      type: "stdio",
      allowed_extensions: ["goose-browser@goose-browser.dev"],
    });
    expect([m.mode(CHROME), m.mode(FIREFOX), m.mode(`${DATA}/goose-browser-host`)]).toEqual(["644", "644", "755"]);
    expect(JSON.parse(m.read(`${DATA}/host.json`)).profiles.goose.command).toBe(FAKE_GOOSE);
    expect(m.snapshot().filter((e) => !pristine.includes(e))).toEqual([
      `${SUPPORT}/Google/Chrome/NativeMessagingHosts/`,
      CHROME,
      `${SUPPORT}/Mozilla/`,
      `${SUPPORT}/Mozilla/NativeMessagingHosts/`,
      FIREFOX,
      `${DATA}/`,
      `${DATA}/goose-browser-host`,
      `${DATA}/host/`,
      `${DATA}/host/0.1.0/`,
      `${DATA}/host/0.1.0/host.cjs`,
      `${DATA}/host.json`,
      `${DATA}/install-receipt.json`,
    ]);
    expect(r.out).toMatch(/^– not installed for this user .*: .*Chromium/m);
    expect(r.out).not.toMatch(/Flatpak|Snap/);

    // The config is still as install wrote it, so it goes too, and with it the shared dir.
    expect((await m.run("uninstall")).code).toBe(0);
    expect(m.snapshot()).toEqual(pristine);
    expect((await m.run("uninstall", "--purge")).code).toBe(0);
    expect(m.snapshot()).toEqual(pristine);
    expect(fs.existsSync(m.path(`${SUPPORT}/Mozilla`))).toBe(false);
  });
});
