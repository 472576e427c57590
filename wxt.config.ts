import { defineConfig } from "wxt";
import { DEV_EXTENSION_KEY, GECKO_ADDON_ID } from "./shared/extension-ids";

/** The mode of the store builds (`npm run release:stores`): the dev build's `key` left out. */
const STORE_MODE = "store";

/**
 * What the add-on transmits, in the categories of Firefox's built-in consent
 * (https://extensionworkshop.com/documentation/develop/firefox-builtin-data-consent/). AMO's policy
 * counts what goes to a native application as transmitted ("If the add-on uses native messaging, the
 * Add-on Policies … apply to any data sent to the native application as well":
 * https://extensionworkshop.com/documentation/publish/add-on-policies/#data-collection-and-transmission-disclosure-and-control),
 * so "none" would be wrong: on the user's request the page's text, a selection or a screenshot
 * (websiteContent) and the page's title and address, or with browser tools every open tab's
 * (browsingActivity), go to the local agent the user runs. Both are the add-on's primary function, so
 * required, not optional. Nothing goes anywhere else; the agent's own handling is its own policy.
 */
const data_collection_permissions = { required: ["websiteContent", "browsingActivity"] };

// See https://wxt.dev/api/config.html
export default defineConfig({
  srcDir: "extension",
  outDir: "dist/extension",
  publicDir: "extension/public",
  // `wxt zip -b firefox` also packs the sources addons.mozilla.org asks for: the code, not build output or test screenshots.
  zip: { excludeSources: ["dist/**", "test-results/**"] },
  manifest: ({ browser, mode }) => ({
    name: "goose",
    description: "goose, the open-source AI agent, in your browser's side panel",
    // A fixed public key gives unpacked builds a stable id that host manifests can allow. Store builds
    // (`--mode store`, install-scripts/release/release-stores.ts) leave it out: the stores assign the id.
    ...(browser === "firefox" || mode === STORE_MODE ? {} : { key: DEV_EXTENSION_KEY }),
    // activeTab + scripting: the page is read only on the user's gesture, never in the background.
    // tabGroups: browser tools open tabs into the agent's own group (no install-time warning).
    permissions: [
      "nativeMessaging",
      "storage",
      "contextMenus",
      "activeTab",
      "scripting",
      ...(browser === "firefox" ? [] : ["sidePanel", "tabGroups"]),
      // The e2e build stands in for the user having turned browser tools on (which requests "tabs").
      ...(mode === "e2e" ? ["tabs"] : []),
    ],
    // Requested at run time from a user's click: "tabs" when browser tools are turned on (list_tabs
    // sees every tab's title and address), a site's host access when the agent first reads it.
    optional_permissions: [
      "notifications",
      ...(mode === "e2e" ? [] : ["tabs"]),
      // MV2 (Firefox) has no optional_host_permissions: optional hosts are listed here.
      ...(browser === "firefox" && mode !== "e2e" ? ["<all_urls>"] : []),
    ],
    optional_host_permissions: ["<all_urls>"],
    // The e2e build only: a synthetic menu click or shortcut (all a headless test can fire) carries
    // no activeTab grant, so the test build gets the host access that grant would give.
    ...(mode === "e2e" ? { host_permissions: ["<all_urls>"] } : {}),
    // Firefox puts a new add-on's button in the Extensions menu unless it asks for the toolbar.
    action: { default_title: "Open goose", ...(browser === "firefox" ? { default_area: "navbar" } : {}) },
    commands: {
      "quick-prompt": {
        suggested_key: { default: "Alt+Shift+G" },
        description: "Open goose, with the selected text attached",
      },
    },
    // Firefox-only: Chrome lists it as an unrecognized key under the extension's "Errors" button.
    // 140 is the ESR this is tested on, and the first to read data_collection_permissions.
    ...(browser === "firefox"
      ? { browser_specific_settings: { gecko: { id: GECKO_ADDON_ID, strict_min_version: "140.0", data_collection_permissions } } }
      : {}),
  }),
});
