/**
 * Firefox on a goose serve profile: the host connects to the real `goose serve` from npm (the newest
 * pin, or GOOSE_BINARY; test/e2e-goose/ runs both pins in Chromium) with our model server as its
 * provider, and the sidebar chats as with any agent; the server killed and started again, it goes on
 * by itself.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type GooseServe, startGooseServe } from "../helpers/goose-serve";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import { AGENT_BUBBLES, LONG, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "./panel";

const GOOSE = process.env.GOOSE_BINARY ?? path.resolve(import.meta.dirname, "../goose/node_modules/goose-newest/bin/goose");

let harness: FirefoxHarness | undefined;
let serve: GooseServe | undefined;
afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  await serve?.close();
  harness = undefined;
  serve = undefined;
});

describe("Firefox: goose serve", () => {
  it("chats through the server the host connects to, and goes on after the server restarts", async () => {
    if (!fs.existsSync(GOOSE)) throw new Error(`${GOOSE} is missing: run \`npm ci --prefix test/goose\` (or set GOOSE_BINARY)`);
    serve = await startGooseServe(GOOSE);
    harness = await launchFirefox({ extraProfiles: { desktop: { url: serve.url, token: serve.token } }, defaultProfile: "desktop" });
    const page = await harness.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hello from firefox");
    await waitForText(page, AGENT_BUBBLES, "You said: hello from firefox");
    await waitForTurnEnd(page);

    await serve.kill();
    await expect.poll(() => fs.readFileSync(harness!.hostLog, "utf8"), { timeout: LONG }).toContain("closed the connection");
    await serve.start();
    await expect
      .poll(() => fs.readFileSync(harness!.hostLog, "utf8").match(/connected to goose serve/g)?.length, { timeout: LONG })
      .toBe(2);
    await waitForReady(page);
    await sendPrompt(page, "after the restart");
    await waitForText(page, AGENT_BUBBLES, "You said: after the restart");
    await waitForTurnEnd(page);
    expect(fs.readFileSync(harness.hostLog, "utf8")).not.toContain(serve.token);
  });
});
