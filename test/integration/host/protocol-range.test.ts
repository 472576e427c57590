/**
 * The host announces the protocol it speaks, the oldest extension protocol it serves and its
 * features, and starts the agent for an extension anywhere in that range. A build of another
 * protocol (test/helpers: a build-time define, never an environment switch) stands in for a newer host.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildHost } from "../../../native-host/build";
import { HOST_CAPABILITIES, HOST_PROTOCOL_VERSION, MIN_EXTENSION_PROTOCOL } from "../../../shared/host-protocol";
import { SERVE_PROFILES_CAPABILITY } from "../../../shared/serve-profiles";
import { HostUnderTest, stopChecked } from "../../helpers/host-harness";

const N = HOST_PROTOCOL_VERSION;
let host: HostUnderTest | undefined;
let scratch: string;
/** Protocol N+1 that still serves extensions of protocol N. */
let newer: string;

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "gb-protocol-"));
  newer = (
    await buildHost({
      outDir: scratch,
      version: "9.0.0",
      protocol: { protocolVersion: N + 1, minExtensionProtocol: N, capabilities: [...HOST_CAPABILITIES, "something_new"] },
    })
  ).launcher!;
}, 120_000);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
afterEach(async () => {
  await stopChecked(host);
  host = undefined;
});

async function startAt(h: HostUnderTest, protocolVersion: unknown) {
  await h.waitForHost("hello");
  h.send({ host: { type: "start", protocolVersion } });
}

describe("the host's protocol range", () => {
  it("says in its hello what it serves: its features and how far back", async () => {
    host = new HostUnderTest();
    const hello = await host.waitForHost("hello");
    expect(hello).toMatchObject({
      protocolVersion: N,
      minExtensionProtocol: MIN_EXTENSION_PROTOCOL,
      capabilities: [...HOST_CAPABILITIES, SERVE_PROFILES_CAPABILITY],
      browserTools: true,
    });
  });

  it("refuses an extension older than it serves, telling it to update the extension, and starts nothing", async () => {
    host = new HostUnderTest();
    await startAt(host, MIN_EXTENSION_PROTOCOL - 1);
    const error = await host.waitForHost("error");
    expect(error.code).toBe("protocol_mismatch");
    expect(error.message).toContain("update the extension");
    expect(host.statuses()).not.toContain("running");
  });

  it("refuses an extension newer than it speaks, telling it to update the host", async () => {
    host = new HostUnderTest();
    await startAt(host, N + 1);
    const error = await host.waitForHost("error");
    expect(error.message).toContain("update the host");
  });

  it("a newer host built to serve protocol N starts the agent for an extension of protocol N", async () => {
    host = new HostUnderTest({ launcher: newer });
    const hello = await host.waitForHost("hello");
    expect(hello).toMatchObject({ hostVersion: "9.0.0", protocolVersion: N + 1, minExtensionProtocol: N });
    expect(hello.capabilities).toContain("something_new");
    await startAt(host, N);
    await host.waitForStatus("running");
    expect((await host.initialize()).error).toBeUndefined();
  });

  it("that newer host still refuses protocol N−1", async () => {
    host = new HostUnderTest({ launcher: newer });
    await startAt(host, N - 1);
    const error = await host.waitForHost("error");
    expect(error.message).toContain(`serves ${N} to ${N + 1}`);
  });
});
