/** The extensions the host serves: development, Chrome Web Store and Edge Add-ons ids, all well formed. */
import { describe, expect, it } from "vitest";
import { CHROME_WEB_STORE_ID, CHROMIUM_EXTENSION_IDS, DEV_EXTENSION_ID, EDGE_ADDONS_ID } from "../../../shared/extension-ids";

describe("CHROMIUM_EXTENSION_IDS", () => {
  it("holds the development id and both store ids, each once and each a Chromium id", () => {
    expect(CHROMIUM_EXTENSION_IDS).toEqual([DEV_EXTENSION_ID, CHROME_WEB_STORE_ID, EDGE_ADDONS_ID]);
    expect(new Set(CHROMIUM_EXTENSION_IDS).size).toBe(3);
    for (const id of CHROMIUM_EXTENSION_IDS) expect(id).toMatch(/^[a-p]{32}$/);
  });
});
