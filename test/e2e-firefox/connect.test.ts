/** The sidebar page in real Firefox says what to install without the host, and reaches goose through the one Firefox finds in ~/.mozilla. */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { GECKO_ADDON_ID, HOST_NAME } from "../../shared/extension-ids";
import { closeAfterTest, type FirefoxHarness, launchFirefox } from "./harness";
import { byRole, find, screenshot, texts, waitForReady, waitForText } from "./panel";

let harness: FirefoxHarness | undefined;

afterEach(async (ctx) => {
  await closeAfterTest(harness, ctx);
  harness = undefined;
});

/** The status line, or the error card that takes its place. */
const STATUS = '[role="status"], [role="alert"]';

describe("Firefox: connecting", () => {
  it("says no host serves the add-on and what to run; once it is installed, connects by itself to the scripted agent", async () => {
    harness = await launchFirefox({ manifest: "missing" });
    const page = await harness.openPanel();
    await waitForText(page, STATUS, "Firefox found no goose-browser host for this add-on.");
    await waitForText(page, STATUS, "npx -y goose-browser@latest install");
    await screenshot(page, "not-installed");

    harness.installHost();
    await waitForReady(page);
    await waitForText(page, STATUS, `goose 1.50.0 is running in ${harness.workDir}`);
    // Named as the agent names itself.
    await find(page, byRole("textbox", "Message goose"));
    expect(await texts(page, "h1")).toEqual(["goose"]);
    await screenshot(page, "connected");

    // Firefox started the host itself, from the manifest in the temporary HOME, naming the add-on.
    const manifest = path.join(harness.dir, "home/.mozilla/native-messaging-hosts", `${HOST_NAME}.json`);
    expect(fs.readFileSync(harness.hostLog, "utf8")).toContain(`started by ${JSON.stringify([manifest, GECKO_ADDON_ID])}`);
    expect(harness.agentMessages().find((m) => m.method === "initialize")).toBeDefined();

    // The options page's diagnostics name the add-on by its id (what Firefox's host manifest allows) and the host's log.
    const options = await harness.openExtensionPage("options.html");
    await waitForText(options, "dl", `Extension id\n${GECKO_ADDON_ID}`);
    await waitForText(options, "dl", harness.hostLog);
    await waitForText(options, "details", "started by");
  });
});
