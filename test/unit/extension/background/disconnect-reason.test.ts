import { describe, expect, it } from "vitest";
import "../../../helpers/dom/fake-browser";
import { causeOf, connectFailure, disconnectReason } from "../../../../extension/background/host/disconnect-reason";
import { chromiumPlatform, firefoxPlatform } from "../../../../extension/platform";
import { DEV_EXTENSION_ID } from "../../../../shared/extension-ids";

const unused = () => {
  throw new Error("not called");
};
const chromium = chromiumPlatform(unused);
const firefox = firefoxPlatform(unused);
const ctx = { hostAllows: chromium.hostAllowEntry("abcdefghijklmnopabcdefghijklmnop") };

describe("disconnect reasons", () => {
  it.each([
    ["Specified native messaging host not found.", "host_not_installed"],
    ["Access to the specified native messaging host is forbidden.", "forbidden"],
    ["Native host has exited.", "host_exited"],
    ["Error when communicating with the native messaging host.", "communication_error"],
    ["No such native application dev.goose_browser.host", "host_unavailable"],
    ["Failed to start native messaging host.", "host_not_starting"],
    ['File at path "/home/me/.local/share/goose-browser/goose-browser-host" does not exist, or is not executable', "host_not_starting"],
    ["Native application tried to send a message of 1048577 bytes, which exceeds the limit of 1048576 bytes.", "communication_error"],
    ["Something Chrome adds next year.", "unknown"],
    [undefined, "unknown"],
  ] as const)("maps %j to %s", (message, cause) => {
    expect(causeOf(message)).toBe(cause);
  });

  it("tells a host that stopped before its hello (it never started) from one that stopped later", () => {
    // Chrome: "Native host has exited." either way; Firefox: no error at all when the host exits.
    expect(causeOf("Native host has exited.", false)).toBe("host_not_starting");
    expect(causeOf(undefined, false)).toBe("host_not_starting");
    expect(causeOf("Native host has exited.", true)).toBe("host_exited");
    // The other causes do not depend on it.
    expect(causeOf("Specified native messaging host not found.", false)).toBe("host_not_installed");
    expect(causeOf("Access to the specified native messaging host is forbidden.", false)).toBe("forbidden");
    const r = disconnectReason("Native host has exited.", { ...ctx, saidHello: false });
    expect(r.fix).toContain("`node --version`");
  });

  it("tells a missing host to run the install command", () => {
    const r = disconnectReason("Specified native messaging host not found.", ctx);
    expect(r.fix).toContain("Run this command in a terminal");
    expect(r.fix).toContain("Node.js 20");
    expect(r.message).toBe("Specified native messaging host not found.");
  });

  it("says Firefox cannot tell a missing host from one for another add-on, and names the add-on id", () => {
    const r = disconnectReason("No such native application dev.goose_browser.host", {
      hostAllows: firefox.hostAllowEntry("ignored: Firefox allows by add-on id"),
    });
    expect(r.cause).toBe("host_unavailable");
    expect(r.fix).toContain("Firefox does not say which");
    expect(r.detail).toEqual({ label: "This add-on's id", lines: ["goose-browser@goose-browser.dev"] });
  });

  it("forbidden in Chromium: the fix promises what the command does, adding this id, which the reason carries bare", () => {
    const r = disconnectReason("Access to the specified native messaging host is forbidden.", ctx);
    expect(r.allowId).toBe("abcdefghijklmnopabcdefghijklmnop");
    expect(r.fix).toContain("it adds this extension's id");
    // The command shows the id: no second thing to copy.
    expect(r.detail).toBeUndefined();
    // A known id the host refused (an older host) is named too: the command is exact either way.
    const dev = disconnectReason("Access to the specified native messaging host is forbidden.", {
      hostAllows: chromium.hostAllowEntry(DEV_EXTENSION_ID),
    });
    expect(dev.allowId).toBe(DEV_EXTENSION_ID);
  });

  it("an id the installer does not know (a release zip loaded unpacked) goes into every install command, not only after a refusal", () => {
    expect(disconnectReason("Specified native messaging host not found.", ctx).allowId).toBe("abcdefghijklmnopabcdefghijklmnop");
    expect(disconnectReason("Native host has exited.", { ...ctx, saidHello: false }).allowId).toBe("abcdefghijklmnopabcdefghijklmnop");
    // The development key's id is in every manifest the installer writes; a host that stopped later needs no install.
    const dev = { hostAllows: chromium.hostAllowEntry(DEV_EXTENSION_ID) };
    expect(disconnectReason("Specified native messaging host not found.", dev).allowId).toBeUndefined();
    expect(disconnectReason("Native host has exited.", { ...ctx, saidHello: true }).allowId).toBeUndefined();
  });

  it("names the add-on id and allowed_extensions in Firefox's build", () => {
    const r = disconnectReason("Access to the specified native messaging host is forbidden.", {
      hostAllows: firefox.hostAllowEntry("ignored: Firefox allows by add-on id"),
    });
    expect(r.fix).toContain("allowed_extensions");
    expect(r.fix).toContain("this add-on's id");
    expect(r.detail).toEqual({ label: "This add-on's id", lines: ["goose-browser@goose-browser.dev"] });
    // Firefox allows by the add-on id fixed in the manifest: the installer always lists it.
    expect(r.allowId).toBeUndefined();
  });

  it("points an exited host at its log file when a hello said where it is", () => {
    const known = disconnectReason("Native host has exited.", { ...ctx, logFile: "/tmp/host.log" });
    expect(known.detail).toEqual({ label: "Host log", lines: ["/tmp/host.log"] });
    const unknown = disconnectReason("Native host has exited.", ctx);
    expect(unknown.fix).toContain("host's log file");
    expect(unknown.detail).toBeUndefined();
  });

  it("adds no detail where there is nothing to copy", () => {
    expect(disconnectReason("Specified native messaging host not found.", { ...ctx, logFile: "/tmp/host.log" }).detail).toBeUndefined();
  });

  it("explains a communication error as oversize or stray output", () => {
    const fix = disconnectReason("Error when communicating with the native messaging host.", ctx).fix;
    expect(fix).toContain("1 MiB");
    expect(fix).toContain("stdout");
  });

  it("keeps the browser's words when the port closed without an error", () => {
    const r = disconnectReason(undefined, ctx);
    expect(r.cause).toBe("unknown");
    expect(r.message).toBe("The host closed the connection.");
  });

  it("reports connectNative throwing as a failed connect, with its message", () => {
    const r = connectFailure(new Error("'nativeMessaging' permission is required"), ctx);
    expect(r).toMatchObject({ cause: "connect_failed", message: "'nativeMessaging' permission is required" });
  });
});
