/**
 * Who may talk to the native host. The development id is derived from the public `key` in
 * wxt.config.ts (sha256 of the DER key, first 32 hex digits mapped 0-f → a-p), so unpacked builds
 * have a stable id that host manifests can list before the extension is ever loaded.
 */
export const DEV_EXTENSION_KEY = [
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwgfRvKaxUCd50gU0ioPJ6xL+ZjBX+hVOrJQzUMCTQ8RbYBtUAA6wx3sP",
  "WaqD+8zSgzIobCNjW8dwg8LHOQq6b/Ym4zYhSWQjv0081iwFRoISYk90NgGx9Yc5FfPouIAfJB3RiPo9aNL05c0djkR68blStk6r",
  "UOodSFxDZ2NO0p+Ue7Wacp9KgKsaI40p80/Y5ALVKY4y4qSrSCNfCUSkxYmrQtphxTF3anSpv1VrS6D374S2V3T0pnthM1bIMFk5",
  "Fht9gHfPc1FMMM7KjqtQnuVWjgmWnNUo77J+fM9L4nvWyOL70xNA4o/EMgO5MprKT1MVddhNN4hQ3dpvv75VlwIDAQAB",
].join("");

export const DEV_EXTENSION_ID = "pnljljcndaiadglpnlgkgmginmofjkch";

/**
 * PLACEHOLDERS until the listings are published; each store assigns its own id (the store builds carry
 * no `key`), and the real ones replace these then. A placeholder is a well-formed id that no extension
 * can have (an id is the first 128 bits of the SHA-256 of the extension's public key), so allowing it
 * grants nothing in the meantime.
 */
export const CHROME_WEB_STORE_ID = "cccccccccccccccccccccccccccccccc";
export const EDGE_ADDONS_ID = "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

/**
 * The one list of Chromium extensions the host serves: the host's caller check, every manifest's
 * `allowed_origins`, the release package's ids.json and the tests all read it.
 */
export const CHROMIUM_EXTENSION_IDS: readonly string[] = [DEV_EXTENSION_ID, CHROME_WEB_STORE_ID, EDGE_ADDONS_ID];

/** Firefox add-on id (browser_specific_settings.gecko.id). */
export const GECKO_ADDON_ID = "goose-browser@goose-browser.dev";

/** The native-messaging host name: lowercase, dots and underscores only (Chrome's rule). */
export const HOST_NAME = "dev.goose_browser.host";

export function chromeOrigin(id: string): string {
  return `chrome-extension://${id}/`;
}
