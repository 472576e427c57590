/**
 * A spawn that throws instead of emitting 'error' (on Windows an unshimmed `.cmd`: EINVAL; anywhere an
 * argument or variable with a NUL byte, as here) is a failed status with a fix, and the host lives on:
 * before, it was an unhandled rejection and exit 70.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FAKE_GOOSE, HostUnderTest, stopChecked } from "../../helpers/host-harness";

let host: HostUnderTest | undefined;
afterEach(async () => {
  await stopChecked(host);
  host = undefined;
});

describe("an agent that cannot be spawned", () => {
  it("is a failed status, the host keeps serving, and a fixed config starts the agent", async () => {
    host = new HostUnderTest({
      profiles: {
        goose: { command: FAKE_GOOSE, args: ["acp\u0000"], versionArgs: [] },
        good: { command: FAKE_GOOSE, args: ["acp"] },
      },
    });
    await host.waitForHost("hello");
    host.start();
    const failed = await host.waitForStatus("failed");
    expect(failed).toMatchObject({ command: FAKE_GOOSE, message: expect.stringContaining("could not be started: ERR_INVALID_ARG_VALUE") });
    expect(failed.fix).toMatch(/Check .* in a terminal/);
    expect(host.statuses()).toEqual(["discovering", "starting", "failed"]);
    // Still there: another profile starts and answers.
    host.start("good");
    await host.waitForStatus("running");
    expect((await host.initialize()).result).toMatchObject({ agentInfo: { version: "1.50.0" } });
    expect(host.child.exitCode).toBeNull();
  });

  it("a version command that cannot be spawned fails the check instead of the host", async () => {
    host = new HostUnderTest({
      profiles: { goose: { command: FAKE_GOOSE, args: ["acp"], versionArgs: ["--version\u0000"], minVersion: "1.0.0" } },
    });
    await host.waitForHost("hello");
    host.start();
    const failed = await host.waitForStatus("failed");
    expect(failed.message).toMatch(/could not be run: ERR_INVALID_ARG_VALUE/);
    expect(host.child.exitCode).toBeNull();
  });
});
