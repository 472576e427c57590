/** What `add` records in the receipt, and which added profiles `uninstall` may take out of host.json. */
import { describe, expect, it } from "vitest";
import { recordAdd, withoutAddedProfiles } from "../../../../install-scripts/acp-registry/add-receipt";
import { isAgentDir } from "../../../../install-scripts/acp-registry/agent-paths";
import { emptyReceipt } from "../../../../install-scripts/apply/receipt";
import { configText } from "../../../../install-scripts/plan/host-config";

const HOME = "/home/me";
const D = `${HOME}/.local/share/goose-browser`;
const P = { platform: "linux" as const, home: HOME, env: {} };
const FILE = `${HOME}/.config/goose-browser/host.json`;
const receipt = () => emptyReceipt({ hostVersion: "0.1.0", platform: "linux", dataDir: D, launcher: `${D}/goose-browser-host` }, FILE);
const cfg = (profiles: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  configText({ defaultProfile: "goose", profiles: { goose: { command: "/bin/goose", args: ["acp"] }, ...profiles }, ...extra });
const agent = (v: string) => ({ command: `${D}/agents/a/${v}/bin/a`, args: [] });

describe("recordAdd", () => {
  it("owns a profile it added, follows it through upgrades, and never claims the user's own", () => {
    const first = recordAdd(receipt(), { id: "a", dirs: [], config: { before: cfg({}), after: cfg({ a: agent("1") }), dirs: [] } }).receipt;
    expect(first.profiles.map((x) => x.name)).toEqual(["a"]);
    const upgraded = recordAdd(first, {
      id: "a",
      dirs: [],
      config: { before: cfg({ a: agent("1") }), after: cfg({ a: agent("2") }), dirs: [] },
    }).receipt;
    expect(upgraded.profiles).not.toEqual(first.profiles);
    expect(withoutAddedProfiles(cfg({ a: agent("2") }), upgraded.profiles, P).removed).toEqual(["a"]);
    // The user's profile of that name, updated by add: still theirs.
    const users = recordAdd(receipt(), {
      id: "a",
      dirs: [],
      config: { before: cfg({ a: { command: "mine" } }), after: cfg({ a: agent("1") }), dirs: [] },
    });
    expect(users.receipt.profiles).toEqual([]);
  });

  it("keeps the previous version for one upgrade, then retires it", () => {
    const add = (r: ReturnType<typeof receipt>, v: string) =>
      recordAdd(r, { id: "a", agentDir: `${D}/agents/a/${v}`, dirs: [], config: { after: cfg({ a: agent(v) }), dirs: [] } });
    const one = add(receipt(), "1");
    const two = add(one.receipt, "2");
    expect(two.removeDirs).toEqual([]);
    const three = add(two.receipt, "3");
    expect(three.removeDirs).toEqual([`${D}/agents/a/1`]);
    expect(three.receipt.agents).toEqual([
      { id: "a", dir: `${D}/agents/a/2`, previous: true },
      { id: "a", dir: `${D}/agents/a/3` },
    ]);
    // The same version again changes nothing.
    expect(add(three.receipt, "3").receipt.agents).toEqual(three.receipt.agents);
  });

  it("owns a host.json it created, and one still as the installer wrote it", () => {
    const created = recordAdd(receipt(), {
      id: "a",
      dirs: [],
      config: { after: cfg({ a: agent("1") }), dirs: [`${HOME}/.config/goose-browser`] },
    });
    expect(created.receipt.config.sha256).toBeDefined();
    expect(created.receipt.config.dirs).toEqual([`${HOME}/.config/goose-browser`]);
    const users = recordAdd(receipt(), { id: "a", dirs: [], config: { before: cfg({}), after: cfg({ a: agent("1") }), dirs: [] } });
    expect(users.receipt.config.sha256).toBeUndefined();
  });
});

describe("withoutAddedProfiles", () => {
  it("removes only unchanged profiles, and none the config's defaultProfile needs", () => {
    const added = recordAdd(receipt(), { id: "a", dirs: [], config: { before: cfg({}), after: cfg({ a: agent("1") }), dirs: [] } }).receipt
      .profiles;
    expect(withoutAddedProfiles(cfg({ a: { ...agent("1"), env: { K: "v" } } }), added, P)).toMatchObject({
      removed: [],
      kept: [{ name: "a", why: "changed since it was added" }],
    });
    const needed = withoutAddedProfiles(cfg({ a: agent("1") }, { defaultProfile: "a" }), added, P);
    expect(needed.removed).toEqual([]);
    expect(needed.kept[0]?.why).toContain("the config needs it");
    const gone = withoutAddedProfiles(cfg({ a: agent("1") }, { debug: true }), added, P);
    expect(JSON.parse(gone.text)).toEqual({
      defaultProfile: "goose",
      profiles: { goose: { command: "/bin/goose", args: ["acp"] } },
      debug: true,
    });
  });
});

describe("isAgentDir", () => {
  it("is an agent's version folder inside the data folder, nothing above or outside it", () => {
    expect(isAgentDir(`${D}/agents/a/1.0.0`, P)).toBe(true);
    expect(isAgentDir(`${D}/agents/a`, P)).toBe(false);
    expect(isAgentDir(`${D}/agents/a/1/bin`, P)).toBe(false);
    expect(isAgentDir(`${D}/agents/../../x/y`, P)).toBe(false);
    expect(isAgentDir(`${HOME}/x/y`, P)).toBe(false);
  });
});
