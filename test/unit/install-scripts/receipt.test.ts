/** The receipt: round trip, stable bytes, merging across runs, and what uninstall may touch. */
import { describe, expect, it } from "vitest";
import { emptyReceipt, mergeReceipts, parseReceipt, type Receipt, serializeReceipt } from "../../../install-scripts/apply/receipt";
import { isOurFile } from "../../../install-scripts/apply/uninstall";

const D = "/home/me/.local/share/goose-browser";

function sample(): Receipt {
  const r = emptyReceipt(
    { hostVersion: "0.1.0", platform: "linux", dataDir: D, launcher: `${D}/goose-browser-host` },
    "/home/me/.config/goose-browser/host.json",
  );
  r.files.push(
    { path: `${D}/host.cjs`, what: "host bundle" },
    { path: "/home/me/.config/google-chrome/NativeMessagingHosts/dev.goose_browser.host.json", what: "manifest for Google Chrome" },
    { path: `${D}/goose-browser-host`, what: "launcher" },
  );
  r.dirs.push(D, "/home/me/.config/google-chrome/NativeMessagingHosts");
  r.registryKeys.push({
    key: "HKCU\\Software\\Mozilla\\NativeMessagingHosts\\dev.goose_browser.host",
    value: "C:\\x.json",
    what: "registry key for Firefox",
  });
  r.config.dirs.push("/home/me/.config/goose-browser");
  return r;
}

describe("receipt", () => {
  it("round-trips through its JSON", () => {
    const text = serializeReceipt(sample());
    expect(parseReceipt(text)).toEqual(parseReceipt(serializeReceipt(parseReceipt(text))));
    expect(serializeReceipt(parseReceipt(text))).toBe(text);
    expect(parseReceipt(text).files.map((f) => f.what)).toEqual(["manifest for Google Chrome", "launcher", "host bundle"]);
  });

  it("serializes the same content to the same bytes whatever the order, with no timestamps", () => {
    const a = sample();
    const b = sample();
    b.files.reverse();
    b.dirs.reverse();
    b.files.push(b.files[0]!);
    expect(serializeReceipt(a)).toBe(serializeReceipt(b));
    expect(serializeReceipt(a)).not.toMatch(/20\d\d-/);
  });

  it.each([
    ["not json", /JSON/],
    ['{"receiptVersion":2}', /unknown receiptVersion/],
    [JSON.stringify({ ...sample(), files: [{ path: "/x" }] }), /files\[0\]\.what/],
    [JSON.stringify({ ...sample(), config: undefined }), /config/],
  ])("refuses %s", (text, why) => {
    expect(() => parseReceipt(text)).toThrow(why);
  });

  it("a later run keeps what earlier runs wrote that still exists", () => {
    const previous = sample();
    const current = emptyReceipt(
      { hostVersion: "0.2.0", platform: "linux", dataDir: D, launcher: `${D}/goose-browser-host` },
      "/home/me/.config/goose-browser/host.json",
    );
    current.files.push({ path: "/home/me/.mozilla/native-messaging-hosts/dev.goose_browser.host.json", what: "manifest for Firefox" });
    const gone = `${D}/host.cjs`;
    const merged = mergeReceipts(previous, current, { file: (f) => f !== gone, dir: () => true, key: () => false, createdKey: () => true });
    expect(merged.hostVersion).toBe("0.2.0");
    expect(merged.files.map((f) => f.path)).toEqual([
      "/home/me/.config/google-chrome/NativeMessagingHosts/dev.goose_browser.host.json",
      `${D}/goose-browser-host`,
      "/home/me/.mozilla/native-messaging-hosts/dev.goose_browser.host.json",
    ]);
    expect(merged.registryKeys).toEqual([]);
    expect(merged.config.dirs).toEqual(["/home/me/.config/goose-browser"]);
  });

  it("uninstall only touches our manifest file name or files inside the data dir", () => {
    const r = sample();
    expect(isOurFile("/home/me/.config/vivaldi/NativeMessagingHosts/dev.goose_browser.host.json", r, "linux")).toBe(true);
    expect(isOurFile(`${D}/host.cjs`, r, "linux")).toBe(true);
    expect(isOurFile("/home/me/.bashrc", r, "linux")).toBe(false);
    expect(isOurFile(`${D}/../other/file`, r, "linux")).toBe(false);
    expect(isOurFile(D, r, "linux")).toBe(false);
  });

  it("lists what add wrote once each, and leaves those fields out while empty (older receipts keep their bytes)", () => {
    const plain = serializeReceipt(sample());
    expect(plain).not.toMatch(/"agents"|"profiles"|"caches"/);
    const r = sample();
    const dir = `${D}/agents/a/1.0.0`;
    r.agents.push({ id: "a", dir }, { id: "a", dir });
    r.profiles.push({ name: "a", sha256: "1" }, { name: "a", sha256: "2" });
    r.caches.push("/home/me/.cache/goose-browser/acp-registry.json", "/home/me/.cache/goose-browser/acp-registry.json");
    const back = parseReceipt(serializeReceipt(r));
    expect(back.agents).toEqual([{ id: "a", dir }]);
    expect(back.profiles).toEqual([{ name: "a", sha256: "2" }]);
    expect(back.caches).toEqual(["/home/me/.cache/goose-browser/acp-registry.json"]);
    expect(() => parseReceipt(plain.replace('"files"', '"agents": {},\n  "files"'))).toThrow("agents must be a list");
  });
});
