/**
 * Turns the browser's terse native-messaging errors into a cause and a fix. Chrome reports why a
 * native port closed only through runtime.lastError, as one of a few fixed English sentences;
 * Firefox through `port.error`, in its own words.
 */

import { CHROMIUM_EXTENSION_IDS } from "../../../shared/extension-ids";
import { type DisconnectCause, type DisconnectReason, SETUP_CAUSES } from "../../state/connection/connection";

/** What a host manifest must list to let this extension in (platform.ts: hostAllowEntry). */
export interface HostAllowEntry {
  /** "This extension's origin" (Chromium) or "This add-on's id" (Firefox). */
  label: string;
  value: string;
  /** The manifest's key: allowed_origins or allowed_extensions. */
  key: string;
  /** Chromium: this extension's id, which `install --extension-id` adds to what the host allows. */
  extensionId?: string;
}

export interface DisconnectContext {
  hostAllows: HostAllowEntry;
  /** The host's log file, if a hello ever told us where it is. */
  logFile?: string;
  /** Whether the host said hello on this port: a host that never did has not started. */
  saidHello?: boolean;
}

/** Chrome's exact wording (components/.../native_message_process_host.cc and messaging code). */
const CHROME_MESSAGES: Record<string, DisconnectCause> = {
  "Specified native messaging host not found.": "host_not_installed",
  "Access to the specified native messaging host is forbidden.": "forbidden",
  "Native host has exited.": "host_exited",
  // The launcher could not be run at all (missing, not executable, a bad interpreter line).
  "Failed to start native messaging host.": "host_not_starting",
  "Error when communicating with the native messaging host.": "communication_error",
};

/**
 * Firefox's wording (toolkit/components/extensions/NativeMessaging.sys.mjs). It says "No such native
 * application" both when no manifest is found and when the manifest does not list the add-on, so as
 * not to tell an add-on which hosts exist. A host that exits closes the port with no error at all.
 */
const FIREFOX_MESSAGES: Array<[RegExp, DisconnectCause]> = [
  [/^No such native application /, "host_unavailable"],
  // Its subprocess module, when the manifest's path cannot be run.
  [/^File at path .* does not exist, or is not executable$/, "host_not_starting"],
  [/exceeds the limit of \d+ bytes/, "communication_error"],
];

export function causeOf(message: string | undefined, saidHello = true): DisconnectCause {
  const cause = causeOfMessage(message);
  // A host that stops before its hello never started (Chrome: "has exited"; Firefox: no error).
  if (!saidHello && (cause === "host_exited" || message === undefined)) return "host_not_starting";
  return cause;
}

function causeOfMessage(message: string | undefined): DisconnectCause {
  if (message === undefined) return "unknown";
  const text = message.trim();
  return CHROME_MESSAGES[text] ?? FIREFOX_MESSAGES.find(([pattern]) => pattern.test(text))?.[1] ?? "unknown";
}

function seeLog(ctx: DisconnectContext): string {
  return ctx.logFile ? "See the host's log (below)" : "See the host's log file";
}

function fixFor(cause: DisconnectCause, ctx: DisconnectContext): string {
  switch (cause) {
    case "host_not_installed":
      return "goose-browser needs its helper on this computer. Run this command in a terminal (it needs Node.js 20 or newer):";
    case "forbidden":
      // An install without this id never adds it (an unpacked release zip gets an id of its own): the command names it.
      return ctx.hostAllows.extensionId
        ? "The host is installed, but for other builds of this extension: this one's id is not among the ones it allows. " +
            "Run this command in a terminal; it adds this extension's id to them:"
        : `The host is installed for another build of this extension: its manifest does not list ${ctx.hostAllows.label.toLowerCase()} ` +
            `(below) in ${ctx.hostAllows.key}. Run this command in a terminal to allow this one:`;
    case "host_unavailable":
      return (
        `Either the host is not installed, or its manifest does not list ${ctx.hostAllows.label.toLowerCase()} (below) in ` +
        `${ctx.hostAllows.key}; Firefox does not say which. Run this command in a terminal (it needs Node.js 20 or newer):`
      );
    case "host_not_starting":
      return (
        "The host is installed, but it stops before it starts: Node.js may be missing or moved, or the host's launcher broken. " +
        "Check that `node --version` works in a terminal, then run this command to repair the install:"
      );
    case "host_exited":
      return `${seeLog(ctx)} for why it stopped, then press Restart.`;
    case "communication_error":
      return (
        "The host sent something the browser could not read: a message over 1 MiB, or stray output " +
        `on its stdout. ${seeLog(ctx)}, then press Restart.`
      );
    case "connect_failed":
      return "The browser refused to start the host. Check that the extension has the nativeMessaging permission, then press Restart.";
    case "unknown":
      return "Press Restart to try again.";
  }
}

/** For a port the browser closed; `message` is runtime.lastError?.message (or port.error on Firefox). */
function detailFor(cause: DisconnectCause, ctx: DisconnectContext): DisconnectReason["detail"] {
  // The command carries a Chromium id itself: one thing to copy, not two.
  if (cause === "forbidden" && ctx.hostAllows.extensionId) return undefined;
  if (cause === "forbidden" || cause === "host_unavailable") return { label: ctx.hostAllows.label, lines: [ctx.hostAllows.value] };
  if ((cause === "host_exited" || cause === "host_not_starting" || cause === "communication_error") && ctx.logFile) {
    return { label: "Host log", lines: [ctx.logFile] };
  }
  return undefined;
}

/**
 * The id the install command must name: this extension's, when the host refused it, or when the
 * installer would not allow it by itself (docs/STORE.md: only the development key's and the stores'
 * ids are built in), so a plain install would leave this screen where it is.
 */
function allowIdFor(cause: DisconnectCause, ctx: DisconnectContext): string | undefined {
  const id = ctx.hostAllows.extensionId;
  if (!id || !SETUP_CAUSES.has(cause)) return undefined;
  return cause === "forbidden" || !CHROMIUM_EXTENSION_IDS.includes(id) ? id : undefined;
}

export function disconnectReason(message: string | undefined, ctx: DisconnectContext): DisconnectReason {
  const cause = causeOf(message, ctx.saidHello);
  const reason: DisconnectReason = { cause, message: message ?? "The host closed the connection.", fix: fixFor(cause, ctx) };
  const detail = detailFor(cause, ctx);
  const allowId = allowIdFor(cause, ctx);
  return { ...reason, ...(detail ? { detail } : {}), ...(allowId ? { allowId } : {}) };
}

/** For connectNative throwing before a port even exists. */
export function connectFailure(error: unknown, ctx: DisconnectContext): DisconnectReason {
  const message = error instanceof Error ? error.message : String(error);
  return { cause: "connect_failed", message, fix: fixFor("connect_failed", ctx) };
}
