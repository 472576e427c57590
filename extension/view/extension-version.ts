import browser from "webextension-polyfill";

/** This extension's version (package.json's, which the host package shares): it names the host that fits. */
export function extensionVersion(): string {
  return browser.runtime.getManifest().version;
}
