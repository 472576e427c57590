/**
 * Turns the browser's terse native-messaging errors into a cause and a fix. Chrome reports why a
 * native port closed only through runtime.lastError, as one of a few fixed English sentences;
 * Firefox through `port.error`, in its own words.
 */

import type { DisconnectCause, DisconnectReason } from "../state/connection";
import { INSTALL_HOST_INSTRUCTION } from "../state/host-install";

/** What a host manifest must list to let this extension in (platform.ts: hostAllowEntry). */
export interface HostAllowEntry {
  /** "This extension's origin" (Chromium) or "This add-on's id" (Firefox). */
  label: string;
  value: string;
  /** The manifest's key: allowed_origins or allowed_extensions. */
  key: string;
}

export interface DisconnectContext {
  hostAllows: HostAllowEntry;
  /** The host's log file, if a hello ever told us where it is. */
  logFile?: string;
}

/** Chrome's exact wording (components/.../native_message_process_host.cc and messaging code). */
const CHROME_MESSAGES: Record<string, DisconnectCause> = {
  "Specified native messaging host not found.": "host_not_installed",
  "Access to the specified native messaging host is forbidden.": "forbidden",
  "Native host has exited.": "host_exited",
  "Error when communicating with the native messaging host.": "communication_error",
};

/**
 * Firefox's wording (toolkit/components/extensions/NativeMessaging.sys.mjs). It says "No such native
 * application" both when no manifest is found and when the manifest does not list the add-on.
 */
const FIREFOX_MESSAGES: Array<[RegExp, DisconnectCause]> = [
  [/^No such native application /, "host_not_installed"],
  [/exceeds the limit of \d+ bytes/, "communication_error"],
];

export function causeOf(message: string | undefined): DisconnectCause {
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
      return `To install it, ${INSTALL_HOST_INSTRUCTION}, then press Restart.`;
    case "forbidden":
      return (
        `The host's manifest does not list ${ctx.hostAllows.label.toLowerCase()} (below) in ${ctx.hostAllows.key}. ` +
        `To allow it, ${INSTALL_HOST_INSTRUCTION} again, then press Restart.`
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
  if (cause === "forbidden") return { label: ctx.hostAllows.label, lines: [ctx.hostAllows.value] };
  if ((cause === "host_exited" || cause === "communication_error") && ctx.logFile) {
    return { label: "Host log", lines: [ctx.logFile] };
  }
  return undefined;
}

export function disconnectReason(message: string | undefined, ctx: DisconnectContext): DisconnectReason {
  const cause = causeOf(message);
  const reason: DisconnectReason = { cause, message: message ?? "The host closed the connection.", fix: fixFor(cause, ctx) };
  const detail = detailFor(cause, ctx);
  return detail ? { ...reason, detail } : reason;
}

/** For connectNative throwing before a port even exists. */
export function connectFailure(error: unknown, ctx: DisconnectContext): DisconnectReason {
  const message = error instanceof Error ? error.message : String(error);
  return { cause: "connect_failed", message, fix: fixFor("connect_failed", ctx) };
}
