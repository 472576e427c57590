/** The panel's "host not installed" card and the README give the user the same commands. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { disconnectReason } from "../../../../extension/background/disconnect-reason";
import { INSTALL_HOST_COMMAND } from "../../../../extension/state/host-install";

const README = fs.readFileSync(path.resolve(import.meta.dirname, "../../../../README.md"), "utf8");
const ALLOWS = { label: "This extension's origin", value: "chrome-extension://ext/", key: "allowed_origins" };

describe("install command", () => {
  it("the not-installed card shows the command the README's install steps give", () => {
    const card = disconnectReason("Specified native messaging host not found.", { hostAllows: ALLOWS });
    expect(card.fix).toContain(`\`${INSTALL_HOST_COMMAND}\``);
    expect(README).toContain(`\`\`\`sh\n   ${INSTALL_HOST_COMMAND}\n   \`\`\``);
  });

  it("the README says goose needs a model provider, and the command that sets one", () => {
    expect(README).toMatch(/model provider[\s\S]{0,80}`goose configure`/);
  });
});
