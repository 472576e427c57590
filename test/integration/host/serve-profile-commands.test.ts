/**
 * The options page's goose serve profiles, through the built host over real pipes: `save_serve_profile`
 * writes host.json as `goose-browser connect` does (the owner's alone, everything else kept), the host
 * re-reads it and says so (`config`) before its answer, and `remove_serve_profile` takes it out again.
 * What the host will not write (a profile that runs a command, ws:// to another machine, a bad name) is
 * refused in words and leaves the file as it was. The token is in host.json and nowhere else.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ServeProfileResult } from "../../../shared/serve-profiles";
import { expectNowhere, HostUnderTest, stopChecked } from "../../helpers/host-harness";

const TOKEN = "options-page-token-5d1e0b";
let host: HostUnderTest | undefined;
afterEach(async () => {
  expectNowhere(host, TOKEN);
  await stopChecked(host);
  host = undefined;
});

/** The host's answer to the command sent `nth` (1: the first) of this name. */
async function answer(h: HostUnderTest, name: string, nth = 1): Promise<ServeProfileResult> {
  const answers = () =>
    h.received.flatMap((m) => (m.kind === "host" && m.event.type === "serve_profile_result" && m.event.name === name ? [m.event] : []));
  await h.waitFor(() => answers().length >= nth, 10_000, `answer ${nth} for ${name}`);
  return answers()[nth - 1]!;
}

const readConfig = (h: HostUnderTest) => JSON.parse(fs.readFileSync(path.join(h.dir, "host.json"), "utf8"));

describe("goose serve profiles from the options page", () => {
  it("adds a profile to host.json, lists it, updates its token, and removes it", async () => {
    host = new HostUnderTest();
    const hello = await host.waitForHost("hello");
    expect(hello.capabilities).toContain("serve_profiles");
    const before = readConfig(host);

    host.send({ host: { type: "save_serve_profile", name: "desktop", url: "ws://127.0.0.1:3284/acp", token: TOKEN } });
    expect(await answer(host, "desktop")).toEqual({
      type: "serve_profile_result",
      name: "desktop",
      command: "save_serve_profile",
      outcome: "added",
    });
    // The host re-read the file before answering: the extension has the new list first.
    const config = host.received.findIndex((m) => m.kind === "host" && m.event.type === "config");
    const saved = host.received.findIndex((m) => m.kind === "host" && m.event.type === "serve_profile_result");
    expect(config).toBeGreaterThanOrEqual(0);
    expect(config).toBeLessThan(saved);
    expect(host.received[config]).toMatchObject({ event: { profiles: ["goose", "desktop"] } });
    const after = readConfig(host);
    expect(after).toEqual({ ...before, profiles: { ...before.profiles, desktop: { url: "ws://127.0.0.1:3284/acp", token: TOKEN } } });
    expect(fs.statSync(path.join(host.dir, "host.json")).mode & 0o777).toBe(0o600);

    host.send({ host: { type: "diagnose" } });
    const d = await host.waitForHost("diagnostics");
    // Nothing listens there: the diagnosis says so, marked as a goose serve profile, without the token.
    expect(d.profiles.find((p) => p.name === "desktop")).toMatchObject({ serve: true, command: "ws://127.0.0.1:3284/acp", problem: {} });

    host.send({ host: { type: "save_serve_profile", name: "desktop", url: "ws://localhost:3284/acp", token: `${TOKEN}-2` } });
    expect(await answer(host, "desktop", 2)).toMatchObject({ outcome: "updated" });
    expect(readConfig(host).profiles.desktop).toEqual({ url: "ws://localhost:3284/acp", token: `${TOKEN}-2` });

    host.send({ host: { type: "remove_serve_profile", name: "desktop" } });
    expect(await answer(host, "desktop", 3)).toMatchObject({ command: "remove_serve_profile", outcome: "removed" });
    expect(readConfig(host)).toEqual(before);
    await host.waitFor((m) => m.kind === "host" && m.event.type === "config" && m.event.profiles.join() === "goose", 5_000, "config");
  });

  it("refuses in words what it will not write, and leaves host.json as it was", async () => {
    host = new HostUnderTest();
    await host.waitForHost("hello");
    const file = path.join(host.dir, "host.json");
    const text = fs.readFileSync(file, "utf8");

    host.send({ host: { type: "save_serve_profile", name: "goose", url: "ws://127.0.0.1:3284/acp", token: TOKEN } });
    expect(await answer(host, "goose")).toMatchObject({ error: expect.stringMatching(/profiles\.goose .* runs a command/) });
    host.send({ host: { type: "remove_serve_profile", name: "goose" } });
    expect(await answer(host, "goose", 2)).toMatchObject({ error: expect.stringMatching(/runs a command: only a goose serve profile/) });
    host.send({ host: { type: "save_serve_profile", name: "far", url: "ws://192.0.2.7:3284/acp", token: TOKEN } });
    expect(await answer(host, "far")).toMatchObject({ error: expect.stringMatching(/profiles\.far\.url .*wss:\/\//) });
    host.send({ host: { type: "save_serve_profile", name: "spaced", url: "ws://127.0.0.1:3284/acp", token: "has spaces" } });
    expect(await answer(host, "spaced")).toMatchObject({ error: expect.stringMatching(/profiles\.spaced\.token must be/) });
    host.send({ host: { type: "save_serve_profile", name: "../etc", url: "ws://127.0.0.1:3284/acp", token: TOKEN } });
    expect(await answer(host, "../etc")).toMatchObject({ error: expect.stringMatching(/is not a profile name/) });
    host.send({ host: { type: "remove_serve_profile", name: "nobody" } });
    expect(await answer(host, "nobody")).toMatchObject({ error: expect.stringMatching(/has no profile named "nobody"/) });

    expect(fs.readFileSync(file, "utf8")).toBe(text);
    expect(host.received.some((m) => m.kind === "host" && m.event.type === "config")).toBe(false);
  });
});
