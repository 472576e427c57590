import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hostCommands } from "../../../../native-host/relay/host-commands";
import { parseConfig } from "../../../../native-host/setup/config";
import { HOST_PROTOCOL_VERSION, type HostCommand, MIN_EXTENSION_PROTOCOL } from "../../../../shared/host-protocol";

function commands() {
  const calls: string[] = [];
  const config = parseConfig({}, { platform: "linux", home: os.homedir(), env: {} });
  const dispatch = hostCommands({
    live: { loaded: { file: path.join(os.tmpdir(), "never-written.json"), config }, reload: () => calls.push("reload") },
    platform: { platform: "linux", home: os.homedir(), env: {} },
    startAgent: (profile, cwd) => calls.push(`start ${profile} ${cwd}`),
    restartAgent: (profile, cwd) => calls.push(`restart ${profile} ${cwd}`),
    browserTools: { command: (cmd) => calls.push(`tools ${cmd.type}`) },
    files: { undo: (sessionId, editId) => calls.push(`undo ${sessionId} ${editId}`) },
    send: (message) => calls.push(`send ${message.type}`),
    refuse: (code) => calls.push(`refuse ${code}`),
  });
  return { calls, run: (cmd: unknown) => dispatch(cmd as HostCommand) };
}

describe("host commands", () => {
  it("routes each command type to its handler", () => {
    const { calls, run } = commands();
    run({ type: "start", protocolVersion: HOST_PROTOCOL_VERSION, profile: "goose", cwd: os.tmpdir() });
    run({ type: "restart" });
    run({ type: "browser_tools", enabled: true });
    run({ type: "tool_result", callId: "1", content: [] });
    expect(calls).toEqual([`start goose ${os.tmpdir()}`, "restart undefined undefined", "tools browser_tools", "tools tool_result"]);
  });

  it("routes a well-formed undo_edit to the files, and refuses one that does not fit its schema", async () => {
    const { calls, run } = commands();
    run({ type: "undo_edit", sessionId: "s1", editId: "3-0123abcd" });
    run({ type: "undo_edit", sessionId: "s1", editId: "../../etc/passwd" });
    run({ type: "undo_edit", editId: "3-0123abcd" });
    // The schema is loaded on first use.
    await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(3);
    expect(calls).toEqual(["undo s1 3-0123abcd", "refuse invalid_command", "refuse invalid_command"]);
  });

  it("checks the profile, the folder and the protocol before starting", () => {
    const { calls, run } = commands();
    run({ type: "start", protocolVersion: HOST_PROTOCOL_VERSION, profile: "nobody" });
    run({ type: "restart", cwd: "relative/folder" });
    run({ type: "start", protocolVersion: HOST_PROTOCOL_VERSION + 1 });
    run({ type: "start", protocolVersion: MIN_EXTENSION_PROTOCOL - 1 });
    run({ type: "start", protocolVersion: "3" });
    expect(calls).toEqual([
      "refuse unknown_profile",
      "refuse invalid_cwd",
      "refuse protocol_mismatch",
      "refuse protocol_mismatch",
      "refuse protocol_mismatch",
    ]);
  });

  it("serves every extension protocol from the oldest it announces to its own", () => {
    const { calls, run } = commands();
    for (let v = MIN_EXTENSION_PROTOCOL; v <= HOST_PROTOCOL_VERSION; v++) run({ type: "start", protocolVersion: v });
    expect(calls).toEqual(Array(HOST_PROTOCOL_VERSION - MIN_EXTENSION_PROTOCOL + 1).fill("start undefined undefined"));
  });

  it("refuses a type it has no route for, inherited names included", () => {
    const { calls, run } = commands();
    for (const type of ["shutdown", "toString", "constructor", "__proto__", 7]) run({ type });
    expect(calls).toEqual(Array(5).fill("refuse unknown_command"));
  });

  it("sends only the newest of overlapping diagnoses: an older config's slower answer never replaces it", async () => {
    // A profile whose version check takes a while, then (host.json edited) a config without it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "diagnose-order-"));
    const slow = path.join(dir, "slow-agent");
    fs.writeFileSync(slow, "#!/bin/sh\nsleep 0.5\necho 1.0.0\n", { mode: 0o755 });
    const p = { platform: "linux" as const, home: os.homedir(), env: {} };
    const before = parseConfig(
      { defaultProfile: "slow", profiles: { slow: { command: slow, minVersion: "1.0.0", versionArgs: ["--version"] } } },
      p,
    );
    const after = parseConfig({}, p);
    let config = before;
    const sent: { type: string; profiles?: { name: string }[] }[] = [];
    const dispatch = hostCommands({
      live: {
        get loaded() {
          return { file: "/nowhere/host.json", config };
        },
        reload: () => {},
      },
      platform: p,
      startAgent: () => {},
      restartAgent: () => {},
      browserTools: { command: () => {} },
      files: { undo: () => {} },
      send: (message) => void sent.push(message),
      refuse: () => {},
    });
    dispatch({ type: "diagnose" });
    config = after;
    dispatch({ type: "diagnose" });
    await expect.poll(() => sent.length).toBe(1);
    // Long enough for the slow one to have answered, had it been sent.
    await new Promise((r) => setTimeout(r, 1000));
    expect(sent.map((m) => m.profiles?.map((x) => x.name))).toEqual([["goose"]]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
