/**
 * Who started the host. Chrome passes the caller origin `chrome-extension://<id>/` (Windows adds
 * `--parent-window=<hwnd>`); Firefox passes the manifest path and the add-on id. The browser already
 * checked its manifest's allow-list; checking again here guards against a tampered or stale manifest.
 */
import { CHROMIUM_EXTENSION_IDS, GECKO_ADDON_ID } from "../../shared/extension-ids";

export type Caller = { browser: "chromium"; id: string } | { browser: "firefox"; id: string } | { browser: "unknown"; args: string[] };

export function parseCaller(argv: readonly string[]): Caller {
  const args = argv.filter((a) => !a.startsWith("--"));
  const chrome = args[0] !== undefined ? /^chrome-extension:\/\/([a-p]{32})\/?$/.exec(args[0]) : null;
  if (chrome) return { browser: "chromium", id: chrome[1]! };
  if (args.length >= 2 && args[0]!.toLowerCase().endsWith(".json")) return { browser: "firefox", id: args[1]! };
  return { browser: "unknown", args: [...argv] };
}

export function isAllowedCaller(caller: Caller, extraChromiumIds: readonly string[] = []): boolean {
  if (caller.browser === "chromium") return CHROMIUM_EXTENSION_IDS.includes(caller.id) || extraChromiumIds.includes(caller.id);
  if (caller.browser === "firefox") return caller.id === GECKO_ADDON_ID;
  return false;
}
