/** Versioned host bundles: where a build goes, and which old ones an upgrade removes. */
import { describe, expect, it } from "vitest";
import { bundlesToPrune } from "../../../install-scripts/apply/host-versions";
import { type BundleState, bundlePath, installLayout } from "../../../install-scripts/browsers/layout";

const linux = installLayout({ platform: "linux", home: "/home/me", env: {} });
const win = installLayout({ platform: "win32", home: "C:\\Users\\me", env: { LOCALAPPDATA: "C:\\Users\\me\\AppData\\Local" } });
const SHA = "0123456789abcdef".repeat(4);
const states = (map: Record<string, BundleState>) => (file: string) => map[file] ?? "absent";

describe("bundlePath", () => {
  it("puts a version in a folder of its own, on every OS", () => {
    expect(bundlePath(linux, "linux", "0.2.0", SHA, states({}))).toBe("/home/me/.local/share/goose-browser/host/0.2.0/host.cjs");
    expect(bundlePath(win, "win32", "0.2.0", SHA, states({}))).toBe("C:\\Users\\me\\AppData\\Local\\goose-browser\\host\\0.2.0\\host.cjs");
  });

  it("keeps the same build where it is, and never rewrites another build of the same version", () => {
    const plain = "/home/me/.local/share/goose-browser/host/0.2.0/host.cjs";
    expect(bundlePath(linux, "linux", "0.2.0", SHA, states({ [plain]: "same" }))).toBe(plain);
    expect(bundlePath(linux, "linux", "0.2.0", SHA, states({ [plain]: "different" }))).toBe(
      "/home/me/.local/share/goose-browser/host/0.2.0+01234567/host.cjs",
    );
  });

  it.each(["", "../0.2.0", "0.2.0/x", "0.2.0 beta", ".hidden"])("refuses %j as a folder name", (version) => {
    expect(() => bundlePath(linux, "linux", version, SHA, states({}))).toThrow(/not a version/);
  });
});

describe("bundlesToPrune", () => {
  const [a, b, c] = ["/d/host/0.1.0/host.cjs", "/d/host/0.2.0/host.cjs", "/d/host/0.3.0/host.cjs"];

  it("an upgrade keeps the bundle it replaced and removes every older one", () => {
    expect(bundlesToPrune([a, b], b, c)).toEqual([a]);
    expect(bundlesToPrune([a, b, c], b, c)).toEqual([a]);
  });

  it("a run that leaves the launcher where it was removes nothing (installing twice changes nothing)", () => {
    expect(bundlesToPrune([a, b], b, b)).toEqual([]);
    expect(bundlesToPrune([a, b], undefined, b)).toEqual([]);
  });

  it("only the receipt's bundles are candidates: a launcher target the receipt does not list stays", () => {
    expect(bundlesToPrune([a], "/elsewhere/host.cjs", c)).toEqual([a]);
  });
});
