/**
 * The panel on a goose serve profile, end to end in Chromium: the host connects to the real `goose
 * serve` from npm (our model server as its provider) instead of starting goose, and the panel chats
 * as with any agent; the server killed and started again mid-session, the panel comes back by itself
 * and goes on; an approval asked and answered; History lists a session another client of the server
 * made (as goose Desktop would) and opens it. The extension needs nothing new for it: the profile is
 * one more in the host's list.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { useHarness } from "../e2e/fixture";
import { agentBubbles, LONG, sendPrompt, userBubbles, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { sessionElsewhere, startGooseServe } from "../helpers/goose-serve";
import { goesOnAfterRestart, gooseBuilds } from "./real-goose";

const launch = useHarness();

describe.each(gooseBuilds())("goose serve $version in the panel", (build) => {
  it("chats through the server, and comes back by itself after the server restarts", async () => {
    const serve = await startGooseServe(build.binary);
    onTestFinished(() => serve.close());
    const h = await launch({ extraProfiles: { desktop: { url: serve.url, token: serve.token } }, defaultProfile: "desktop" });
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hello from the panel");
    await waitForText(agentBubbles(page), "You said: hello from the panel");
    await waitForTurnEnd(page);

    await goesOnAfterRestart(page, serve);
    expect(fs.readFileSync(h.hostLog, "utf8")).not.toContain(serve.token);
  });

  it("asks before a tool call and runs it once allowed; History lists another client's session and opens it", async () => {
    const serve = await startGooseServe(build.binary);
    onTestFinished(() => serve.close());
    await sessionElsewhere(serve, "made in goose desktop");
    const h = await launch({ extraProfiles: { desktop: { url: serve.url, token: serve.token } }, defaultProfile: "desktop" });
    const page = await h.openPanel();
    await waitForReady(page);
    const target = path.join(h.workDir, "allowed.txt");
    await sendPrompt(page, `write ${target} written through goose serve`);
    await page.getByRole("group", { name: "Permission request" }).getByRole("button", { name: "Allow once" }).click({ timeout: LONG });
    await waitForText(agentBubbles(page), `Wrote ${target}.`);
    await waitForTurnEnd(page);
    expect(fs.readFileSync(target, "utf8")).toBe("written through goose serve\n");

    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("region", { name: "Session history" });
    await history.getByRole("button", { name: "made in goose desktop", exact: true }).click({ timeout: LONG });
    await waitForText(userBubbles(page), "made in goose desktop");
    await waitForText(agentBubbles(page), "You said: made in goose desktop");
  });
});
