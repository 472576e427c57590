/**
 * Which pages the browser tools may read or act on. Pure. Only web pages: never the browser's own pages,
 * the extension stores, other extensions' pages or ours (a page of ours would let the agent drive its own
 * consent prompts). `file:` pages only when the user has ticked the browser's "Allow access to file URLs"
 * for this extension (off by default), and then, like any site, only after the per-site consent.
 */

export type SiteCheck =
  /** `site`: how the user knows it (host name, or "local files"); `originPattern`: its host-permission pattern. */
  { ok: true; site: string; origin: string; originPattern: string } | { ok: false; reason: string };

export interface SitePolicyContext {
  /** This extension's origin, e.g. "chrome-extension://abc…". */
  ownOrigin: string;
  /** The user allowed file URLs for this extension (extension.isAllowedFileSchemeAccess). */
  fileAccess: boolean;
}

const INTERNAL_SCHEMES = new Set([
  "chrome:",
  "chrome-untrusted:",
  "chrome-search:",
  "chrome-devtools:",
  "devtools:",
  "edge:",
  "brave:",
  "opera:",
  "vivaldi:",
  "about:",
  "view-source:",
]);
const EXTENSION_SCHEMES = new Set(["chrome-extension:", "moz-extension:", "extension:", "safari-web-extension:"]);

/** Extension stores: browsers refuse scripting there, and an agent installing extensions is out of bounds. */
function isStore(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  const path = url.pathname.toLowerCase();
  return (
    host === "chromewebstore.google.com" ||
    (host === "chrome.google.com" && path.startsWith("/webstore")) ||
    (host === "microsoftedge.microsoft.com" && path.startsWith("/addons")) ||
    host === "addons.mozilla.org" ||
    host === "addons.opera.com"
  );
}

export function checkSite(url: string | undefined, ctx: SitePolicyContext): SiteCheck {
  if (!url) return { ok: false, reason: "The browser does not show the extension this tab's address, so it cannot be used." };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: `"${url.slice(0, 100)}" is not a web address.` };
  }
  const scheme = parsed.protocol;
  if (INTERNAL_SCHEMES.has(scheme))
    return { ok: false, reason: `${url.slice(0, 100)} is a browser page; browser tools never read or act on browser pages.` };
  if (EXTENSION_SCHEMES.has(scheme)) {
    const ours = parsed.origin === ctx.ownOrigin || `${scheme}//${parsed.host}` === ctx.ownOrigin.replace(/\/$/, "");
    return {
      ok: false,
      reason: ours
        ? "That is one of this extension's own pages; browser tools do not act on them."
        : "That is another extension's page; browser tools do not touch other extensions.",
    };
  }
  if (scheme === "file:") {
    if (!ctx.fileAccess) {
      return {
        ok: false,
        reason:
          'Local files are off limits unless the user turns on "Allow access to file URLs" for this extension in chrome://extensions.',
      };
    }
    return { ok: true, site: "local files", origin: "file://", originPattern: "file:///*" };
  }
  if (scheme !== "http:" && scheme !== "https:")
    return { ok: false, reason: `Only web pages (http and https) can be used, not ${scheme} addresses.` };
  if (isStore(parsed)) return { ok: false, reason: "Extension stores are off limits to browser tools." };
  return { ok: true, site: parsed.hostname, origin: parsed.origin, originPattern: `${scheme}//${parsed.hostname}/*` };
}
