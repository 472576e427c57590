import { defineConfig } from "wxt";
import { DEV_EXTENSION_KEY, GECKO_ADDON_ID } from "./shared/extension-ids";

// See https://wxt.dev/api/config.html
export default defineConfig({
  srcDir: "extension",
  outDir: "dist/extension",
  manifest: ({ browser }) => ({
    name: "goose",
    description: "goose, the open-source AI agent, in your browser's side panel",
    // A fixed public key gives unpacked builds a stable id that host manifests can allow.
    ...(browser === "firefox" ? {} : { key: DEV_EXTENSION_KEY }),
    permissions: ["nativeMessaging", "storage", ...(browser === "firefox" ? [] : ["sidePanel"])],
    action: { default_title: "Open goose" },
    // Firefox-only: Chrome lists it as an unrecognized key under the extension's "Errors" button.
    ...(browser === "firefox" ? { browser_specific_settings: { gecko: { id: GECKO_ADDON_ID } } } : {}),
  }),
});
