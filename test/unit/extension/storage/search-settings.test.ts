/** The search switch in the settings: on by default, and on for settings stored before it existed. */
// First: installs the fake browser the storage modules read when they load.
import "../../../helpers/dom/fake-browser";

import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";

beforeEach(() => fakeBrowser.reset());

describe("the search setting", () => {
  it("is on by default", async () => {
    const { settingsItem } = await import("../../../../extension/storage/settings");
    expect((await settingsItem.getValue()).search).toBe(true);
  });

  it("is added, on, to settings stored before it existed, keeping the rest", async () => {
    await fakeBrowser.storage.local.set({
      "goose.settings": { sendSelectionImmediately: true, defaultSelectionPrompt: "Why?", notify: true },
    });
    const { settingsItem } = await import("../../../../extension/storage/settings");
    await settingsItem.migrate();
    expect(await settingsItem.getValue()).toEqual({
      sendSelectionImmediately: true,
      defaultSelectionPrompt: "Why?",
      notify: true,
      search: true,
    });
  });
});
