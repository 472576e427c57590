/**
 * A profile added while the built host runs is listed and startable without restarting the host
 * (today's browsers would otherwise need a restart): `goose-browser add` writes host.json, the host
 * sees the change, tells the extension (`config`), and starts the new agent on request.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryRegistry } from "../../../install-scripts/browsers/registry";
import { runCli } from "../../../install-scripts/cli";
import { type CliContext, checkoutSource } from "../../../install-scripts/cli-context";
import { HOST_PROTOCOL_VERSION } from "../../../shared/host-protocol";
import { HostUnderTest } from "../../helpers/host-harness";
import { writeRegistryCopy } from "../../helpers/registry-copy";

let host: HostUnderTest | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** `goose-browser add <id>` for the host's user: its config file and a data folder in its dir. */
async function add(h: HostUnderTest, id: string, url: string): Promise<string> {
  const out: string[] = [];
  const env = { HOME: h.dir, PATH: "/usr/bin:/bin", GOOSE_BROWSER_HOST_CONFIG: path.join(h.dir, "host.json") };
  const ctx: CliContext = {
    p: { platform: process.platform, home: h.dir, env },
    execPath: process.execPath,
    nodeVersion: process.version,
    source: checkoutSource(path.resolve(import.meta.dirname, "../../..")),
    registry: new MemoryRegistry(),
    policyRoot: h.dir,
    systemRoot: h.dir,
    out: (t) => void out.push(t),
    err: (t) => void out.push(t),
  };
  const code = await runCli(["add", id, "--registry", url], ctx);
  expect(code, out.join("")).toBe(0);
  return out.join("");
}

describe("host config reload", () => {
  it("lists a profile added while it runs (a `config` message) and starts it, with no host restart", async () => {
    host = new HostUnderTest();
    const hello = await host.waitForHost("hello");
    expect(hello.profiles).toEqual(["goose"]);
    await host.startAgent();
    const copy = writeRegistryCopy(host.dir, { SCRIPTED_AGENT_STATE_DIR: path.join(host.dir, "agent-state") });

    await add(host, "scripted-tar", copy.url);
    const update = await host.waitForHost("config", 5_000);
    expect(update.profiles).toEqual(["goose", "scripted-tar"]);
    expect(update.defaultProfile).toBe("goose");
    expect(update.configFile).toBe(path.join(host.dir, "host.json"));
    expect(update.configError).toBeUndefined();
    // The running agent was left alone.
    expect(host.statuses().filter((s) => s === "running")).toHaveLength(1);

    host.send({ host: { type: "restart", profile: "scripted-tar" } });
    const running = await host.waitFor(
      (m) =>
        m.kind === "host" && m.event.type === "status" && m.event.status.state === "running" && m.event.status.profile === "scripted-tar",
      15_000,
      "scripted-tar running",
    );
    const status = (running as { event: { status: { command: string } } }).event.status;
    expect(status.command).toBe(path.join(host.dir, ".local/share/goose-browser/agents/scripted-tar/1.2.3/bin/scripted-agent"));
    const init = await host.initialize();
    expect(init.result).toMatchObject({ protocolVersion: 1 });
    expect(host.hostLog).toContain("config");
  });

  it("starts an npx agent added while it runs: node runs npm's npx-cli.js, no shell, offline from a local package", async () => {
    host = new HostUnderTest();
    await host.waitForHost("hello");
    const copy = writeRegistryCopy(host.dir, { SCRIPTED_AGENT_STATE_DIR: path.join(host.dir, "agent-state") });
    await add(host, "scripted-npx", copy.url);
    await host.waitFor((m) => m.kind === "host" && m.event.type === "config" && m.event.profiles.includes("scripted-npx"), 5_000, "config");
    host.start("scripted-npx");
    const running = await host.waitFor(
      (m) =>
        m.kind === "host" && m.event.type === "status" && m.event.status.state === "running" && m.event.status.profile === "scripted-npx",
      60_000,
      "scripted-npx running",
    );
    expect(fs.realpathSync((running as { event: { status: { command: string } } }).event.status.command)).toBe(
      fs.realpathSync(process.execPath),
    );
    const init = await host.initialize();
    expect(init.result).toMatchObject({ protocolVersion: 1 });
  });

  it("re-reads the config on start even before the watch fires, and reports a broken edit without stopping", async () => {
    host = new HostUnderTest();
    await host.waitForHost("hello");
    const file = path.join(host.dir, "host.json");
    const config = JSON.parse(fs.readFileSync(file, "utf8")) as { profiles: Record<string, unknown> };
    const added = { ...config, profiles: { ...config.profiles, second: config.profiles.goose } };
    fs.writeFileSync(file, JSON.stringify(added));
    // At once: the watch waits for the writes to settle, the start must not.
    host.send({ host: { type: "start", protocolVersion: HOST_PROTOCOL_VERSION, profile: "second" } });
    await host.waitFor(
      (m) => m.kind === "host" && m.event.type === "status" && m.event.status.state === "running" && m.event.status.profile === "second",
      15_000,
      "second running",
    );
    expect(host.received.some((m) => m.kind === "host" && m.event.type === "error")).toBe(false);
    const configs = () => host!.received.flatMap((m) => (m.kind === "host" && m.event.type === "config" ? [m.event] : []));
    expect(configs().at(-1)?.profiles).toEqual(["goose", "second"]);

    fs.writeFileSync(file, "{ not json");
    await host.waitFor(() => configs().some((c) => c.configError !== undefined), 5_000, "config with an error");
    expect(configs().at(-1)?.configError).toContain("not a valid host config");
    // The agent that was running keeps running.
    expect(host.statuses().at(-1)).toBe("running");
  });
});
